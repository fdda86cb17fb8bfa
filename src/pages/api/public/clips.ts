/** GET /api/public/clips?videoId&limit&offset, answered on demand. */
import { clips } from '../../../api/catalog.ts';
import { route } from '../../../http/endpoint.ts';

export const prerender = false;

export const { GET, ALL } = route(clips);
