/** The feeds and llms.txt: text documents the build writes from the catalog and the operations. */
import { catalog } from '../catalog/data.ts';
import { buildVideosJsonFeed } from '../feeds/json-feed.ts';
import { buildLlmsFullTxt, buildLlmsTxt } from '../feeds/llms-txt.ts';
import { buildPodcastRss } from '../feeds/podcast-rss.ts';
import { buildVideosRss } from '../feeds/rss.ts';
import { implement } from '../http/operation.ts';
import { contentFreshness } from '../http/respond.ts';
import { llmsFullTxtEndpoint, llmsTxtEndpoint, podcastRssEndpoint, videosJsonFeedEndpoint, videosRssEndpoint } from '../schemas/api/feeds.ts';

/** /feeds/videos.xml */
export const videosRss = implement(videosRssEndpoint, () => ({ body: buildVideosRss(catalog) }));

/** /feeds/podcast.xml */
export const podcastRss = implement(podcastRssEndpoint, () => ({ body: buildPodcastRss(catalog) }));

/** /feeds/videos.json: JSON Feed 1.1; like every JSON body here it carries dataFreshness, which feed readers ignore. */
export const videosJsonFeed = implement(videosJsonFeedEndpoint, ({ source, now }) => ({
  body: JSON.stringify({ ...buildVideosJsonFeed(catalog), dataFreshness: contentFreshness(source, catalog.lastModified.videos, now) }),
}));

/** /llms.txt */
export const llmsTxt = implement(llmsTxtEndpoint, ({ operations }) => ({
  body: buildLlmsTxt(
    catalog,
    operations.map((o) => o.definition),
  ),
}));

/** /llms-full.txt */
export const llmsFullTxt = implement(llmsFullTxtEndpoint, ({ operations }) => ({
  body: buildLlmsFullTxt(
    catalog,
    operations.map((o) => o.definition),
  ),
}));
