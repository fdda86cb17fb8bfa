/** Request and response schemas of the public catalog endpoints (videos, podcast, shop, clips, schedule, knowledge). */
import { z } from 'zod';
import { DomainError } from '../../domain/errors.ts';
import { topics, type Topic } from '../content.ts';
import { booleanParam, idParam, intParam, moneySchema, withFreshness } from './common.ts';
import { defineEndpoint } from './endpoint-doc.ts';

/** Search words: trimmed, 1-200 characters. */
const searchParam = (description: string) => z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters').optional().meta({ description });

export const videoQuerySchema = (categories: string[]) =>
  z.object({
    category: z
      .enum(categories as [string, ...string[]], { message: `must be one of: ${categories.join(', ')}` })
      .optional()
      .meta({ description: 'Only videos of this category.' }),
    tag: idParam('Only videos carrying this tag.').optional(),
    search: searchParam('Words that must all appear in the title, description, category or tags (case-insensitive).'),
    featured: booleanParam('true: only featured videos; false: only the others.').optional(),
    limit: intParam(1, 100, 'Page size, 1-100, default 20.').default(20),
    offset: intParam(0, 100_000_000, 'Items to skip, default 0.').default(0),
  });

export const clipQuerySchema = z.object({
  videoId: idParam('Only clips cut from this video.').optional(),
  limit: intParam(1, 100, 'Page size, 1-100, default 50.').default(50),
  offset: intParam(0, 100_000_000, 'Items to skip, default 0.').default(0),
});

/**
 * A topic that is not one of the five is its own problem (400 unknown_topic, listing them) rather
 * than a generic invalid_request; the document still lists the five as the parameter's enum.
 */
const topicParam = z
  .string()
  .transform((topic): Topic => {
    if (!(topics as readonly string[]).includes(topic)) throw new DomainError('unknown_topic', `Unknown topic "${topic.slice(0, 50)}". Use one of: ${topics.join(', ')}.`, { topics });
    return topic as Topic;
  })
  .optional()
  .meta({ enum: [...topics], description: `One topic slice: ${topics.join(', ')}.` });

export const knowledgeQuerySchema = z.object({
  topic: topicParam,
  search: searchParam("Words that must all appear in an entry's name, aliases, summary, facts or text (case-insensitive); with topic, within that topic."),
});

export const videoSummarySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    category: z.string(),
    tags: z.array(z.string()),
    featured: z.boolean(),
    durationSeconds: z.int(),
    publishedAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    thumbnailUrl: z.url(),
    pageUrl: z.url(),
    apiUrl: z.url(),
  })
  .meta({ id: 'VideoSummary' });

export const videoDetailSchema = videoSummarySchema.extend({ playbackUrl: z.url(), clipIds: z.array(z.string()) }).meta({ id: 'Video' });

const page = { total: z.int(), limit: z.int(), offset: z.int(), nextOffset: z.int().nullable() };

export const videoListSchema = withFreshness({
  items: z.array(videoSummarySchema),
  ...page,
  filters: z.object({ category: z.string().nullable(), tag: z.string().nullable(), search: z.string().nullable(), featured: z.boolean().nullable() }),
  categories: z.array(z.string()),
}).meta({ id: 'VideoList' });

export const videoResponseSchema = withFreshness({ video: videoDetailSchema }).meta({ id: 'VideoResponse' });

export const podcastResponseSchema = withFreshness({
  podcast: z.object({
    title: z.string(),
    description: z.string(),
    author: z.string(),
    imageUrl: z.url(),
    language: z.string(),
    category: z.object({ name: z.string(), subcategory: z.string().optional() }),
    explicit: z.boolean(),
    type: z.enum(['episodic', 'serial']),
    guid: z.string(),
    copyright: z.string(),
    feedUrl: z.url(),
    pageUrl: z.url(),
    episodeCount: z.int(),
  }),
  episodes: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      description: z.string(),
      season: z.int().nullable(),
      episode: z.int().nullable(),
      episodeType: z.enum(['full', 'trailer', 'bonus']),
      publishedAt: z.iso.datetime(),
      durationSeconds: z.int(),
      explicit: z.boolean(),
      audio: z.object({ url: z.url(), type: z.string(), lengthBytes: z.int() }),
      transcriptUrl: z.url().nullable(),
      pageUrl: z.url(),
    }),
  ),
}).meta({ id: 'Podcast' });

