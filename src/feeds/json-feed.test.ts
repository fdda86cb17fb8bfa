import { describe, expect, it } from 'vitest';
import { fixtureCatalog, fixtureVideo } from '../../test/support/catalog-fixture.ts';
import { jsonFeedSchema } from '../schemas/api/feeds.ts';
import { buildVideosJsonFeed } from './json-feed.ts';
import { setPublicOrigin } from '../public-origin.ts';

// The fixture catalog is served at this origin.
setPublicOrigin('https://demo.example');

describe('buildVideosJsonFeed', () => {
  it('builds a JSON Feed 1.1 with the top-level fields and one item per video, newest first', () => {
    const feed = buildVideosJsonFeed(fixtureCatalog());
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.title).toBe('Demo TV: latest videos');
    expect(feed.home_page_url).toBe('https://demo.example/');
    expect(feed.feed_url).toBe('https://demo.example/feeds/videos.json');
    expect(feed.items.map((i) => i.id)).toEqual(['https://demo.example/videos/v-003', 'https://demo.example/videos/v-002', 'https://demo.example/videos/v-001']);
    expect(feed.items[0]).toMatchObject({
      url: 'https://demo.example/videos/v-003',
      title: 'Video 3',
      content_text: 'Description of video 3.',
      summary: 'Description of video 3.',
      image: 'https://demo.example/media/thumbs/v-003.svg',
      date_published: fixtureVideo(3).publishedAt,
      date_modified: fixtureVideo(3).publishedAt,
      tags: ['Kitchen', 'recipes'],
      authors: [{ name: 'Demo TV', url: 'https://demo.example/' }],
      attachments: [{ url: 'https://demo.example/media/videos/v-003.mp4', mime_type: 'video/mp4', duration_in_seconds: 603 }],
    });
    expect(jsonFeedSchema.safeParse(feed).success).toBe(true);
  });

  it('uses updatedAt as date_modified and keeps special characters as plain text', () => {
    const title = `Fish & Chips <Live> "now"`;
    const feed = buildVideosJsonFeed(fixtureCatalog({ videos: [fixtureVideo(1, { title, updatedAt: '2026-12-01T00:00:00Z' })] }));
    expect(feed.items[0].title).toBe(title);
    expect(feed.items[0].date_modified).toBe('2026-12-01T00:00:00.000Z');
    expect(JSON.parse(JSON.stringify(feed)).items[0].title).toBe(title);
  });

  it('leaves out an attachment whose media type cannot be told', () => {
    const feed = buildVideosJsonFeed(fixtureCatalog({ videos: [fixtureVideo(1, { playbackUrl: '/media/videos/v-001' })] }));
    expect(feed.items[0].attachments).toBeUndefined();
  });
});

describe('jsonFeedSchema', () => {
  const minimal = { version: 'https://jsonfeed.org/version/1.1', title: 't', items: [{ id: '1', content_text: 'x' }] };

  it('accepts the minimal valid feed', () => {
    expect(jsonFeedSchema.safeParse(minimal).success).toBe(true);
  });

  it('rejects version 1.0, a missing title and an item without content', () => {
    expect(jsonFeedSchema.safeParse({ ...minimal, version: 'https://jsonfeed.org/version/1' }).success).toBe(false);
    expect(jsonFeedSchema.safeParse({ ...minimal, title: undefined }).success).toBe(false);
    expect(jsonFeedSchema.safeParse({ ...minimal, items: [{ id: '1', title: 'no content' }] }).success).toBe(false);
    expect(jsonFeedSchema.safeParse({ ...minimal, items: [{ content_text: 'no id' }] }).success).toBe(false);
  });
});
