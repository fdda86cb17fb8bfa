/** Pre-rendered GET /feeds/podcast.xml: the Apple Podcasts / Podcasting 2.0 feed of every episode. */
import { catalog } from '../../catalog/data.ts';
import { buildPodcastRss } from '../../feeds/podcast-rss.ts';

export const GET = () => new Response(buildPodcastRss(catalog), { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
