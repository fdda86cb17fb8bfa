/** Pre-rendered GET /api/public/knowledge/{topic}: one topic slice, written by its operation. */
import { knowledgeTopic } from '../../../../api/catalog.ts';
import { prerendered } from '../../../../api/registry.ts';

export const { GET, getStaticPaths } = prerendered(knowledgeTopic);
