/** Podcast, shop and clip bodies: shared by pre-rendered and on-demand endpoints and the feeds. */
import type { Catalog } from './catalog-types.ts';
import { publicOrigin, absoluteUrl } from '../public-origin.ts';

export function podcastBody(catalog: Catalog) {
  const base = publicOrigin();
  const { show, episodes } = catalog.podcast;
  return {
    podcast: {
      title: show.title,
      description: show.description,
      author: show.author,
      imageUrl: absoluteUrl(show.image),
      language: show.language,
      category: show.category,
      explicit: show.explicit,
      type: show.type,
      guid: show.guid,
      copyright: show.copyright,
      feedUrl: `${base}/feeds/podcast.xml`,
      pageUrl: `${base}/podcast`,
      episodeCount: episodes.length,
    },
    episodes: episodes.map((e) => ({
      id: e.id,
      title: e.title,
      description: e.description,
      season: e.season ?? null,
      episode: e.episode ?? null,
      episodeType: e.episodeType,
      publishedAt: new Date(e.publishedAt).toISOString(),
      durationSeconds: e.durationSeconds,
      explicit: e.explicit,
      audio: { url: absoluteUrl(e.audio.url), type: e.audio.type, lengthBytes: e.audio.lengthBytes },
      transcriptUrl: e.transcriptUrl ? absoluteUrl(e.transcriptUrl) : null,
      pageUrl: `${base}/podcast#${e.id}`,
    })),
  };
}

export function shopBody(catalog: Catalog) {
  const base = publicOrigin();
  const names = new Map(catalog.products.map((p) => [p.id, p.name]));
  return {
    items: catalog.products.map((p) => ({
      id: p.id,
      type: p.type,
      name: p.name,
      description: p.description,
      price: p.price,
      availability: p.availability,
      imageUrl: absoluteUrl(p.image),
      tags: p.tags,
      includes: p.type === 'bundle' ? (p.items ?? []).map((id) => ({ id, name: names.get(id)! })) : null,
      pageUrl: `${base}/shop#${p.id}`,
    })),
    total: catalog.products.length,
    note: 'Novelty merchandise of a fictional demo brand; nothing here is for sale.',
  };
}

export interface ClipQuery {
  videoId?: string;
  limit: number;
  offset: number;
}

export function listClips(catalog: Catalog, query: ClipQuery) {
  const base = publicOrigin();
  const matches = catalog.clips.filter((c) => query.videoId === undefined || c.videoId === query.videoId);
  const page = matches.slice(query.offset, query.offset + query.limit);
  const next = query.offset + page.length;
  return {
    items: page.map((c) => ({
      id: c.id,
      videoId: c.videoId,
      title: c.title,
      durationSeconds: c.durationSeconds,
      width: c.width,
      height: c.height,
      aspectRatio: '9:16' as const,
      publishedAt: new Date(c.publishedAt).toISOString(),
      thumbnailUrl: absoluteUrl(c.thumbnail),
      playbackUrl: absoluteUrl(c.playbackUrl),
      videoUrl: `${base}/api/public/videos/${c.videoId}`,
    })),
    total: matches.length,
    limit: query.limit,
    offset: query.offset,
    nextOffset: next < matches.length ? next : null,
    filters: { videoId: query.videoId ?? null },
  };
}
