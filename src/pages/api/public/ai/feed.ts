/** GET /api/public/ai/feed?since&limit: the tier-gated feed (Silver+), with the Legend firehose. */
import { feed } from '../../../../api/rewards.ts';
import { route } from '../../../../http/endpoint.ts';

export const prerender = false;

export const { GET, ALL } = route(feed);
