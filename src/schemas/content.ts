/**
 * Zod schemas for every file under content/. They are the single source of truth for what an
 * editor may write; `src/catalog/load-content.ts` applies them and the cross-reference checks.
 * Kept free of Astro imports so tests can parse fixtures directly.
 */
import { z } from 'zod';

const id = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be kebab-case: a-z, 0-9 and single hyphens');
/**
 * Dates are text: content quotes them, and the build refuses an unquoted one, because YAML 1.1
 * tools (js-yaml, ajv-cli) would read it as a date object and fail the JSON Schemas.
 */
const isoInstant = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time with a zone, e.g. 2026-10-01T18:00:00Z' });
const isoDate = z.iso.date({ message: 'must be an ISO 8601 date, e.g. 2026-10-01' });
const siteUrl = z.string().regex(/^(\/[^\s]*|https?:\/\/[^\s]+)$/, 'must be a site-relative path (/media/...) or an http(s) URL');
const text = (max: number) => z.string().trim().min(1).max(max);

export const categorySchema = z.strictObject({ id, name: text(60), description: text(300) });

export const siteSchema = z.strictObject({
  name: text(80),
  tagline: text(160),
  description: text(1000),
  baseUrl: z.url({ protocol: /^https?$/ }).regex(/[^/]$/, 'must not end with a slash'),
  contact: z.strictObject({ email: z.email(), url: z.url().optional() }),
  languages: z.array(z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/)).min(1),
  categories: z.array(categorySchema).min(1),
});

export const videoStatus = z.enum(['draft', 'pending', 'approved', 'rejected', 'archived']);

export const videoSchema = z.strictObject({
  id,
  title: text(160),
  description: text(2000),
  status: videoStatus,
  category: id,
  tags: z.array(id).max(20).default([]),
  featured: z.boolean().default(false),
  durationSeconds: z.int().positive(),
  publishedAt: isoInstant,
  updatedAt: isoInstant.optional(),
  thumbnail: siteUrl,
  playbackUrl: siteUrl,
});

export const podcastShowSchema = z.strictObject({
  title: text(160),
  description: text(4000),
  author: text(160),
  owner: z.strictObject({ name: text(160), email: z.email() }),
  image: siteUrl.regex(/\.(png|jpe?g)$/i, 'Apple Podcasts needs square JPEG or PNG artwork, 1400-3000 px'),
  language: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/),
  category: z.strictObject({ name: text(80), subcategory: text(80).optional() }),
  explicit: z.boolean(),
  type: z.enum(['episodic', 'serial']),
  guid: z.uuid(),
  copyright: text(200),
});

export const episodeSchema = z.strictObject({
  id,
  title: text(200),
  description: text(4000),
  season: z.int().positive().optional(),
  episode: z.int().positive().optional(),
  episodeType: z.enum(['full', 'trailer', 'bonus']).default('full'),
  publishedAt: isoInstant,
  durationSeconds: z.int().positive(),
  audio: z.strictObject({
    url: siteUrl,
    type: z.enum(['audio/mpeg', 'audio/x-m4a', 'audio/mp4', 'audio/aac', 'audio/ogg']),
    lengthBytes: z.int().positive(),
  }),
  transcriptUrl: siteUrl.optional(),
  explicit: z.boolean().default(false),
});

export const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be HH:MM (00:00 to 24:00)');

export const slotSchema = z.strictObject({
  day: z.enum(weekdays),
  start: clock,
  end: clock,
  title: text(160),
  description: text(1000).optional(),
  category: id.optional(),
  videoId: id.optional(),
});

export const specialSchema = z.strictObject({
  id,
  title: text(160),
  description: text(2000),
  startsAt: isoInstant,
  endsAt: isoInstant,
  announceAt: isoInstant,
});

export const scheduleSchema = z.strictObject({
  timeZone: z.string().refine(isIanaZone, 'must be an IANA time zone name, e.g. America/Los_Angeles'),
  slots: z.array(slotSchema).min(1),
  specials: z.array(specialSchema).default([]),
});

