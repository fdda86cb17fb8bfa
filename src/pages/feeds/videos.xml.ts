/** Pre-rendered GET /feeds/videos.xml: RSS 2.0 of the newest approved videos. */
import { catalog } from '../../catalog/data.ts';
import { buildVideosRss } from '../../feeds/rss.ts';

export const GET = () => new Response(buildVideosRss(catalog), { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
