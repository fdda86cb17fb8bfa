/**
 * GET /.well-known/mcp/server-card: the MCP Server Card (SEP-2127, a draft): what /mcp offers and
 * how to connect, readable before connecting. On demand, like /mcp itself, so it lists exactly the
 * tools the running server has.
 */
import type { APIRoute } from 'astro';
import { serverCard } from '../../../mcp/server-card.ts';

export const prerender = false;

export const GET: APIRoute = () => new Response(JSON.stringify(serverCard()), { headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=300' } });
