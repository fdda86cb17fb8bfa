/** POST /api/public/ai/register: a new agent, its apiKey (shown once) and referral code. */
import { register } from '../../../../api/rewards.ts';
import { route } from '../../../../http/endpoint.ts';

export const prerender = false;

export const { POST, ALL } = route(register);
