/** GET /api/public/clips?videoId&limit&offset, answered on demand. */
import { catalog } from '../../../catalog/data.ts';
import { listClips } from '../../../catalog/media.ts';
import { contentFreshness, handle, json, parseQuery } from '../../../http/respond.ts';
import { clipQuerySchema } from '../../../schemas/api/catalog.ts';

export const prerender = false;

export const GET = handle(({ url }) => json(listClips(catalog, parseQuery(url, clipQuerySchema)), contentFreshness('live', catalog.lastModified.clips)));
