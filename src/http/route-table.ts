/**
 * What the front server needs to know of the routes, as data: how a request counts against the
 * rate limits, how a refusal of it is shown, and the media types of pre-rendered files. It is
 * made from the registry of operations and the agent doors (src/server/main.ts puts them
 * together), so the front itself knows no route and no protocol.
 */
import type { Operation } from './operation.ts';
import type { ProblemTarget } from './problem.ts';
import { rateClassOf, type RateClass } from '../schemas/api/endpoint-doc.ts';

/** How one request counts and is refused. */
export interface Classified {
  rateClass: RateClass;
  /** Where a refusal goes: problem+json unless this is a call an agent protocol answers itself. */
  target?: ProblemTarget;
}

/** An agent protocol's route (/mcp, /a2a): it classifies its requests by what their body asks. */
export interface Door {
  path: string;
  classify(body: string | undefined): Classified;
}

export interface RouteTable {
  classify(method: string, pathname: string, body: string | undefined): Classified;
  /** The Content-Type of a pre-rendered file whose operation names one (the feeds), by its path. */
  contentTypeOf(path: string): string | undefined;
}

type Find = (method: string, pathname: string) => { operation: Operation } | { allow: string[] } | undefined;

export function routeTable(operations: readonly Operation[], find: Find, doors: readonly Door[]): RouteTable {
  const byPath = new Map(doors.map((door) => [door.path, door]));
  const contentTypes = new Map<string, string>();
  for (const { definition: ep } of operations) {
    if (ep.prerendered && ep.contentType && ep.contentType !== 'application/json')
      contentTypes.set(ep.path, /^text\/|\+xml$|\+json$/.test(ep.contentType) ? `${ep.contentType}; charset=utf-8` : ep.contentType);
  }
  return {
    classify(method, pathname, body) {
      const door = byPath.get(pathname);
      if (door) return door.classify(body);
      const found = find(method, pathname);
      if (found && 'operation' in found) return { rateClass: rateClassOf(found.operation.definition) };
      return { rateClass: method === 'GET' || method === 'HEAD' ? 'read' : 'write' };
    },
    contentTypeOf: (path) => contentTypes.get(path),
  };
}
