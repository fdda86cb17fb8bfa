/** GET /api/public/videos?category&tag&search&featured&limit&offset, answered on demand. */
import { methodNotAllowed } from '../../../http/agent-request.ts';
import { catalog } from '../../../catalog/data.ts';
import { listVideos } from '../../../catalog/videos.ts';
import { contentJson, handle, parseQuery } from '../../../http/respond.ts';
import { videoQuerySchema } from '../../../schemas/api/catalog.ts';

export const prerender = false;

const querySchema = videoQuerySchema(catalog.site.categories.map((c) => c.id));

export const GET = handle((ctx) => contentJson(ctx, listVideos(catalog, parseQuery(ctx.url, querySchema)), catalog.lastModified.videos));

export const ALL = methodNotAllowed('GET');
