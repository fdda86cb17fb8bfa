import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { fixtureCatalog, fixtureEpisode } from '../../test/support/catalog-fixture.ts';
import { buildPodcastRss, episodeGuid, ITUNES_NS, PODCAST_NS } from './podcast-rss.ts';
import { setPublicOrigin } from '../public-origin.ts';

// The fixture catalog is served at this origin.
setPublicOrigin('https://demo.example');

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === 'item',
});

describe('buildPodcastRss', () => {
  const catalog = fixtureCatalog();
  const doc = parser.parse(buildPodcastRss(catalog));
  const ch = doc.rss.channel;

  it('declares the itunes, podcast and atom namespaces', () => {
    expect(doc.rss['@_version']).toBe('2.0');
    expect(doc.rss['@_xmlns:itunes']).toBe(ITUNES_NS);
    expect(doc.rss['@_xmlns:podcast']).toBe(PODCAST_NS);
    expect(doc.rss['@_xmlns:atom']).toBe('http://www.w3.org/2005/Atom');
  });

  it('carries the channel tags Apple Podcasts requires', () => {
    expect(ch.title).toBe('Demo Radio');
    expect(ch.description).toBe('A demo podcast.');
    expect(ch.language).toBe('en');
    expect(ch['itunes:image']['@_href']).toBe('https://demo.example/media/podcast/cover.png');
    expect(ch['itunes:category']['@_text']).toBe('Society & Culture');
    expect(ch['itunes:category']['itunes:category']['@_text']).toBe('Documentary');
    expect(ch['itunes:explicit']).toBe('false');
    expect(ch['itunes:author']).toBe('Demo TV');
    expect(ch['itunes:owner']).toEqual({ 'itunes:name': 'Demo Owner', 'itunes:email': 'owner@demo.example' });
    expect(ch['itunes:type']).toBe('episodic');
    expect(ch['podcast:guid']).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
    expect(ch['atom:link']).toMatchObject({ '@_href': 'https://demo.example/feeds/podcast.xml', '@_rel': 'self' });
  });

  it('leaves out the nested category when the show has no subcategory', () => {
    const c = fixtureCatalog();
    c.podcast.show = { ...c.podcast.show, category: { name: 'Education' }, explicit: true };
    const channel = parser.parse(buildPodcastRss(c)).rss.channel;
    expect(channel['itunes:category']).toEqual({ '@_text': 'Education' });
    expect(channel['itunes:explicit']).toBe('true');
  });

  it('gives each episode enclosure, duration, numbering, a stable guid and its transcript', () => {
    const [newest, older] = ch.item;
    expect(newest.title).toBe('Episode 2');
    expect(newest.enclosure).toEqual({ '@_url': 'https://demo.example/media/podcast/ep-002.mp3', '@_length': '1000002', '@_type': 'audio/mpeg' });
    expect(newest['itunes:duration']).toBe('1802');
    expect(newest['itunes:episode']).toBe('2');
    expect(newest['itunes:season']).toBe('1');
    expect(newest['itunes:episodeType']).toBe('full');
    expect(newest.guid).toEqual({ '#text': episodeGuid(catalog.podcast.show.guid, 'ep-002'), '@_isPermaLink': 'false' });
    expect(newest['podcast:transcript']).toMatchObject({ '@_url': 'https://demo.example/media/podcast/ep-002.vtt', '@_type': 'text/vtt' });
    expect(older['podcast:transcript']).toBeUndefined();
  });

  it('keeps an episode guid when its title, date and audio change', () => {
    const before = episodeGuid(catalog.podcast.show.guid, 'ep-001');
    const c = fixtureCatalog({ episodes: [fixtureEpisode(1, { title: 'Renamed', publishedAt: '2027-01-01T00:00:00Z', audio: { url: '/x.mp3', type: 'audio/mpeg', lengthBytes: 5 } })] });
    const item = parser.parse(buildPodcastRss(c)).rss.channel.item[0];
    expect(item.guid['#text']).toBe(before);
    expect(before).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(episodeGuid(catalog.podcast.show.guid, 'ep-002')).not.toBe(before);
  });

  it('omits season and episode numbers an episode does not have', () => {
    const c = fixtureCatalog({ episodes: [fixtureEpisode(1, { season: undefined, episode: undefined, episodeType: 'bonus' })] });
    const item = parser.parse(buildPodcastRss(c)).rss.channel.item[0];
    expect(item['itunes:season']).toBeUndefined();
    expect(item['itunes:episode']).toBeUndefined();
    expect(item['itunes:episodeType']).toBe('bonus');
  });

  it('escapes episode titles with & < > and quotes', () => {
    const title = `Q&A: <Growers> "ask" Mara's crew`;
    const xml = buildPodcastRss(fixtureCatalog({ episodes: [fixtureEpisode(1, { title })] }));
    expect(xml).toContain('Q&amp;A: &lt;Growers&gt; &quot;ask&quot; Mara&apos;s crew');
    expect(parser.parse(xml).rss.channel.item[0].title).toBe(title);
  });
});
