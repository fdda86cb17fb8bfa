/** POST /api/public/ai/key/rotate: a new apiKey (shown once); the old one stops working at once. */
import { keyRotate } from '../../../../../api/rewards.ts';
import { route } from '../../../../../http/endpoint.ts';

export const prerender = false;

export const { POST, ALL } = route(keyRotate);
