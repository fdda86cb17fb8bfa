/** GET /api/public/videos?category&tag&search&featured&limit&offset, answered on demand. */
import { videos } from '../../../api/catalog.ts';
import { route } from '../../../http/endpoint.ts';

export const prerender = false;

export const { GET, ALL } = route(videos);
