import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { fixtureCatalog, fixtureVideo } from '../../test/support/catalog-fixture.ts';
import { FEED_ITEM_LIMIT, newestVideos } from './feed-items.ts';
import { buildVideosRss } from './rss.ts';
import { setPublicOrigin } from '../public-origin.ts';

// The fixture catalog is served at this origin.
setPublicOrigin('https://demo.example');

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === 'item' || name === 'category',
});

describe('buildVideosRss', () => {
  it('builds an RSS 2.0 channel with a self link and one item per video, newest first', () => {
    const doc = parser.parse(buildVideosRss(fixtureCatalog()));
    expect(doc.rss['@_version']).toBe('2.0');
    const ch = doc.rss.channel;
    expect(ch.title).toBe('Demo TV: latest videos');
    expect(ch.link).toBe('https://demo.example/');
    expect(ch.description).toBe('A demo channel');
    expect(ch['atom:link']).toMatchObject({ '@_href': 'https://demo.example/feeds/videos.xml', '@_rel': 'self', '@_type': 'application/rss+xml' });
    expect(ch.item.map((i: { guid: { '#text': string } }) => i.guid['#text'])).toEqual(['https://demo.example/videos/v-003', 'https://demo.example/videos/v-002', 'https://demo.example/videos/v-001']);
    const first = ch.item[0];
    expect(first.pubDate).toBe(new Date(fixtureVideo(3).publishedAt).toUTCString());
    expect(first['media:content']).toMatchObject({ '@_url': 'https://demo.example/media/videos/v-003.mp4', '@_type': 'video/mp4', '@_duration': '603' });
    expect(first['media:thumbnail']['@_url']).toBe('https://demo.example/media/thumbs/v-003.svg');
    expect(first.category[0]['#text']).toBe('Kitchen');
  });

  it('escapes titles and descriptions with & < > and quotes', () => {
    const title = `Salt & Pepper <Live> "Special" it's`;
    const xml = buildVideosRss(fixtureCatalog({ videos: [fixtureVideo(1, { title, description: `a < b && c > "d"` })] }));
    expect(xml).toContain('Salt &amp; Pepper &lt;Live&gt; &quot;Special&quot; it&apos;s');
    const item = parser.parse(xml).rss.channel.item[0];
    expect(item.title).toBe(title);
    expect(item.description).toBe(`a < b && c > "d"`);
  });

  it('publishes only approved videos and at most the newest fifty', () => {
    const videos = Array.from({ length: 60 }, (_, i) => fixtureVideo(i + 1));
    videos[59] = { ...videos[59], status: 'draft' };
    const catalog = fixtureCatalog({ videos });
    const items = parser.parse(buildVideosRss(catalog)).rss.channel.item;
    expect(items).toHaveLength(FEED_ITEM_LIMIT);
    expect(items[0].link).toBe('https://demo.example/videos/v-059');
    expect(items.some((i: { link: string }) => i.link.endsWith('v-060'))).toBe(false);
    expect(newestVideos(catalog).map((v) => v.id)).not.toContain('v-060');
  });
});