export const productListSchema = withFreshness({
  items: z.array(
    z.object({
      id: z.string(),
      type: z.enum(['item', 'bundle']),
      name: z.string(),
      description: z.string(),
      price: moneySchema,
      availability: z.enum(['in_stock', 'preorder', 'sold_out']),
      imageUrl: z.url(),
      tags: z.array(z.string()),
      includes: z.array(z.object({ id: z.string(), name: z.string() })).nullable(),
      pageUrl: z.url(),
    }),
  ),
  total: z.int(),
  note: z.string(),
}).meta({ id: 'ProductList' });

export const clipListSchema = withFreshness({
  items: z.array(
    z.object({
      id: z.string(),
      videoId: z.string(),
      title: z.string(),
      durationSeconds: z.int().max(180),
      width: z.int(),
      height: z.int(),
      aspectRatio: z.literal('9:16'),
      publishedAt: z.iso.datetime(),
      thumbnailUrl: z.url(),
      playbackUrl: z.url(),
      videoUrl: z.url(),
    }),
  ),
  ...page,
  filters: z.object({ videoId: z.string().nullable() }),
}).meta({ id: 'ClipList' });

const slotSchema = z.object({
  day: z.string(),
  start: z.string(),
  end: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  videoId: z.string().nullable(),
  videoUrl: z.url().nullable(),
});
export const specialViewSchema = z
  .object({ id: z.string(), title: z.string(), description: z.string(), startsAt: z.iso.datetime(), endsAt: z.iso.datetime(), announceAt: z.iso.datetime() })
  .meta({ id: 'Special' });

export const scheduleResponseSchema = withFreshness({
  timeZone: z.string(),
  onAir: z.object({
    at: z.iso.datetime(),
    timeZone: z.string(),
    localDay: z.string(),
    localTime: z.string(),
    now: slotSchema.extend({ special: specialViewSchema.nullable() }),
    next: slotSchema,
  }),
  weekly: z.array(slotSchema),
  specials: z.array(specialViewSchema),
}).meta({ id: 'Schedule' });

const referenceSchema = z.object({
  authors: z.string(),
  title: z.string(),
  publisher: z.string().optional(),
  journal: z.string().optional(),
  year: z.int(),
  url: z.url().optional(),
  doi: z.string().optional(),
});

export const knowledgeEntrySchema = z
  .object({
    id: z.string(),
    topic: z.enum(topics),
    name: z.string(),
    summary: z.string(),
    aliases: z.array(z.string()),
    facts: z.array(z.object({ label: z.string(), value: z.string() })),
    body: z.string().meta({ description: 'Markdown.' }),
    references: z.array(referenceSchema).min(1),
    related: z.array(z.string()),
    updated: z.iso.date(),
    permalink: z.url(),
    pageUrl: z.url(),
    citeAs: z.string(),
  })
  .meta({ id: 'KnowledgeEntry' });

export const datasetMetaSchema = z
  .object({
    title: z.string(),
    version: z.string(),
    license: z.literal('CC-BY-4.0'),
    licenseUrl: z.url(),
    disclaimer: z.string(),
    publisher: z.string(),
    updated: z.iso.date(),
    topics: z.array(z.enum(topics)),
    counts: z.record(z.enum(topics), z.int()),
    totalEntries: z.int(),
    url: z.url(),
    citeAs: z.string(),
  })
  .meta({ id: 'KnowledgeDataset' });

export const knowledgeResponseSchema = withFreshness({
  dataset: datasetMetaSchema,
  topics: z.record(z.enum(topics), z.array(knowledgeEntrySchema)).optional(),
  topic: z.enum(topics).optional(),
  search: z.string().optional(),
  items: z.array(knowledgeEntrySchema).optional(),
}).meta({
  id: 'Knowledge',
  description: 'The whole dataset (topics); one topic slice (topic + items) when ?topic= is given; the entries matching ?search= (search + items, within the topic when both are given).',
});

export const knowledgeEntryResponseSchema = withFreshness({
  entry: knowledgeEntrySchema,
  dataset: z.object({ title: z.string(), version: z.string(), license: z.string(), licenseUrl: z.url() }),
  disclaimer: z.string(),
}).meta({ id: 'KnowledgeEntryResponse' });

const topicPath = z.object({ topic: z.enum(topics).meta({ description: 'Knowledge topic.' }) });

