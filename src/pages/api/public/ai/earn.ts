/** POST /api/public/ai/earn: report an action, earn its points (dedupe, daily caps, Idempotency-Key). */
import { earn } from '../../../../api/rewards.ts';
import { route } from '../../../../http/endpoint.ts';

export const prerender = false;

export const { POST, ALL } = route(earn);
