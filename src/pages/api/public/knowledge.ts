/** GET /api/public/knowledge?topic=..., answered on demand; an unknown topic is 400 unknown_topic. */
import { knowledge } from '../../../api/catalog.ts';
import { route } from '../../../http/endpoint.ts';

export const prerender = false;

export const { GET, ALL } = route(knowledge);
