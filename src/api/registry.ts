/**
 * The one registry of operations: every operation exported by the modules of src/api, each a
 * definition with its handler. Adding an operation is its definition (src/schemas/api), its
 * handler here, and its domain code: the route below answers it, MCP lists it as a tool, and the
 * OpenAPI document, the discovery index, llms.txt and the server's route table describe it.
 *
 * `dispatch` is what the route src/pages/[...path].ts answers with: it finds the operation for a
 * path and method, answers 405 with the path's Allow when the method is wrong, and 404 when no
 * operation has the path (the HTML 404 page to a browser, problem+json to everyone else).
 * `prerendered` makes the route of a pre-rendered file from the same operation.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import Negotiator from 'negotiator';
import { methodNotAllowed } from '../http/agent-request.ts';
import { Operation } from '../http/operation.ts';
import { problemResponse } from '../http/respond.ts';
import { endpointTags } from '../docs/openapi-document.ts';
import * as catalogOperations from './catalog.ts';
import * as conciergeOperations from './concierge.ts';
import * as discoveryOperations from './discovery.ts';
import * as feedOperations from './feeds.ts';
import * as messageOperations from './messages.ts';
import * as operatorOperations from './operations.ts';
import * as rewardsOperations from './rewards.ts';
import * as webhookOperations from './webhooks.ts';

const modules = [discoveryOperations, catalogOperations, rewardsOperations, webhookOperations, conciergeOperations, messageOperations, feedOperations, operatorOperations];
const tagOrder = Object.keys(endpointTags);

/** Every operation, grouped by tag in the documents' order, then by path, GET before POST. */
export const operations: readonly Operation[] = modules
  .flatMap((m) => Object.values(m).filter((value): value is Operation => value instanceof Operation))
  .sort((a, b) => {
    const [x, y] = [a.definition, b.definition];
    return tagOrder.indexOf(x.tag) - tagOrder.indexOf(y.tag) || x.path.localeCompare(y.path) || x.method.localeCompare(y.method);
  });

interface Route {
  /** The operations' path, as their definitions write it. */
  path: string;
  pattern: RegExp;
  names: string[];
  byMethod: Map<string, Operation>;
}

/** `/api/public/videos/{id}` -> /^\/api\/public\/videos\/([^/]+)$/ and its parameter names. */
function routeOf(path: string): Pick<Route, 'pattern' | 'names'> {
  const names: string[] = [];
  const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}|\{(\w+)\}/g, (_m, a: string, b: string) => {
    names.push(a ?? b);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`), names };
}

const routes = new Map<string, Route>();
for (const op of operations) {
  const { path, method, operationId } = op.definition;
  const route = routes.get(path) ?? { path, ...routeOf(path), byMethod: new Map() };
  if (route.byMethod.has(method)) throw new Error(`two operations answer ${method} ${path}`);
  if (operations.some((other) => other !== op && other.definition.operationId === operationId)) throw new Error(`operationId ${operationId} is used twice`);
  route.byMethod.set(method, op);
  routes.set(path, route);
}
// Paths without parameters are found by name, before the ones that have them (/tasks before /{id}).
const exact = new Map([...routes.values()].filter((r) => !r.names.length).map((r) => [r.path, r]));
const withParameters = [...routes.values()].filter((r) => r.names.length).sort((a, b) => a.names.length - b.names.length);

export type Match = (({ operation: Operation; params: Record<string, string> } | { allow: string[] }) & { path: string }) | undefined;

/** The operation answering `method` at `pathname`; `{ allow }` when the path has operations but not that method. */
export function findOperation(method: string, pathname: string): Match {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const fixed = exact.get(trimmed);
  if (fixed) return matchOf(fixed, method, []);
  for (const route of withParameters) {
    const found = route.pattern.exec(trimmed);
    if (found) return matchOf(route, method, found.slice(1));
  }
  return undefined;
}

/** A route's operation for `method` with its decoded parameters, or what the route allows; undefined for a malformed escape. */
function matchOf(route: Route, method: string, values: string[]): Match {
  const operation = route.byMethod.get(method === 'HEAD' ? 'GET' : method);
  const { path } = route;
  if (!operation) return { allow: [...route.byMethod.keys()], path };
  const params: Record<string, string> = {};
  try {
    route.names.forEach((name, i) => {
      params[name] = decodeURIComponent(values[i]);
    });
  } catch {
    return undefined;
  }
  return { operation, params, path };
}

/** Answers one request: the operation for its path and method, or 405, or 404. */
export async function dispatch(request: Request, locals: App.Locals): Promise<Response> {
  const url = new URL(request.url);
  const match = findOperation(request.method, url.pathname);
  // The metrics' route label: the operation's path, or none for a path no operation has.
  locals.route = match?.path;
  if (match && 'operation' in match) return match.operation.run({ request, url, params: match.params, locals, operations, source: 'live' });
  if (match) return methodNotAllowed(request.method, match.allow, locals);
  // An empty 404 is the server's cue for the site's 404 page (src/server/create-server.ts).
  if ((request.method === 'GET' || request.method === 'HEAD') && wantsPage(request.headers.get('accept'), url.pathname)) return new Response(null, { status: 404 });
  return problemResponse({ code: 'not_found', detail: `Nothing at ${url.pathname.slice(0, 200)}. The discovery index at /api/public lists every endpoint.` }, locals);
}

/** The first path segment of every operation: `/api`, `/feeds`, `/healthz`... */
const apiRoots = new Set(operations.map((o) => o.definition.path.split('/')[1]));

/**
 * Whether an unknown path is answered with the site's 404 page rather than a problem: when the
 * client prefers HTML (a browser), or says nothing either way about a path outside the API's.
 */
function wantsPage(accept: string | null, pathname: string): boolean {
  if (!accept || /^\s*\*\/\*\s*$/.test(accept)) return !apiRoots.has(pathname.split('/')[1]);
  return new Negotiator({ headers: { accept } }).mediaType(['application/problem+json', 'application/json', 'text/html']) === 'text/html';
}

/** The route of the catch-all path: every operation, over HTTP. */
export const route: APIRoute = ({ request, locals }) => dispatch(request, locals);

/**
 * The route of a pre-rendered file: the build asks the operation as a request without a query
 * would, once per parameter set it names, and writes the body to the file.
 */
export function prerendered(operation: Operation): { GET: APIRoute; getStaticPaths: GetStaticPaths } {
  return {
    GET: ({ request, url, params }) => operation.run({ request, url, params: params as Record<string, string>, locals: {} as App.Locals, operations, source: 'build' }),
    getStaticPaths: () => (operation.options.prerenderPaths?.() ?? []).map((params) => ({ params })),
  };
}
