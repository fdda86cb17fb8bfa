/** Pre-rendered GET /api/public/knowledge/{topic}: one topic slice, the same body as ?topic=. */
import type { GetStaticPaths } from 'astro';
import { catalog } from '../../../../catalog/data.ts';
import { knowledgeBody } from '../../../../catalog/knowledge.ts';
import { contentFreshness, json } from '../../../../http/respond.ts';
import { topics, type Topic } from '../../../../schemas/content.ts';

export const getStaticPaths = (() => topics.map((topic) => ({ params: { topic } }))) satisfies GetStaticPaths;

export const GET = ({ params }: { params: { topic: Topic } }) => json(knowledgeBody(catalog, params.topic), contentFreshness('build', catalog.lastModified.knowledge));