export const moneySchema = z.strictObject({
  amount: z.string().regex(/^\d+\.\d{2}$/, 'must be a decimal string with two places, e.g. "12.00"'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code, e.g. USD'),
});

export const productSchema = z
  .strictObject({
    id,
    type: z.enum(['item', 'bundle']),
    name: text(160),
    description: text(2000),
    price: moneySchema,
    availability: z.enum(['in_stock', 'preorder', 'sold_out']),
    image: siteUrl,
    tags: z.array(id).max(20).default([]),
    items: z.array(id).optional(),
    /** When the listing last changed; without it the build time stands in. */
    updatedAt: isoInstant.optional(),
  })
  .superRefine((p, ctx) => {
    if (p.type === 'bundle' && (!p.items || p.items.length < 2)) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'a bundle must list at least 2 item ids' });
    }
    if (p.type === 'item' && p.items) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'only bundles list items' });
    }
  });

export const clipSchema = z
  .strictObject({
    id,
    videoId: id,
    title: text(160),
    durationSeconds: z.int().min(1).max(180),
    width: z.int().positive(),
    height: z.int().positive(),
    publishedAt: isoInstant,
    thumbnail: siteUrl,
    playbackUrl: siteUrl,
  })
  .refine((c) => c.width * 16 === c.height * 9, { path: ['height'], message: 'clips must be vertical 9:16 (e.g. 1080x1920)' });

export const topics = ['cannabinoids', 'terpenes', 'medical', 'methods', 'glossary'] as const;
export type Topic = (typeof topics)[number];
/** The dataset's fixed shape: how many entries each topic must hold. */
export const topicCounts: Record<Topic, number> = { cannabinoids: 6, terpenes: 7, medical: 6, methods: 4, glossary: 10 };

export const datasetSchema = z.strictObject({
  title: text(160),
  version: z.literal('1.0.0'),
  license: z.literal('CC-BY-4.0'),
  licenseUrl: z.url(),
  disclaimer: text(1000),
  publisher: text(160),
  updated: isoDate,
});

export const referenceSchema = z
  .strictObject({
    authors: text(300),
    title: text(400),
    publisher: text(200).optional(),
    journal: text(200).optional(),
    year: z.int().min(1900).max(2100),
    url: z.url({ protocol: /^https?$/ }).optional(),
    doi: z
      .string()
      .regex(/^10\.\d{4,9}\/\S+$/, 'must be a DOI like 10.1000/xyz')
      .optional(),
  })
  .refine((r) => r.url || r.doi, { message: 'a reference needs a url or a doi' });

export const knowledgeEntrySchema = z.strictObject({
  id,
  name: text(160),
  summary: text(600),
  aliases: z.array(text(80)).default([]),
  updated: isoDate,
  facts: z.array(z.strictObject({ label: text(80), value: text(300) })).default([]),
  references: z.array(referenceSchema).min(1),
  related: z.array(id).default([]),
});

export const exclusiveSchema = z.strictObject({
  id,
  title: text(160),
  summary: text(600),
  minTier: z.enum(['Platinum', 'Legend']),
  publishedAt: isoInstant,
});

export const aiNoteSchema = exclusiveSchema.extend({ minTier: z.enum(['Silver', 'Gold', 'Platinum', 'Legend']) });

function isIanaZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

export type Site = z.infer<typeof siteSchema>;
export type Video = z.infer<typeof videoSchema>;
export type PodcastShow = z.infer<typeof podcastShowSchema>;
export type Episode = z.infer<typeof episodeSchema>;
export type Slot = z.infer<typeof slotSchema>;
export type Special = z.infer<typeof specialSchema>;
export type Schedule = z.infer<typeof scheduleSchema>;
export type Product = z.infer<typeof productSchema>;
export type Clip = z.infer<typeof clipSchema>;
export type Dataset = z.infer<typeof datasetSchema>;
export type KnowledgeEntryFile = z.infer<typeof knowledgeEntrySchema>;
export type Exclusive = z.infer<typeof exclusiveSchema>;
export type AiNote = z.infer<typeof aiNoteSchema>;
