/** GET /api/public/knowledge?topic=..., answered on demand; an unknown topic is 400 unknown_topic. */
import { catalog } from '../../../catalog/data.ts';
import { knowledgeBody } from '../../../catalog/knowledge.ts';
import { catalogApi } from '../../../docs/endpoints.ts';
import { implement, route } from '../../../http/endpoint.ts';
import { contentFreshness } from '../../../http/respond.ts';

export const prerender = false;

export const { GET, ALL } = route(
  implement(catalogApi.knowledge, ({ query, services }) => ({
    body: knowledgeBody(catalog, query.topic),
    dataFreshness: contentFreshness('live', catalog.lastModified.knowledge, services.clock.now()),
  })),
);
