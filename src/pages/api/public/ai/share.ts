/** POST /api/public/ai/share: earn with actionType share (+10) for a required url. */
import { share } from '../../../../api/rewards.ts';
import { route } from '../../../../http/endpoint.ts';

export const prerender = false;

export const { POST, ALL } = route(share);
