/**
 * /api/concierge-chat. GET: the welcome payload. POST { message, sessionId?, apiKey? }: a grounded
 * answer with its sources. On demand because answers depend on the time (what is on now) and on
 * the asking agent's own standing when its apiKey comes along.
 */
import { conciergeAsk, conciergeWelcome } from '../../api/concierge.ts';
import { route } from '../../http/endpoint.ts';

export const prerender = false;

export const { GET, POST, ALL } = route(conciergeWelcome, conciergeAsk);
