/**
 * Pre-rendered GET /feeds/videos.json: JSON Feed 1.1 of the newest approved videos. Like every JSON
 * body here it carries `dataFreshness`; feed readers ignore members they do not know.
 */
import { catalog } from '../../catalog/data.ts';
import { buildVideosJsonFeed } from '../../feeds/json-feed.ts';
import { contentFreshness } from '../../http/respond.ts';

export const GET = () =>
  new Response(JSON.stringify({ ...buildVideosJsonFeed(catalog), dataFreshness: contentFreshness('build', catalog.lastModified.videos) }), {
    headers: { 'Content-Type': 'application/feed+json; charset=utf-8' },
  });
