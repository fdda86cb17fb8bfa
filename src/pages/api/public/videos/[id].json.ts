/** Pre-rendered GET /api/public/videos/{id}: one approved video with its playable URL, written by its operation. */
import { video } from '../../../../api/catalog.ts';
import { prerendered } from '../../../../api/registry.ts';

export const { GET, getStaticPaths } = prerendered(video);
