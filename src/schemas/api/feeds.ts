/**
 * Schemas and self-descriptions of the feeds and plain-text summaries: /feeds/videos.xml,
 * /feeds/podcast.xml, /feeds/videos.json, /llms.txt and /llms-full.txt.
 *
 * The JSON Feed schema holds the fields JSON Feed 1.1 requires (version, title, items with id and
 * content_html or content_text) plus the optional ones we publish, so the builder's output is
 * checked against the specification at build time, not just typed.
 */
import { z } from 'zod';
import { dataFreshnessSchema } from './common.ts';
import { defineEndpoint } from './endpoint-doc.ts';

export const JSON_FEED_VERSION = 'https://jsonfeed.org/version/1.1';

/** RFC 3339 date-time, as JSON Feed requires for dates. */
const rfc3339 = z.iso.datetime({ offset: true });

export const jsonFeedAuthorSchema = z.object({ name: z.string().min(1), url: z.url().optional(), avatar: z.url().optional() });

export const jsonFeedAttachmentSchema = z.object({
  url: z.url(),
  mime_type: z.string().min(1),
  title: z.string().optional(),
  size_in_bytes: z.int().positive().optional(),
  duration_in_seconds: z.number().positive().optional(),
});

export const jsonFeedItemSchema = z
  .object({
    id: z.string().min(1),
    url: z.url().optional(),
    external_url: z.url().optional(),
    title: z.string().optional(),
    content_html: z.string().optional(),
    content_text: z.string().optional(),
    summary: z.string().optional(),
    image: z.url().optional(),
    banner_image: z.url().optional(),
    date_published: rfc3339.optional(),
    date_modified: rfc3339.optional(),
    authors: z.array(jsonFeedAuthorSchema).optional(),
    tags: z.array(z.string()).optional(),
    language: z.string().optional(),
    attachments: z.array(jsonFeedAttachmentSchema).optional(),
  })
  .refine((item) => item.content_html !== undefined || item.content_text !== undefined, {
    message: 'JSON Feed 1.1: each item must have content_html or content_text',
    path: ['content_text'],
  })
  .meta({ id: 'JsonFeedItem' });

export const jsonFeedSchema = z
  .object({
    version: z.literal(JSON_FEED_VERSION),
    title: z.string().min(1),
    home_page_url: z.url().optional(),
    feed_url: z.url().optional(),
    description: z.string().optional(),
    user_comment: z.string().optional(),
    icon: z.url().optional(),
    favicon: z.url().optional(),
    authors: z.array(jsonFeedAuthorSchema).optional(),
    language: z.string().optional(),
    expired: z.boolean().optional(),
    items: z.array(jsonFeedItemSchema),
  })
  .meta({ id: 'JsonFeed', description: 'JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/).' });

/**
 * /feeds/videos.json as served: the JSON Feed plus `dataFreshness`, which every JSON body of
 * the service carries. JSON Feed 1.1 lets a feed carry members it does not define; readers ignore them.
 */
export const videosJsonFeedSchema = jsonFeedSchema
  .extend({ dataFreshness: dataFreshnessSchema })
  .meta({ id: 'VideosJsonFeed', description: 'JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/), plus the dataFreshness every JSON body of this service carries.' });

export type JsonFeed = z.infer<typeof jsonFeedSchema>;

const xmlBody = z.string().meta({ description: 'An XML document.' });
const textBody = z.string().meta({ description: 'Markdown-formatted plain text.' });

export const videosRssEndpoint = defineEndpoint({
  operationId: 'videos_rss',
  method: 'GET',
  path: '/feeds/videos.xml',
  summary: 'RSS 2.0 feed of the 50 newest approved videos.',
  description: 'Media RSS elements carry the player URL, duration and thumbnail of each video.',
  tag: 'Feeds',
  auth: 'none',
  status: 200,
  response: xmlBody,
  contentType: 'application/rss+xml',
  errors: [],
  prerendered: true,
});

export const podcastRssEndpoint = defineEndpoint({
  operationId: 'podcast_rss',
  method: 'GET',
  path: '/feeds/podcast.xml',
  summary: 'Podcast RSS feed with every episode, for Apple Podcasts and Podcasting 2.0 apps.',
  description: 'itunes: and podcast: namespaces; enclosures carry the real byte length and type; episode guids never change.',
  tag: 'Feeds',
  auth: 'none',
  status: 200,
  response: xmlBody,
  contentType: 'application/rss+xml',
  errors: [],
  prerendered: true,
});

export const videosJsonFeedEndpoint = defineEndpoint({
  operationId: 'videos_json_feed',
  method: 'GET',
  path: '/feeds/videos.json',
  summary: 'JSON Feed 1.1 of the 50 newest approved videos.',
  tag: 'Feeds',
  auth: 'none',
  status: 200,
  response: videosJsonFeedSchema,
  contentType: 'application/feed+json',
  errors: [],
  prerendered: true,
});

export const llmsTxtEndpoint = defineEndpoint({
  operationId: 'llms_txt',
  method: 'GET',
  path: '/llms.txt',
  summary: 'Plain-text overview of the site and API in the llmstxt.org format.',
  tag: 'Feeds',
  auth: 'none',
  status: 200,
  response: textBody,
  contentType: 'text/plain',
  errors: [],
  prerendered: true,
});

export const llmsFullTxtEndpoint = defineEndpoint({
  operationId: 'llms_full_txt',
  method: 'GET',
  path: '/llms-full.txt',
  summary: 'The full API reference and the full knowledge-base text, with citations, in one file.',
  tag: 'Feeds',
  auth: 'none',
  status: 200,
  response: textBody,
  contentType: 'text/plain',
  errors: [],
  prerendered: true,
});
