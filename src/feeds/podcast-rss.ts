/**
 * The podcast feed (/feeds/podcast.xml) as Apple Podcasts and the Podcasting 2.0 namespace
 * specify it: channel artwork, category text (with its subcategory nested), explicit as
 * true/false, owner, type; per episode a typed enclosure with its real byte length, duration,
 * episode/season numbers and a guid that never changes once published.
 */
import type { Catalog } from '../catalog/catalog-types.ts';
import type { Episode } from '../schemas/content.ts';
import { mediaTypeOf } from './feed-items.ts';
import { uuidV5 } from './uuid-v5.ts';
import { ATOM_NS, renderXml, rfc822, type XmlNode } from './xml.ts';
import { publicOrigin, absoluteUrl } from '../public-origin.ts';

export const ITUNES_NS = 'http://www.itunes.com/dtds/podcast-1.0.dtd';
export const PODCAST_NS = 'https://podcastindex.org/namespace/1.0';

export function podcastFeedUrl(): string {
  return absoluteUrl('/feeds/podcast.xml');
}

/**
 * An episode's guid: a v5 UUID of its id in the show's own guid namespace. It depends on nothing
 * an editor may later change (title, date, audio URL), so podcast apps never see a re-published
 * episode as new.
 */
export function episodeGuid(showGuid: string, episodeId: string): string {
  return uuidV5(`episode:${episodeId}`, showGuid);
}

function transcript(catalog: Catalog, e: Episode): XmlNode | undefined {
  if (!e.transcriptUrl) return undefined;
  const url = absoluteUrl(e.transcriptUrl);
  return { '@_url': url, '@_type': mediaTypeOf(url) ?? 'text/plain', '@_language': catalog.podcast.show.language };
}

export function buildPodcastRss(catalog: Catalog): string {
  const base = publicOrigin();
  const { show, episodes } = catalog.podcast;
  const imageUrl = absoluteUrl(show.image);
  const pageUrl = `${base}/podcast`;
  const items: XmlNode[] = [...episodes]
    .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt) || a.id.localeCompare(b.id))
    .map((e) => ({
      title: e.title,
      'itunes:title': e.title,
      description: e.description,
      link: `${pageUrl}#${e.id}`,
      guid: { '#text': episodeGuid(show.guid, e.id), '@_isPermaLink': 'false' },
      pubDate: rfc822(e.publishedAt),
      enclosure: { '@_url': absoluteUrl(e.audio.url), '@_length': String(e.audio.lengthBytes), '@_type': e.audio.type },
      'itunes:duration': String(e.durationSeconds),
      'itunes:explicit': String(e.explicit),
      'itunes:episodeType': e.episodeType,
      'itunes:season': e.season === undefined ? undefined : String(e.season),
      'itunes:episode': e.episode === undefined ? undefined : String(e.episode),
      'podcast:season': e.season === undefined ? undefined : String(e.season),
      'podcast:episode': e.episode === undefined ? undefined : String(e.episode),
      'podcast:transcript': transcript(catalog, e),
    }));
  const category: XmlNode = { '@_text': show.category.name };
  if (show.category.subcategory) category['itunes:category'] = { '@_text': show.category.subcategory };
  return renderXml({
    rss: {
      '@_version': '2.0',
      '@_xmlns:itunes': ITUNES_NS,
      '@_xmlns:podcast': PODCAST_NS,
      '@_xmlns:atom': ATOM_NS,
      channel: {
        title: show.title,
        link: pageUrl,
        description: show.description,
        language: show.language,
        copyright: show.copyright,
        lastBuildDate: rfc822(catalog.lastModified.podcast),
        'atom:link': { '@_href': podcastFeedUrl(), '@_rel': 'self', '@_type': 'application/rss+xml' },
        image: { url: imageUrl, title: show.title, link: pageUrl },
        'itunes:image': { '@_href': imageUrl },
        'itunes:author': show.author,
        'itunes:owner': { 'itunes:name': show.owner.name, 'itunes:email': show.owner.email },
        'itunes:category': category,
        'itunes:explicit': String(show.explicit),
        'itunes:type': show.type,
        'itunes:summary': show.description,
        'podcast:guid': show.guid,
        item: items,
      },
    },
  });
}
