/** GET /api/public/ai/agent/{name}: public profile (name is case-insensitive). */
import { profile } from '../../../../../api/rewards.ts';
import { route } from '../../../../../http/endpoint.ts';

export const prerender = false;

export const { GET, ALL } = route(profile);
