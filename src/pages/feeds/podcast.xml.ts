/** Pre-rendered GET /feeds/podcast.xml: the podcast RSS feed, written by its operation. */
import { podcastRss } from '../../api/feeds.ts';
import { prerendered } from '../../api/registry.ts';

export const { GET } = prerendered(podcastRss);
