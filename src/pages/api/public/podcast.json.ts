/** Pre-rendered GET /api/public/podcast: show metadata and every episode, written by its operation. */
import { podcast } from '../../../api/catalog.ts';
import { prerendered } from '../../../api/registry.ts';

export const { GET } = prerendered(podcast);
