/** POST /api/public/ai/key/rotate: a new apiKey (shown once); the old one stops working at once. */
import { implement, route } from '../../../../../http/endpoint.ts';
import { programFreshness } from '../../../../../http/respond.ts';
import { keyRotateEndpoint } from '../../../../../schemas/api/rewards.ts';

export const prerender = false;

export const { POST, ALL } = route(
  implement(keyRotateEndpoint, async ({ apiKey, services }) => ({ body: await services.rewards.rotateKey({ apiKey }), dataFreshness: programFreshness(services) })),
);
