/**
 * A small hand-made Catalog for unit tests of pure builders (feeds, llms.txt): no files, no
 * build, and every field a test may want to break is easy to override.
 */
import type { Catalog, KnowledgeEntry } from '../../src/catalog/catalog-types.ts';
import type { Episode, Video } from '../../src/schemas/content.ts';

export function fixtureVideo(n: number, overrides: Partial<Video> = {}): Video {
  const id = `v-${String(n).padStart(3, '0')}`;
  return {
    id,
    title: `Video ${n}`,
    description: `Description of video ${n}.`,
    status: 'approved',
    category: 'kitchen',
    tags: ['recipes'],
    featured: false,
    durationSeconds: 600 + n,
    publishedAt: new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString(),
    thumbnail: `/media/thumbs/${id}.svg`,
    playbackUrl: `/media/videos/${id}.mp4`,
    ...overrides,
  };
}

export function fixtureEpisode(n: number, overrides: Partial<Episode> = {}): Episode {
  const id = `ep-${String(n).padStart(3, '0')}`;
  return {
    id,
    title: `Episode ${n}`,
    description: `About episode ${n}.`,
    season: 1,
    episode: n,
    episodeType: 'full',
    publishedAt: new Date(Date.UTC(2026, 1, 1) + n * 86_400_000).toISOString(),
    durationSeconds: 1800 + n,
    audio: { url: `/media/podcast/${id}.mp3`, type: 'audio/mpeg', lengthBytes: 1_000_000 + n },
    explicit: false,
    ...overrides,
  };
}

export function fixtureEntry(topic: KnowledgeEntry['topic'], id: string, overrides: Partial<KnowledgeEntry> = {}): KnowledgeEntry {
  return {
    id,
    topic,
    name: `Entry ${id}`,
    summary: `Summary of ${id}.`,
    aliases: [],
    updated: '2026-10-01',
    facts: [{ label: 'Kind', value: topic }],
    references: [{ authors: 'A. Author', title: `On ${id}`, publisher: 'A Publisher', year: 2020, url: `https://ref.example/${id}` }],
    related: [],
    body: `Body text of ${id}.\n\nSecond paragraph.`,
    ...overrides,
  };
}

export function fixtureCatalog(options: { videos?: Video[]; episodes?: Episode[]; entries?: KnowledgeEntry[] } = {}): Catalog {
  const at = '2026-11-01T00:00:00.000Z';
  return {
    contentVersion: '1.0.0+abcdef12',
    builtAt: at,
    lastModified: { videos: at, podcast: at, schedule: at, shop: at, clips: at, knowledge: at },
    site: {
      name: 'Demo TV',
      tagline: 'A demo channel',
      description: 'A fictional channel for tests.',
      baseUrl: 'https://demo.example',
      contact: { email: 'team@demo.example', url: 'https://demo.example/contact' },
      languages: ['en'],
      categories: [
        { id: 'kitchen', name: 'Kitchen', description: 'Cooking.' },
        { id: 'science', name: 'Science', description: 'Chemistry.' },
      ],
    },
    videos: options.videos ?? [1, 2, 3].map((n) => fixtureVideo(n)),
    podcast: {
      show: {
        title: 'Demo Radio',
        description: 'A demo podcast.',
        author: 'Demo TV',
        owner: { name: 'Demo Owner', email: 'owner@demo.example' },
        image: '/media/podcast/cover.png',
        language: 'en',
        category: { name: 'Society & Culture', subcategory: 'Documentary' },
        explicit: false,
        type: 'episodic',
        guid: '917393e3-1b1e-5cef-ace4-edaa54e1f810',
        copyright: '© 2026 Demo',
      },
      episodes: options.episodes ?? [fixtureEpisode(1), fixtureEpisode(2, { transcriptUrl: '/media/podcast/ep-002.vtt' })],
    },
    schedule: { timeZone: 'UTC', slots: [{ day: 'monday', start: '00:00', end: '24:00', title: 'All day' }], specials: [] },
    products: [],
    clips: [],
    knowledge: {
      dataset: {
        title: 'Demo KB',
        version: '1.0.0',
        license: 'CC-BY-4.0',
        licenseUrl: 'https://creativecommons.org/licenses/by/4.0/',
        disclaimer: 'Educational only; not medical advice.',
        publisher: 'Demo',
        updated: '2026-10-01',
      },
      entries: options.entries ?? [fixtureEntry('cannabinoids', 'cbd'), fixtureEntry('glossary', 'terpene')],
    },
    exclusive: [],
    aiNotes: [],
  };
}
