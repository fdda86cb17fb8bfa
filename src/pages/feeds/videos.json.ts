/** Pre-rendered GET /feeds/videos.json: JSON Feed 1.1 of the newest videos, written by its operation. */
import { videosJsonFeed } from '../../api/feeds.ts';
import { prerendered } from '../../api/registry.ts';

export const { GET } = prerendered(videosJsonFeed);
