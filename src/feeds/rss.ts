/**
 * RSS 2.0 feed of the newest approved videos (/feeds/videos.xml). Media RSS carries the
 * thumbnail, player URL and duration, because a plain RSS `<enclosure>` needs a byte length we
 * do not have for video files.
 */
import type { Catalog } from '../catalog/catalog-types.ts';
import { newestVideos, mediaTypeOf } from './feed-items.ts';
import { ATOM_NS, renderXml, rfc822, type XmlNode } from './xml.ts';
import { publicOrigin, absoluteUrl } from '../public-origin.ts';

export const MEDIA_RSS_NS = 'http://search.yahoo.com/mrss/';

export function videosFeedUrl(): string {
  return absoluteUrl('/feeds/videos.xml');
}

export function buildVideosRss(catalog: Catalog): string {
  const { site } = catalog;
  const base = publicOrigin();
  const categoryName = new Map(site.categories.map((c) => [c.id, c.name]));
  const items: XmlNode[] = newestVideos(catalog).map((v) => {
    const pageUrl = `${base}/videos/${v.id}`;
    const playbackUrl = absoluteUrl(v.playbackUrl);
    return {
      title: v.title,
      link: pageUrl,
      description: v.description,
      guid: { '#text': pageUrl, '@_isPermaLink': 'true' },
      pubDate: rfc822(v.publishedAt),
      category: [
        { '#text': categoryName.get(v.category) ?? v.category, '@_domain': `${base}/api/public/videos?category=${v.category}` },
        ...v.tags.map((t) => ({ '#text': t, '@_domain': `${base}/api/public/videos?tag=${t}` })),
      ],
      'media:content': {
        '@_url': playbackUrl,
        '@_type': mediaTypeOf(playbackUrl),
        '@_medium': 'video',
        '@_duration': String(v.durationSeconds),
      },
      'media:thumbnail': { '@_url': absoluteUrl(v.thumbnail) },
    };
  });
  return renderXml({
    rss: {
      '@_version': '2.0',
      '@_xmlns:atom': ATOM_NS,
      '@_xmlns:media': MEDIA_RSS_NS,
      channel: {
        title: `${site.name}: latest videos`,
        link: `${base}/`,
        description: site.tagline,
        language: site.languages[0],
        lastBuildDate: rfc822(catalog.lastModified.videos),
        docs: 'https://www.rssboard.org/rss-specification',
        ttl: '60',
        'atom:link': { '@_href': videosFeedUrl(), '@_rel': 'self', '@_type': 'application/rss+xml' },
        item: items,
      },
    },
  });
}
