/**
 * JSON Feed 1.1 of the newest approved videos (/feeds/videos.json). Built as a typed object and
 * parsed with the 1.1 schema before it is returned, so a build cannot publish a feed that breaks
 * the specification (the `feed` npm package still emits version 1.0).
 */
import type { Catalog } from '../catalog/catalog-types.ts';
import { JSON_FEED_VERSION, jsonFeedSchema, type JsonFeed } from '../schemas/api/feeds.ts';
import { mediaTypeOf, newestVideos } from './feed-items.ts';
import { publicOrigin, absoluteUrl } from '../public-origin.ts';

export function videosJsonFeedUrl(): string {
  return absoluteUrl('/feeds/videos.json');
}

export function buildVideosJsonFeed(catalog: Catalog): JsonFeed {
  const { site } = catalog;
  const base = publicOrigin();
  const author = { name: site.name, url: `${base}/` };
  const categoryName = new Map(site.categories.map((c) => [c.id, c.name]));
  const feed: JsonFeed = {
    version: JSON_FEED_VERSION,
    title: `${site.name}: latest videos`,
    home_page_url: `${base}/`,
    feed_url: videosJsonFeedUrl(),
    description: site.tagline,
    authors: [author],
    language: site.languages[0],
    items: newestVideos(catalog).map((v) => {
      const pageUrl = `${base}/videos/${v.id}`;
      const playbackUrl = absoluteUrl(v.playbackUrl);
      const mimeType = mediaTypeOf(playbackUrl);
      return {
        id: pageUrl,
        url: pageUrl,
        title: v.title,
        content_text: v.description,
        summary: v.description,
        image: absoluteUrl(v.thumbnail),
        date_published: new Date(v.publishedAt).toISOString(),
        date_modified: new Date(v.updatedAt ?? v.publishedAt).toISOString(),
        tags: [categoryName.get(v.category) ?? v.category, ...v.tags],
        authors: [author],
        attachments: mimeType ? [{ url: playbackUrl, mime_type: mimeType, duration_in_seconds: v.durationSeconds }] : undefined,
      };
    }),
  };
  return jsonFeedSchema.parse(feed);
}
