/** Pre-rendered GET /api/public/knowledge/{topic}/{id}: the citable permalink of one entry, written by its operation. */
import { knowledgeEntry } from '../../../../../api/catalog.ts';
import { prerendered } from '../../../../../api/registry.ts';

export const { GET, getStaticPaths } = prerendered(knowledgeEntry);
