/** POST /a2a: A2A JSON-RPC (`message/send`, or A2A 1.0's `SendMessage`) answered by the concierge. */
import type { APIRoute } from 'astro';
import { handleA2a } from '../a2a/concierge-agent.ts';
import { methodNotAllowed } from '../http/agent-request.ts';

export const prerender = false;

export const POST: APIRoute = ({ request, locals }) => handleA2a({ request, locals });

export const ALL: APIRoute = ({ request, locals }) => methodNotAllowed(request.method, ['POST'], locals);
