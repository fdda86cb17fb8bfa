/** GET /api/public/videos?category&tag&search&featured&limit&offset, answered on demand. */
import { catalog } from '../../../catalog/data.ts';
import { listVideos } from '../../../catalog/videos.ts';
import { catalogApi } from '../../../docs/endpoints.ts';
import { implement, route } from '../../../http/endpoint.ts';
import { contentFreshness } from '../../../http/respond.ts';

export const prerender = false;

export const { GET, ALL } = route(
  implement(catalogApi.videos, ({ query, services }) => ({ body: listVideos(catalog, query), dataFreshness: contentFreshness('live', catalog.lastModified.videos, services.clock.now()) })),
);
