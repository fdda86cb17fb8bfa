/**
 * How a problem reaches an MCP client: as a tool error (`isError: true`) whose text names the
 * problem code, its detail and when to retry, with the whole problem+json in `_meta.problem`, so
 * an agent can act on it rather than see a transport failure. The MCP server (server.ts) answers
 * a tool's problems so; the front server answers a `tools/call` it refuses at the rate-limit
 * gate so too (`toolCallId`), since the MCP server never sees that request.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export function toolError(problem: Record<string, unknown>): CallToolResult {
  const retry = typeof problem.retryAfterSeconds === 'number' ? ` Retry after ${problem.retryAfterSeconds} s.` : '';
  const missingKey = problem.code === 'missing_api_key' ? ' Connect with your apiKey as the Authorization: Bearer header (register with the register tool to get one).' : '';
  return {
    isError: true,
    content: [{ type: 'text', text: `${String(problem.code)} (${String(problem.status)}): ${String(problem.detail)}${retry}${missingKey}` }],
    _meta: { problem },
  };
}

/** The id of a JSON-RPC `tools/call` request (one request, not a batch), or undefined for any other body. */
export function toolCallId(body: string): string | number | undefined {
  if (!body.includes('tools/call')) return undefined;
  try {
    const message = JSON.parse(body) as { jsonrpc?: unknown; method?: unknown; id?: unknown };
    if (message?.jsonrpc !== '2.0' || message.method !== 'tools/call') return undefined;
    return typeof message.id === 'string' || (typeof message.id === 'number' && Number.isFinite(message.id)) ? message.id : undefined;
  } catch {
    return undefined;
  }
}
