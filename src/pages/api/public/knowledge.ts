/** GET /api/public/knowledge?topic=..., answered on demand; an unknown topic is 400 unknown_topic. */
import { methodNotAllowed } from '../../../http/agent-request.ts';
import { catalog } from '../../../catalog/data.ts';
import { knowledgeBody } from '../../../catalog/knowledge.ts';
import { DomainError } from '../../../domain/errors.ts';
import { contentJson, handle, parseQuery } from '../../../http/respond.ts';
import { knowledgeQuerySchema } from '../../../schemas/api/catalog.ts';
import { topics } from '../../../schemas/content.ts';

export const prerender = false;

export const GET = handle((ctx) => {
  const topic = ctx.url.searchParams.get('topic');
  if (topic !== null && !(topics as readonly string[]).includes(topic)) {
    throw new DomainError('unknown_topic', `Unknown topic "${topic.slice(0, 50)}". Use one of: ${topics.join(', ')}.`, { topics });
  }
  const query = parseQuery(ctx.url, knowledgeQuerySchema);
  return contentJson(ctx, knowledgeBody(catalog, query.topic), catalog.lastModified.knowledge);
});

export const ALL = methodNotAllowed('GET');
