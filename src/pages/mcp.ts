/**
 * /mcp: the MCP server (Streamable HTTP, stateless, JSON answers). POST carries JSON-RPC; an MCP
 * client's GET (Accept: text/event-stream) and DELETE are answered by the transport (405: no
 * server-initiated streams, no sessions to end). A plain GET, a person or a link checker following
 * the link, gets a short JSON description of how to connect instead.
 */
import type { APIRoute } from 'astro';
import { catalog } from '../catalog/data.ts';
import { contentFreshness, json } from '../http/respond.ts';
import { handleMcp } from '../mcp/server.ts';
import { publicOrigin } from '../public-origin.ts';

export const prerender = false;

export const ALL: APIRoute = ({ request, locals }) => {
  if (request.method === 'GET' && !(request.headers.get('accept') ?? '').includes('text/event-stream')) {
    const base = publicOrigin();
    return json(
      {
        name: `${catalog.site.name} MCP server`,
        transport: 'streamable-http',
        url: `${base}/mcp`,
        howToConnect: 'Point an MCP client at this URL (POST JSON-RPC). Send your apiKey as Authorization: Bearer <apiKey> for writes and tier-gated reads.',
        serverCard: `${base}/.well-known/mcp/server-card`,
        documentation: `${base}/developers#mcp-heading`,
      },
      contentFreshness('live', catalog.builtAt, locals.services.clock.now()),
    );
  }
  return handleMcp({ request, locals });
};
