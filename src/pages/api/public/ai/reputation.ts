/** GET /api/public/ai/reputation: the model; with ?name= one agent's live score. */
import { reputation } from '../../../../api/rewards.ts';
import { route } from '../../../../http/endpoint.ts';

export const prerender = false;

export const { GET, ALL } = route(reputation);
