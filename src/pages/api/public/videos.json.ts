/** Pre-rendered GET /api/public/videos: the default page of approved videos, written by its operation. */
import { videos } from '../../../api/catalog.ts';
import { prerendered } from '../../../api/registry.ts';

export const { GET } = prerendered(videos);