/** Self-descriptions of the catalog and knowledge endpoints (discovery index, OpenAPI, llms.txt). */
export function catalogEndpoints(categories: string[]) {
  const videos = defineEndpoint({
    operationId: 'videos',
    method: 'GET',
    path: '/api/public/videos',
    tag: 'Catalog',
    summary: 'List approved videos, newest first.',
    description: 'Filter by category, tag, featured flag and search words; page with limit (1-100, default 20) and offset. Without a query the body is pre-rendered.',
    auth: 'none',
    query: videoQuerySchema(categories),
    status: 200,
    response: videoListSchema,
    errors: ['invalid_request'],
    cache: 'content',
    prerendered: true,
  });
  const video = defineEndpoint({
    operationId: 'video',
    method: 'GET',
    path: '/api/public/videos/{id}',
    tag: 'Catalog',
    summary: 'One approved video, with its playable URL (playbackUrl).',
    auth: 'none',
    pathParams: z.object({ id: idParam('Video id, e.g. cc-001.') }),
    status: 200,
    response: videoResponseSchema,
    errors: ['not_found'],
    prerendered: true,
  });
  const podcast = defineEndpoint({
    operationId: 'podcast',
    method: 'GET',
    path: '/api/public/podcast',
    tag: 'Catalog',
    summary: 'Podcast metadata and every episode, newest first.',
    auth: 'none',
    status: 200,
    response: podcastResponseSchema,
    errors: [],
    prerendered: true,
  });
  const schedule = defineEndpoint({
    operationId: 'schedule',
    method: 'GET',
    path: '/api/public/schedule',
    tag: 'Catalog',
    summary: "The weekly 24/7 grid in the schedule's time zone, announced specials, and what is on now and next.",
    description: 'Computed per request (specials appear at their announce instant); cacheable for 60 seconds.',
    auth: 'none',
    status: 200,
    response: scheduleResponseSchema,
    errors: [],
    cache: 'content',
  });
  const products = defineEndpoint({
    operationId: 'products',
    method: 'GET',
    path: '/api/public/shop/products',
    tag: 'Catalog',
    summary: 'Shop catalog: novelty items and bundles, prices as { amount, currency }.',
    auth: 'none',
    status: 200,
    response: productListSchema,
    errors: [],
    prerendered: true,
  });
  const clips = defineEndpoint({
    operationId: 'clips',
    method: 'GET',
    path: '/api/public/clips',
    tag: 'Catalog',
    summary: 'Short vertical clips (9:16, at most 180 s), newest first.',
    auth: 'none',
    query: clipQuerySchema,
    status: 200,
    response: clipListSchema,
    errors: ['invalid_request'],
    cache: 'content',
    prerendered: true,
  });
  const knowledge = defineEndpoint({
    operationId: 'knowledge',
    method: 'GET',
    path: '/api/public/knowledge',
    tag: 'Knowledge',
    summary: 'The knowledge base (CC-BY-4.0, educational, not medical advice): all topics, one with ?topic=, or the entries matching ?search= words.',
    auth: 'none',
    query: knowledgeQuerySchema,
    status: 200,
    response: knowledgeResponseSchema,
    errors: ['unknown_topic', 'invalid_request'],
    cache: 'content',
    prerendered: true,
  });
  const knowledgeTopic = defineEndpoint({
    operationId: 'knowledge_topic',
    method: 'GET',
    path: '/api/public/knowledge/{topic}',
    tag: 'Knowledge',
    summary: 'One topic slice; the same body as /api/public/knowledge?topic={topic}.',
    auth: 'none',
    pathParams: topicPath,
    status: 200,
    response: knowledgeResponseSchema,
    errors: ['not_found'],
    prerendered: true,
  });
  const knowledgeEntry = defineEndpoint({
    operationId: 'knowledge_entry',
    method: 'GET',
    path: '/api/public/knowledge/{topic}/{id}',
    tag: 'Knowledge',
    summary: 'The citable permalink of one knowledge entry, with references and a ready-made citeAs line.',
    auth: 'none',
    pathParams: topicPath.extend({ id: idParam('Entry id, e.g. cannabidiol.') }),
    status: 200,
    response: knowledgeEntryResponseSchema,
    errors: ['not_found'],
    prerendered: true,
  });
  return { videos, video, podcast, schedule, products, clips, knowledge, knowledgeTopic, knowledgeEntry };
}
