/**
 * Turns the files under content/ into one validated, cross-checked Catalog.
 *
 * Pure: it takes file contents, not paths on disk, so tests can feed it broken fixtures and the
 * build script (`scripts/build-content.ts`) can feed it the real folder. Every problem is
 * reported with the file and the field, and all problems are reported at once so an editor fixes
 * them in one pass.
 */
import { createHash } from 'node:crypto';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import {
  aiNoteSchema,
  clipSchema,
  datasetSchema,
  episodeSchema,
  exclusiveSchema,
  knowledgeEntrySchema,
  podcastShowSchema,
  productSchema,
  scheduleSchema,
  siteSchema,
  topicCounts,
  topics,
  videoSchema,
  weekdays,
  type Topic,
} from '../schemas/content.ts';
import type { Catalog, KnowledgeEntry, MarkdownDoc } from './catalog-types.ts';
import { checkCitations } from './citations.ts';

export interface ContentFile {
  /** Path relative to the repository root, with forward slashes: `content/videos/cc-001.yaml`. */
  path: string;
  text: string;
}

export class ContentValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Content is invalid (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n  - ${problems.join('\n  - ')}`);
    this.name = 'ContentValidationError';
  }
}

/** A file the site ships, as the build sees it (scripts/lib/public-media.ts reads public/). */
export interface MediaFile {
  bytes: number;
  /** Audio and video: the length the file itself gives, in seconds. */
  seconds?: number;
  /** Video: the picture size the file itself gives. */
  width?: number;
  height?: number;
  /** An audio or video file whose facts could not be read, and why. */
  unreadable?: string;
}

export interface BuildOptions {
  /** The instant the build ran, used as dataFreshness.generatedAt of pre-rendered bodies. */
  builtAt: Date;
  /**
   * Looks up a site-relative media path (`/media/videos/cc-001.mp4`) among the files the site
   * ships (public/), or undefined when there is no such file. When given, every local media path
   * the content names must exist, and what the content says of a file must be what the file says
   * of itself: an episode's `audio.lengthBytes` its size, a `durationSeconds` its length (to the
   * second), a clip's `width` and `height` its picture. The build script passes one that reads
   * public/; unit tests may leave it out.
   */
  media?: (sitePath: string) => MediaFile | undefined;
}

export function buildCatalog(files: ContentFile[], options: BuildOptions): Catalog {
  const problems: string[] = [];
  const byPath = new Map(files.map((f) => [f.path, f]));
  const under = (prefix: string, ext: string) =>
    files.filter((f) => f.path.startsWith(prefix) && f.path.endsWith(ext) && !f.path.slice(prefix.length).includes('/')).sort((a, b) => a.path.localeCompare(b.path));

  function parseFile<S extends z.ZodType>(file: ContentFile | undefined, path: string, schema: S, expectId = false): z.output<S> | undefined {
    if (!file) {
      problems.push(`${path}: file is missing`);
      return undefined;
    }
    let raw: unknown;
    let body: string | undefined;
    let yaml = file.text;
    try {
      if (file.path.endsWith('.md')) {
        const split = splitFrontMatter(file.text);
        yaml = split.frontMatter;
        body = split.body;
      }
      raw = parseYaml(yaml);
    } catch (error) {
      problems.push(`${file.path}: not valid YAML: ${(error as Error).message.split('\n')[0]}`);
      return undefined;
    }
    for (const { path, value, reading } of yaml11Readings(raw, parseYaml(yaml, { version: '1.1' }))) {
      problems.push(`${file.path}: ${path.join('.') || '(file)'}: write ${JSON.stringify(value)} in quotes; unquoted, YAML 1.1 tools (js-yaml, ajv-cli, many editors) read it as ${reading}, not text`);
    }
    const result = schema.safeParse(raw);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = issue.path.length ? issue.path.join('.') : '(file)';
        problems.push(`${file.path}: ${field}: ${issue.message}`);
      }
      return undefined;
    }
    const value = result.data as Record<string, unknown>;
    if (expectId) {
      const stem = file.path
        .split('/')
        .pop()!
        .replace(/\.(ya?ml|md)$/, '');
      if (value.id !== stem) problems.push(`${file.path}: id: must equal the file name "${stem}" (found "${String(value.id)}")`);
    }
    if (body !== undefined) value.body = body.trim();
    return value as z.output<S>;
  }

  const site = parseFile(byPath.get('content/site.yaml'), 'content/site.yaml', siteSchema);
  const allVideos = under('content/videos/', '.yaml')
    .map((f) => parseFile(f, f.path, videoSchema, true))
    .filter(isDefined);
  const show = parseFile(byPath.get('content/podcast/show.yaml'), 'content/podcast/show.yaml', podcastShowSchema);
  const episodes = under('content/podcast/episodes/', '.yaml')
    .map((f) => parseFile(f, f.path, episodeSchema, true))
    .filter(isDefined);
  const schedule = parseFile(byPath.get('content/schedule.yaml'), 'content/schedule.yaml', scheduleSchema);
  const products = under('content/shop/', '.yaml')
    .map((f) => parseFile(f, f.path, productSchema, true))
    .filter(isDefined);
  const clips = under('content/clips/', '.yaml')
    .map((f) => parseFile(f, f.path, clipSchema, true))
    .filter(isDefined);
  const dataset = parseFile(byPath.get('content/knowledge/dataset.yaml'), 'content/knowledge/dataset.yaml', datasetSchema);
  const exclusive = under('content/exclusive/', '.md')
    .map((f) => parseFile(f, f.path, exclusiveSchema, true) as (z.output<typeof exclusiveSchema> & { body: string }) | undefined)
    .filter(isDefined);
  const aiNotes = under('content/ai-notes/', '.md')
    .map((f) => parseFile(f, f.path, aiNoteSchema, true) as (z.output<typeof aiNoteSchema> & { body: string }) | undefined)
    .filter(isDefined);

  const knowledgeFiles: Array<{ topic: Topic; path: string; entry: z.output<typeof knowledgeEntrySchema> & { body: string } }> = [];
  for (const topic of topics) {
    const entries = under(`content/knowledge/${topic}/`, '.md');
    if (entries.length !== topicCounts[topic]) {
      problems.push(`content/knowledge/${topic}/: must hold exactly ${topicCounts[topic]} entries (found ${entries.length})`);
    }
    for (const f of entries) {
      const entry = parseFile(f, f.path, knowledgeEntrySchema, true) as (z.output<typeof knowledgeEntrySchema> & { body: string }) | undefined;
      if (entry) knowledgeFiles.push({ topic, path: f.path, entry });
    }
  }
  const strayTopic = files.find((f) => f.path.startsWith('content/knowledge/') && f.path.endsWith('.md') && !topics.some((t) => f.path.startsWith(`content/knowledge/${t}/`)));
  if (strayTopic) problems.push(`${strayTopic.path}: topic folder must be one of ${topics.join(', ')}`);

  // Cross-references: checked only once each file is valid on its own.
  const categoryIds = new Set(site?.categories.map((c) => c.id));
  const videoById = new Map(allVideos.map((v) => [v.id, v]));
  const isPublished = (videoId: string) => videoById.get(videoId)?.status === 'approved';
  for (const v of allVideos) {
    if (site && !categoryIds.has(v.category)) problems.push(`content/videos/${v.id}.yaml: category: "${v.category}" is not a category in content/site.yaml`);
  }
  for (const c of clips) {
    if (!isPublished(c.videoId)) problems.push(`content/clips/${c.id}.yaml: videoId: "${c.videoId}" is not an approved video`);
  }
  const productById = new Map(products.map((p) => [p.id, p]));
  for (const p of products) {
    for (const [i, itemId] of (p.items ?? []).entries()) {
      const item = productById.get(itemId);
      if (!item) problems.push(`content/shop/${p.id}.yaml: items.${i}: "${itemId}" is not a product`);
      else if (item.type !== 'item') problems.push(`content/shop/${p.id}.yaml: items.${i}: "${itemId}" is a bundle; bundles hold items only`);
    }
  }
  if (schedule) problems.push(...checkSchedule(schedule, (videoId) => isPublished(videoId), categoryIds));
  const knowledgeIds = new Map<string, string>();
  for (const k of knowledgeFiles) {
    const seen = knowledgeIds.get(k.entry.id);
    if (seen) problems.push(`${k.path}: id: "${k.entry.id}" is already used by ${seen}`);
    knowledgeIds.set(k.entry.id, k.path);
  }
  for (const k of knowledgeFiles) {
    for (const [i, rel] of k.entry.related.entries()) {
      if (!knowledgeIds.has(rel)) problems.push(`${k.path}: related.${i}: "${rel}" is not a knowledge entry`);
    }
    const citable = [{ field: 'summary', text: k.entry.summary }, ...k.entry.facts.map((f, i) => ({ field: `facts.${i}.value`, text: f.value })), { field: 'body', text: k.entry.body }];
    problems.push(...checkCitations(k.path, citable, k.entry.references));
  }

  if (options.media) {
    problems.push(
      ...checkMedia(options.media, [
        ...(show ? [{ path: 'content/podcast/show.yaml', fields: { image: show.image } }] : []),
        ...allVideos.map((v) => ({
          path: `content/videos/${v.id}.yaml`,
          fields: { thumbnail: v.thumbnail, playbackUrl: v.playbackUrl },
          claims: { field: 'playbackUrl', durationSeconds: v.durationSeconds },
        })),
        ...clips.map((c) => ({
          path: `content/clips/${c.id}.yaml`,
          fields: { thumbnail: c.thumbnail, playbackUrl: c.playbackUrl },
          claims: { field: 'playbackUrl', durationSeconds: c.durationSeconds, width: c.width, height: c.height },
        })),
        ...products.map((p) => ({ path: `content/shop/${p.id}.yaml`, fields: { image: p.image } })),
        ...episodes.map((e) => ({
          path: `content/podcast/episodes/${e.id}.yaml`,
          fields: { 'audio.url': e.audio.url, transcriptUrl: e.transcriptUrl },
          claims: { field: 'audio.url', lengthBytes: e.audio.lengthBytes, durationSeconds: e.durationSeconds },
        })),
      ]),
    );
  }

  if (problems.length || !site || !show || !schedule || !dataset) throw new ContentValidationError(problems);

  const contentHash = createHash('sha256');
  for (const f of [...files].sort((a, b) => a.path.localeCompare(b.path))) contentHash.update(f.path).update('\0').update(f.text).update('\0');
  const contentVersion = `${dataset.version}+${contentHash.digest('hex').slice(0, 8)}`;

  const knowledge: KnowledgeEntry[] = knowledgeFiles.map(({ topic, entry }) => ({ ...entry, topic }));

  const newest = (dates: string[]) => dates.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a), '1970-01-01T00:00:00.000Z');
  const toIso = (d: string) => new Date(d).toISOString();
  const videos = allVideos.filter((v) => v.status === 'approved').sort(byNewest);
  const announcedByBuild = schedule.specials.map((s) => s.announceAt).filter((a) => Date.parse(a) <= options.builtAt.getTime());
  const lastModified = {
    videos: toIso(newest(videos.map((v) => v.updatedAt ?? v.publishedAt))),
    podcast: toIso(newest(episodes.map((e) => e.publishedAt))),
    // A special announced after the build has not changed anything public yet.
    schedule: toIso(announcedByBuild.length ? newest(announcedByBuild) : options.builtAt.toISOString()),
    shop: toIso(newest(products.map((p) => p.updatedAt ?? options.builtAt.toISOString()))),
    clips: toIso(newest(clips.map((c) => c.publishedAt))),
    knowledge: toIso(newest([dataset.updated, ...knowledge.map((k) => k.updated)])),
  };

  return {
    contentVersion,
    builtAt: options.builtAt.toISOString(),
    lastModified,
    site,
    videos,
    podcast: { show, episodes: [...episodes].sort(byNewest) },
    schedule,
    products,
    clips: [...clips].sort(byNewest),
    knowledge: { dataset, entries: knowledge },
    exclusive: exclusive as MarkdownDoc<'Platinum' | 'Legend'>[],
    aiNotes: aiNotes as MarkdownDoc<'Silver' | 'Gold' | 'Platinum' | 'Legend'>[],
  };
}

interface MediaRefs {
  path: string;
  /** Field name -> site path (absolute URLs to other sites are not checked). */
  fields: Record<string, string | undefined>;
  /** What the content says of the file behind one of `fields`, checked against the file itself. */
  claims?: { field: string; lengthBytes?: number; durationSeconds?: number; width?: number; height?: number };
}

const regenerate = 'npm run media writes the real values';

/**
 * Every local media path must be a file the site ships, and what the content says of a file
 * (its size, length and picture size) must be what the file says of itself. A length matches
 * when it is within a second of the file's, so a whole number of seconds can state any file.
 */
function checkMedia(media: NonNullable<BuildOptions['media']>, refs: MediaRefs[]): string[] {
  const problems: string[] = [];
  for (const { path, fields, claims } of refs) {
    for (const [field, sitePath] of Object.entries(fields)) {
      if (!sitePath?.startsWith('/') || sitePath.startsWith('//')) continue;
      const file = media(sitePath);
      if (!file) {
        problems.push(`${path}: ${field}: ${sitePath} is not a file in public${sitePath} (add it, or run npm run media for videos, clips and episodes)`);
        continue;
      }
      if (claims?.field !== field) continue;
      const where = `public${sitePath}`;
      if (claims.lengthBytes !== undefined && claims.lengthBytes !== file.bytes) {
        problems.push(`${path}: audio.lengthBytes: ${claims.lengthBytes} does not match ${where}, which is ${file.bytes} bytes (${regenerate})`);
      }
      if (file.unreadable) {
        problems.push(`${path}: ${field}: ${where} could not be read as audio or video: ${file.unreadable}`);
        continue;
      }
      if (claims.durationSeconds !== undefined && file.seconds !== undefined && Math.abs(claims.durationSeconds - file.seconds) >= 1) {
        problems.push(`${path}: durationSeconds: ${claims.durationSeconds} does not match ${where}, which is ${seconds(file.seconds)} long (${regenerate})`);
      }
      if (claims.width !== undefined && file.width !== undefined && claims.width !== file.width) {
        problems.push(`${path}: width: ${claims.width} does not match ${where}, which is ${file.width} pixels wide (${regenerate})`);
      }
      if (claims.height !== undefined && file.height !== undefined && claims.height !== file.height) {
        problems.push(`${path}: height: ${claims.height} does not match ${where}, which is ${file.height} pixels high (${regenerate})`);
      }
    }
  }
  return problems;
}

/** `4 s`, `18.9 s`: a file's length as messages give it. */
function seconds(value: number): string {
  return `${Number(value.toFixed(1))} s`;
}

/** Minutes since midnight for "HH:MM"; "24:00" is 1440. */
function minutes(clock: string): number {
  const [h, m] = clock.split(':').map(Number);
  return h * 60 + m;
}

/** The weekly grid must cover every minute of the week exactly once: no gap, no overlap. */
function checkSchedule(schedule: z.output<typeof scheduleSchema>, isPublishedVideo: (id: string) => boolean, categoryIds: Set<string>): string[] {
  const problems: string[] = [];
  const where = 'content/schedule.yaml';
  schedule.slots.forEach((slot, i) => {
    if (minutes(slot.end) <= minutes(slot.start)) problems.push(`${where}: slots.${i}.end: must be after start (${slot.start}); split slots at midnight`);
    if (slot.videoId && !isPublishedVideo(slot.videoId)) problems.push(`${where}: slots.${i}.videoId: "${slot.videoId}" is not an approved video`);
    if (slot.category && !categoryIds.has(slot.category)) problems.push(`${where}: slots.${i}.category: "${slot.category}" is not a category in content/site.yaml`);
  });
  for (const day of weekdays) {
    const daySlots = schedule.slots
      .map((slot, index) => ({ slot, index }))
      .filter((s) => s.slot.day === day)
      .sort((a, b) => minutes(a.slot.start) - minutes(b.slot.start));
    let cursor = 0;
    for (const { slot, index } of daySlots) {
      const start = minutes(slot.start);
      if (start > cursor) problems.push(`${where}: slots.${index}.start: gap on ${day} from ${fmt(cursor)} to ${slot.start}`);
      if (start < cursor) problems.push(`${where}: slots.${index}.start: overlap on ${day}: ${slot.start} starts before the previous slot ends at ${fmt(cursor)}`);
      cursor = Math.max(cursor, minutes(slot.end));
    }
    if (cursor < 1440) problems.push(`${where}: slots: gap on ${day} from ${fmt(cursor)} to 24:00`);
  }
  schedule.specials.forEach((s, i) => {
    if (Date.parse(s.endsAt) <= Date.parse(s.startsAt)) problems.push(`${where}: specials.${i}.endsAt: must be after startsAt`);
    if (Date.parse(s.announceAt) > Date.parse(s.startsAt)) problems.push(`${where}: specials.${i}.announceAt: must not be after startsAt`);
  });
  return problems;
}

function fmt(m: number): string {
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/**
 * Where a YAML 1.1 parser reads a file differently from the YAML 1.2 parser the build uses:
 * YAML 1.1 turns unquoted timestamps into dates, `yes`/`no`/`on`/`off` into booleans and `06:00`
 * into the number 360. Content must mean the same to both, so the JSON Schemas in content/schemas
 * hold for every tool; quoting the value is the fix.
 */
function yaml11Readings(v12: unknown, v11: unknown, path: string[] = []): Array<{ path: string[]; value: unknown; reading: string }> {
  if (Array.isArray(v12) && Array.isArray(v11)) return v12.flatMap((item, i) => yaml11Readings(item, v11[i], [...path, String(i)]));
  if (isPlainObject(v12) && isPlainObject(v11)) {
    const keys12 = Object.keys(v12);
    const renamed = keys12.filter((key) => !(key in v11));
    if (renamed.length) return renamed.map((key) => ({ path: [...path, key], value: key, reading: 'another key (a boolean)' }));
    return keys12.flatMap((key) => yaml11Readings(v12[key], v11[key], [...path, key]));
  }
  if (Object.is(v12, v11)) return [];
  const reading = v11 instanceof Date ? 'a date' : typeof v11 === 'boolean' ? `the boolean ${v11}` : typeof v11 === 'number' ? `the number ${v11}` : 'something else';
  return [{ path, value: v12, reading }];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function splitFrontMatter(text: string): { frontMatter: string; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) throw new Error('a Markdown entry must start with YAML front matter between --- lines');
  return { frontMatter: match[1], body: match[2] };
}

function byNewest<T extends { publishedAt: string }>(a: T, b: T): number {
  return Date.parse(b.publishedAt) - Date.parse(a.publishedAt) || 0;
}

function isDefined<T>(value: T | undefined): value is T {
  return value !== undefined;
}
