/** Pre-rendered GET /feeds/videos.json: JSON Feed 1.1 of the newest approved videos. */
import { catalog } from '../../catalog/data.ts';
import { buildVideosJsonFeed } from '../../feeds/json-feed.ts';

export const GET = () =>
  new Response(JSON.stringify(buildVideosJsonFeed(catalog)), { headers: { 'Content-Type': 'application/feed+json; charset=utf-8' } });
