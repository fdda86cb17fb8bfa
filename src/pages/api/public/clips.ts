/** GET /api/public/clips?videoId&limit&offset, answered on demand. */
import { catalog } from '../../../catalog/data.ts';
import { listClips } from '../../../catalog/media.ts';
import { catalogApi } from '../../../docs/endpoints.ts';
import { implement, route } from '../../../http/endpoint.ts';
import { contentFreshness } from '../../../http/respond.ts';

export const prerender = false;

export const { GET, ALL } = route(
  implement(catalogApi.clips, ({ query, services }) => ({ body: listClips(catalog, query), dataFreshness: contentFreshness('live', catalog.lastModified.clips, services.clock.now()) })),
);
