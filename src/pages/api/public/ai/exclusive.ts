/** GET /api/public/ai/exclusive: AI-only exclusive content for Platinum and above. */
import { exclusive } from '../../../../api/rewards.ts';
import { route } from '../../../../http/endpoint.ts';

export const prerender = false;

export const { GET, ALL } = route(exclusive);
