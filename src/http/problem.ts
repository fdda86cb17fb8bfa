/**
 * RFC 9457 problem details with the stable codes of the API (their statuses and titles:
 * src/schemas/api/problem-codes.ts), so use cases say only what went wrong, and the one rendering
 * of every refusal: problem+json over HTTP, or, to an MCP client's tool call, the tool error it
 * shows its agent. The front server, the operations, the middleware and the agent doors all
 * render through `renderProblem`.
 */
import type { ErrorCode } from '../domain/errors.ts';
import { publicOrigin } from '../public-origin.ts';
import { problemCodes } from '../schemas/api/problem-codes.ts';
import type { DataFreshness } from './freshness.ts';

export { problemCodes };

export type ProblemCode = ErrorCode;

export interface FieldError {
  path: string;
  message: string;
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ProblemCode;
  errors?: FieldError[];
  requestId?: string;
  dataFreshness: DataFreshness;
  [extra: string]: unknown;
}

/** What went wrong, before it is rendered. */
export interface Problem {
  code: ProblemCode;
  detail: string;
  /** Members added to the body (`errors`, `requiredTier`, `retryAfterSeconds`, `requestId`...). */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** Where a problem goes: an HTTP client, or the JSON-RPC request id of an MCP tool call. */
export type ProblemTarget = { toolCallId: string | number } | undefined;

export interface RenderedProblem {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function problemType(code: ProblemCode): string {
  return `${publicOrigin()}/problems/${code.replaceAll('_', '-')}`;
}

export function problemBody(code: ProblemCode, detail: string, dataFreshness: DataFreshness, extra: Record<string, unknown> = {}): ProblemBody {
  const { status, title } = problemCodes[code];
  return { type: problemType(code), title, status, detail, code, ...extra, dataFreshness };
}

/** RFC 6750 3: a 401 names the scheme to authenticate with, and whether the token was refused. */
function challenge(code: ProblemCode): string {
  return code === 'invalid_api_key' ? 'Bearer realm="api", error="invalid_token"' : 'Bearer realm="api"';
}

export function renderProblem(problem: Problem, dataFreshness: DataFreshness, target?: ProblemTarget): RenderedProblem {
  const body = problemBody(problem.code, problem.detail, dataFreshness, problem.extra);
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  // A 503 or 429 says when to come back.
  if (typeof body.retryAfterSeconds === 'number') headers['Retry-After'] = String(body.retryAfterSeconds);
  if (body.status === 401) headers['WWW-Authenticate'] = challenge(problem.code);
  Object.assign(headers, problem.headers);
  if (target) {
    headers['Content-Type'] = 'application/json';
    return { status: 200, headers, body: JSON.stringify({ jsonrpc: '2.0', id: target.toolCallId, result: problemToolResult(body) }) };
  }
  headers['Content-Type'] = 'application/problem+json; charset=utf-8';
  return { status: body.status, headers, body: JSON.stringify(body) };
}

/**
 * A problem as an MCP tool's result (`isError: true`): its text names the code, the detail and
 * when to retry, and `_meta.problem` holds the whole problem+json, so an agent can act on it
 * rather than see a transport failure.
 */
export function problemToolResult(problem: Record<string, unknown>) {
  const retry = typeof problem.retryAfterSeconds === 'number' ? ` Retry after ${problem.retryAfterSeconds} s.` : '';
  const missingKey = problem.code === 'missing_api_key' ? ' Connect with your apiKey as the Authorization: Bearer header (register with the register tool to get one).' : '';
  return {
    isError: true,
    content: [{ type: 'text' as const, text: `${String(problem.code)} (${String(problem.status)}): ${String(problem.detail)}${retry}${missingKey}` }],
    _meta: { problem },
  };
}
