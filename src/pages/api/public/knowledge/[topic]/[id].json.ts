/** Pre-rendered GET /api/public/knowledge/{topic}/{id}: the citable permalink of one entry. */
import type { GetStaticPaths } from 'astro';
import { catalog } from '../../../../../catalog/data.ts';
import type { KnowledgeEntry } from '../../../../../catalog/catalog-types.ts';
import { entryPermalinkBody } from '../../../../../catalog/knowledge.ts';
import { contentFreshness, json } from '../../../../../http/respond.ts';

export const getStaticPaths = (() => catalog.knowledge.entries.map((entry) => ({ params: { topic: entry.topic, id: entry.id }, props: { entry } }))) satisfies GetStaticPaths;

export const GET = ({ props }: { props: { entry: KnowledgeEntry } }) => json(entryPermalinkBody(catalog, props.entry), contentFreshness('build', new Date(props.entry.updated).toISOString()));
