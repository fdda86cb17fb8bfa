/**
 * The endpoints the concierge can point to: the operations the discovery index lists, handed to it
 * by its operation (src/api/concierge.ts), so it never invents a path and never misses a documented one.
 */
export interface EndpointSummary {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  summary: string;
}

export function endpointSummaries(endpoints: readonly EndpointSummary[]): EndpointSummary[] {
  return endpoints.map((e) => ({ method: e.method, path: e.path, summary: e.summary }));
}
