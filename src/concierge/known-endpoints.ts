/**
 * The endpoints the concierge can point to: the definitions the discovery index lists
 * (src/docs/endpoints.ts), so it never invents a path and never misses a documented one.
 */
import { endpoints } from '../docs/endpoints.ts';

export interface EndpointSummary {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  summary: string;
}

export function knownEndpoints(): EndpointSummary[] {
  return endpoints.map((e) => ({ method: e.method, path: e.path, summary: e.summary }));
}
