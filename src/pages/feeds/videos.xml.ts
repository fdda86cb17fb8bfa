/** Pre-rendered GET /feeds/videos.xml: RSS 2.0 of the newest videos, written by its operation. */
import { videosRss } from '../../api/feeds.ts';
import { prerendered } from '../../api/registry.ts';

export const { GET } = prerendered(videosRss);
