/** Pre-rendered GET /api/public/knowledge: the whole dataset, grouped by topic. */
import { catalog } from '../../../catalog/data.ts';
import { knowledgeBody } from '../../../catalog/knowledge.ts';
import { contentFreshness, json } from '../../../http/respond.ts';

export const GET = () => json(knowledgeBody(catalog), contentFreshness('build', catalog.lastModified.knowledge));
