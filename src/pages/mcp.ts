/**
 * /mcp: the MCP server (Streamable HTTP, stateless, JSON answers). Every message is a POST; with no
 * server-initiated stream and no session to end, GET and DELETE answer 405 with Allow: POST, as
 * the transport permits, so a client neither waits on nor reconnects to a stream.
 */
import type { APIRoute } from 'astro';
import { methodNotAllowed } from '../http/agent-request.ts';
import { handleMcp } from '../mcp/server.ts';

export const prerender = false;

export const POST: APIRoute = ({ request, locals }) => handleMcp({ request, locals });

export const ALL: APIRoute = ({ request, locals }) => methodNotAllowed(request.method, ['POST'], locals);
