/**
 * The three feeds over HTTP, against the built server: parsed with a real XML parser (or as
 * JSON) and checked element by element against the content files they are built from.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodeGuid } from '../src/feeds/podcast-rss.ts';
import { podcastGuidFor } from '../src/feeds/uuid-v5.ts';
import { jsonFeedSchema } from '../src/schemas/api/feeds.ts';
import { startService, type TestService } from './support/service.ts';

const contentDir = resolve(process.env.CONTENT_DIR ?? 'content');
const readYamlDir = <T>(dir: string): T[] =>
  readdirSync(join(contentDir, dir))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => parseYaml(readFileSync(join(contentDir, dir, f), 'utf8')) as T);

interface VideoFile {
  id: string;
  title: string;
  status: string;
  publishedAt: string;
  updatedAt?: string;
  durationSeconds: number;
}
interface EpisodeFile {
  id: string;
  title: string;
  season?: number;
  episode?: number;
  episodeType?: string;
  publishedAt: string;
  durationSeconds: number;
  audio: { url: string; type: string; lengthBytes: number };
  transcriptUrl?: string;
  explicit?: boolean;
}

const site = parseYaml(readFileSync(join(contentDir, 'site.yaml'), 'utf8')) as { name: string; baseUrl: string };
const show = parseYaml(readFileSync(join(contentDir, 'podcast/show.yaml'), 'utf8')) as {
  title: string;
  author: string;
  owner: { name: string; email: string };
  image: string;
  category: { name: string; subcategory?: string };
  explicit: boolean;
  type: string;
  guid: string;
};
const allVideos = readYamlDir<VideoFile>('videos');
const approvedNewest = allVideos
  .filter((v) => v.status === 'approved')
  .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt) || a.id.localeCompare(b.id))
  .slice(0, 50);
const unpublishedIds = allVideos.filter((v) => v.status !== 'approved').map((v) => v.id);
const episodes = readYamlDir<EpisodeFile>('podcast/episodes');
const videoIdOf = (url: string) => url.slice(`${service.url}/videos/`.length);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => ['item', 'category', 'podcast:transcript'].includes(name),
});

let service: TestService;
beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service?.stop();
});

async function get(path: string, init?: RequestInit) {
  const res = await fetch(service.url + path, init);
  return { res, text: await res.text() };
}

describe('the content the feeds are checked against', () => {
  it('has unpublished videos, so "approved only" is a real check', () => {
    expect(unpublishedIds.length).toBeGreaterThan(0);
    expect(approvedNewest.length).toBeGreaterThan(0);
  });
});

describe('GET /feeds/videos.xml', () => {
  it('is RSS 2.0 with the right type, CORS and one item per newest approved video', async () => {
    const { res, text } = await get('/feeds/videos.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(XMLValidator.validate(text)).toBe(true);
    const doc = parser.parse(text);
    expect(doc.rss['@_version']).toBe('2.0');
    const ch = doc.rss.channel;
    expect(ch.title).toContain(site.name);
    expect(ch.link).toBe(`${service.url}/`);
    expect(typeof ch.description).toBe('string');
    expect(ch.description.length).toBeGreaterThan(0);
    expect(ch['atom:link']).toMatchObject({ '@_href': `${service.url}/feeds/videos.xml`, '@_rel': 'self', '@_type': 'application/rss+xml' });
    expect(doc.rss['@_xmlns:atom']).toBe('http://www.w3.org/2005/Atom');

    expect(ch.item).toHaveLength(approvedNewest.length);
    expect(ch.item.map((i: { link: string }) => videoIdOf(i.link))).toEqual(approvedNewest.map((v) => v.id));
    for (const [n, item] of ch.item.entries()) {
      const v = approvedNewest[n];
      expect(item.title).toBe(v.title);
      expect(item.description.length).toBeGreaterThan(0);
      expect(item.guid['#text']).toBe(`${service.url}/videos/${v.id}`);
      expect(new Date(item.pubDate).toISOString()).toBe(new Date(v.publishedAt).toISOString());
      expect(item['media:content']['@_url']).toMatch(new RegExp(`^${service.url}/`));
      expect(item['media:content']['@_duration']).toBe(String(v.durationSeconds));
    }
    for (const id of unpublishedIds) expect(text).not.toContain(`/videos/${id}<`);
  });
});

describe('GET /feeds/podcast.xml', () => {
  let text: string;
  let ch: Record<string, any>;
  let doc: Record<string, any>;
  beforeAll(async () => {
    const r = await get('/feeds/podcast.xml');
    expect(r.res.status).toBe(200);
    expect(r.res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(r.res.headers.get('access-control-allow-origin')).toBe('*');
    text = r.text;
    expect(XMLValidator.validate(text)).toBe(true);
    doc = parser.parse(text);
    ch = doc.rss.channel;
  });

  it('declares the itunes, podcast and atom namespaces on an RSS 2.0 root', () => {
    expect(doc.rss['@_version']).toBe('2.0');
    expect(doc.rss['@_xmlns:itunes']).toBe('http://www.itunes.com/dtds/podcast-1.0.dtd');
    expect(doc.rss['@_xmlns:podcast']).toBe('https://podcastindex.org/namespace/1.0');
    expect(doc.rss['@_xmlns:atom']).toBe('http://www.w3.org/2005/Atom');
  });

  it('has every channel tag Apple Podcasts requires, from show.yaml', () => {
    expect(ch.title).toBe(show.title);
    expect(ch.description.length).toBeGreaterThan(0);
    expect(ch.language).toMatch(/^[a-z]{2}/);
    expect(ch.link).toMatch(new RegExp(`^${service.url}/`));
    expect(ch['itunes:image']['@_href']).toBe(`${service.url}${show.image}`);
    expect(ch['itunes:category']['@_text']).toBe(show.category.name);
    if (show.category.subcategory) expect(ch['itunes:category']['itunes:category']['@_text']).toBe(show.category.subcategory);
    expect(ch['itunes:explicit']).toBe(String(show.explicit));
    expect(['true', 'false']).toContain(ch['itunes:explicit']);
    expect(ch['itunes:author']).toBe(show.author);
    expect(ch['itunes:owner']['itunes:name']).toBe(show.owner.name);
    expect(ch['itunes:owner']['itunes:email']).toBe(show.owner.email);
    expect(ch['itunes:type']).toBe(show.type);
    expect(ch['atom:link']).toMatchObject({ '@_href': `${service.url}/feeds/podcast.xml`, '@_rel': 'self', '@_type': 'application/rss+xml' });
  });

  it("carries podcast:guid, the namespace UUIDv5 of the brand's production feed URL, wherever the feed is served", () => {
    expect(ch['podcast:guid']).toBe(show.guid);
    expect(ch['podcast:guid']).toBe(podcastGuidFor(`${site.baseUrl}/feeds/podcast.xml`));
  });

  it('lists every episode with its real enclosure length and type, duration and numbering', () => {
    expect(ch.item).toHaveLength(episodes.length);
    const byAudio = new Map(episodes.map((e) => [`${service.url}${e.audio.url}`, e]));
    for (const item of ch.item) {
      const e = byAudio.get(item.enclosure['@_url'])!;
      expect(e, item.enclosure['@_url']).toBeDefined();
      expect(item.title).toBe(e.title);
      expect(Number(item.enclosure['@_length'])).toBe(e.audio.lengthBytes);
      expect(item.enclosure['@_type']).toBe(e.audio.type);
      expect(item['itunes:duration']).toBe(String(e.durationSeconds));
      expect(item['itunes:episodeType']).toBe(e.episodeType ?? 'full');
      expect(item['itunes:episode']).toBe(e.episode === undefined ? undefined : String(e.episode));
      expect(item['itunes:season']).toBe(e.season === undefined ? undefined : String(e.season));
      expect(['true', 'false']).toContain(item['itunes:explicit']);
      expect(new Date(item.pubDate).toISOString()).toBe(new Date(e.publishedAt).toISOString());
      expect(item.guid['@_isPermaLink']).toBe('false');
      expect(item.guid['#text']).toBe(episodeGuid(show.guid, e.id));
      if (e.transcriptUrl) {
        expect(item['podcast:transcript']).toHaveLength(1);
        expect(item['podcast:transcript'][0]).toMatchObject({ '@_url': `${service.url}${e.transcriptUrl}`, '@_type': 'text/vtt' });
      } else {
        expect(item['podcast:transcript']).toBeUndefined();
      }
    }
    expect(episodes.some((e) => e.transcriptUrl)).toBe(true);
  });

  it('keeps guids unique and identical across requests', async () => {
    const guids = ch.item.map((i: { guid: { '#text': string } }) => i.guid['#text']);
    expect(new Set(guids).size).toBe(guids.length);
    const again = parser.parse((await get('/feeds/podcast.xml', { headers: { 'accept-encoding': 'gzip' } })).text);
    expect(again.rss.channel.item.map((i: { guid: { '#text': string } }) => i.guid['#text'])).toEqual(guids);
  });
});

describe('GET /feeds/videos.json', () => {
  it('is JSON Feed 1.1 served as application/feed+json with CORS', async () => {
    const { res, text } = await get('/feeds/videos.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/feed+json; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = JSON.parse(text);
    const parsed = jsonFeedSchema.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(body.version).toBe('https://jsonfeed.org/version/1.1');
    expect(body.title).toContain(site.name);
    expect(body.home_page_url).toBe(`${service.url}/`);
    expect(body.feed_url).toBe(`${service.url}/feeds/videos.json`);
    expect(body.dataFreshness).toMatchObject({ source: 'build' });
    expect(body.items.map((i: { id: string }) => videoIdOf(i.id))).toEqual(approvedNewest.map((v) => v.id));
    for (const [n, item] of body.items.entries()) {
      const v = approvedNewest[n];
      expect(typeof item.id).toBe('string');
      expect(typeof (item.content_text ?? item.content_html)).toBe('string');
      expect(item).toMatchObject({ url: `${service.url}/videos/${v.id}`, title: v.title });
      expect(item.summary.length).toBeGreaterThan(0);
      expect(item.image).toMatch(new RegExp(`^${service.url}/`));
      expect(item.date_published).toBe(new Date(v.publishedAt).toISOString());
      expect(item.date_modified).toBe(new Date(v.updatedAt ?? v.publishedAt).toISOString());
      expect(Array.isArray(item.tags)).toBe(true);
      expect(item.authors[0].name).toBe(site.name);
    }
  });
});

describe('feed caching and methods', () => {
  it('answers If-None-Match with 304 and HEAD with headers only', async () => {
    for (const path of ['/feeds/videos.xml', '/feeds/podcast.xml', '/feeds/videos.json']) {
      const first = await fetch(service.url + path);
      await first.arrayBuffer();
      const etag = first.headers.get('etag')!;
      expect(etag, path).toBeTruthy();
      const second = await fetch(service.url + path, { headers: { 'if-none-match': etag } });
      expect(second.status, path).toBe(304);
      const head = await fetch(service.url + path, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toBe(first.headers.get('content-type'));
      expect(await head.text()).toBe('');
    }
  });
});
