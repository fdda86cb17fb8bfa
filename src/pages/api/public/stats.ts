/** GET /api/public/stats: live numbers about the brand's content, knowledge base and AI program. */
import { stats } from '../../../api/discovery.ts';
import { route } from '../../../http/endpoint.ts';

export const prerender = false;

export const { GET, ALL } = route(stats);
