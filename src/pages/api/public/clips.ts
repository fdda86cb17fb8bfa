/** GET /api/public/clips?videoId&limit&offset, answered on demand. */
import { methodNotAllowed } from '../../../http/agent-request.ts';
import { catalog } from '../../../catalog/data.ts';
import { listClips } from '../../../catalog/media.ts';
import { contentJson, handle, parseQuery } from '../../../http/respond.ts';
import { clipQuerySchema } from '../../../schemas/api/catalog.ts';

export const prerender = false;

export const GET = handle((ctx) => contentJson(ctx, listClips(catalog, parseQuery(ctx.url, clipQuerySchema)), catalog.lastModified.clips));

export const ALL = methodNotAllowed('GET');
