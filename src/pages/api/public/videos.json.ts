/** Pre-rendered GET /api/public/videos: the default page (limit 20, offset 0). */
import { catalog } from '../../../catalog/data.ts';
import { defaultVideoQuery, listVideos } from '../../../catalog/videos.ts';
import { contentFreshness, json } from '../../../http/respond.ts';

export const GET = () => json(listVideos(catalog, defaultVideoQuery), contentFreshness('build', catalog.lastModified.videos));
