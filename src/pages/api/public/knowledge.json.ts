/** Pre-rendered GET /api/public/knowledge: the whole dataset, grouped by topic, written by its operation. */
import { knowledge } from '../../../api/catalog.ts';
import { prerendered } from '../../../api/registry.ts';

export const { GET } = prerendered(knowledge);
