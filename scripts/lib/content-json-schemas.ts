/**
 * JSON Schemas for every kind of content file, generated from the zod schemas that validate them
 * (src/schemas/content.ts), so an editor's IDE checks and completes a file while it is typed.
 * Written by `npm run content` to content/schemas/; `.vscode/settings.json` maps them onto the
 * files with the YAML language server's `yaml.schemas`.
 *
 * Draft-07, the newest dialect the YAML language server supports. Schemas describe what an
 * editor writes (zod's input side: a field with a default may be left out). Checks that span
 * files become enums read from the content itself, so the IDE flags them too: a video's
 * category must be an id of site.yaml's categories, a clip's videoId an approved video, and so
 * on. So adding or removing a video, category, shop item or knowledge entry changes the schemas,
 * and content/README.md tells editors to commit them with it (a test compares them). What JSON Schema cannot say (the id equals the file name, a clip is 9:16, the schedule has
 * no gaps, citations match references) is left to `npm run content`.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
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
  topics,
  videoSchema,
} from '../../src/schemas/content.ts';

type JsonSchema = Record<string, any>;

export interface ContentKind {
  /** File name stem under content/schemas/: `video` -> video.schema.json. */
  name: string;
  /** Globs of the files it describes, relative to the repository root. */
  files: string[];
  /** Markdown entries: the schema describes the YAML front matter. */
  frontMatter: boolean;
  schema: z.ZodType;
  title: string;
}

export const contentKinds: ContentKind[] = [
  { name: 'site', files: ['content/site.yaml'], frontMatter: false, schema: siteSchema, title: 'Site: brand, base URL, contact, languages and video categories' },
  { name: 'video', files: ['content/videos/*.yaml'], frontMatter: false, schema: videoSchema, title: 'A video (the file name is its id)' },
  { name: 'podcast-show', files: ['content/podcast/show.yaml'], frontMatter: false, schema: podcastShowSchema, title: 'The podcast show' },
  { name: 'episode', files: ['content/podcast/episodes/*.yaml'], frontMatter: false, schema: episodeSchema, title: 'A podcast episode (the file name is its id)' },
  { name: 'schedule', files: ['content/schedule.yaml'], frontMatter: false, schema: scheduleSchema, title: 'The weekly 24/7 grid and dated specials' },
  { name: 'product', files: ['content/shop/*.yaml'], frontMatter: false, schema: productSchema, title: 'A shop product, item or bundle (the file name is its id)' },
  { name: 'clip', files: ['content/clips/*.yaml'], frontMatter: false, schema: clipSchema, title: 'A short vertical clip (the file name is its id)' },
  { name: 'dataset', files: ['content/knowledge/dataset.yaml'], frontMatter: false, schema: datasetSchema, title: 'Knowledge base dataset metadata' },
  {
    name: 'knowledge-entry',
    files: topics.map((t) => `content/knowledge/${t}/*.md`),
    frontMatter: true,
    schema: knowledgeEntrySchema,
    title: 'Front matter of a knowledge entry (the file name is its id)',
  },
  { name: 'exclusive', files: ['content/exclusive/*.md'], frontMatter: true, schema: exclusiveSchema, title: 'Front matter of AI-only exclusive content' },
  { name: 'ai-note', files: ['content/ai-notes/*.md'], frontMatter: true, schema: aiNoteSchema, title: 'Front matter of an AI-only note for the tier-gated feed' },
];

/** Ids the content itself defines, which other files may refer to. */
export interface ContentIds {
  categories: string[];
  approvedVideos: string[];
  items: string[];
  knowledge: string[];
}

const stem = (file: string) => file.replace(/\.(ya?ml|md)$/, '');

function yamlIn(dir: string): Array<Record<string, unknown>> {
  if (!existsSync(dir)) return [];
  const out: Array<Record<string, unknown>> = [];
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith('.yaml'))
    .sort()) {
    try {
      out.push({ ...(parseYaml(readFileSync(join(dir, f), 'utf8')) as object), __file: stem(f) });
    } catch {
      // An unparseable file defines nothing; the build reports it.
    }
  }
  return out;
}

/** Reads the ids from a content folder, tolerating broken files (they are the build's to report). */
export function readContentIds(contentDir: string): ContentIds {
  let categories: string[] = [];
  try {
    const site = parseYaml(readFileSync(join(contentDir, 'site.yaml'), 'utf8')) as { categories?: Array<{ id?: unknown }> };
    categories = (site.categories ?? []).map((c) => c.id).filter((id): id is string => typeof id === 'string');
  } catch {
    categories = [];
  }
  const videos = yamlIn(join(contentDir, 'videos'));
  const products = yamlIn(join(contentDir, 'shop'));
  const knowledge = topics.flatMap((t) =>
    existsSync(join(contentDir, 'knowledge', t))
      ? readdirSync(join(contentDir, 'knowledge', t))
          .filter((f) => f.endsWith('.md'))
          .map(stem)
      : [],
  );
  return {
    categories,
    approvedVideos: videos.filter((v) => v.status === 'approved').map((v) => String(v.__file)),
    items: products.filter((p) => p.type === 'item').map((p) => String(p.__file)),
    knowledge: [...new Set(knowledge)].sort(),
  };
}

/** The node at a path of property names (`[]` steps into an array's item schema). */
function at(schema: JsonSchema, path: string[], kind: string): JsonSchema {
  let node = schema;
  for (const key of path) {
    node = key === '[]' ? node.items : node.properties?.[key];
    if (!node) throw new Error(`${kind}: the generated schema has no ${path.join('.')}; update scripts/lib/content-json-schemas.ts`);
  }
  return node;
}

/** Narrows a string field to the ids the content defines (when it defines any). */
function restrict(schema: JsonSchema, kind: string, path: string[], ids: string[], what: string): void {
  if (!ids.length) return;
  const node = at(schema, path, kind);
  node.enum = [...ids].sort();
  node.description = [node.description, `One of the ${what}.`].filter(Boolean).join(' ');
}

/** The JSON Schema of one kind of content file, with the content's ids as enums. */
export function contentJsonSchema(kind: ContentKind, ids: ContentIds): JsonSchema {
  const schema = z.toJSONSchema(kind.schema, { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const ordered: JsonSchema = {
    $schema: schema.$schema,
    title: kind.title,
    description: `Generated from src/schemas/content.ts by npm run content; do not edit. Describes ${kind.files.join(', ')}${kind.frontMatter ? ' (the YAML front matter between the --- lines)' : ''}. The build checks more than this schema can say; its messages name the file and the field.`,
    ...schema,
  };
  switch (kind.name) {
    case 'video':
      restrict(ordered, kind.name, ['category'], ids.categories, 'category ids in content/site.yaml');
      break;
    case 'clip':
      restrict(ordered, kind.name, ['videoId'], ids.approvedVideos, 'approved videos in content/videos/');
      break;
    case 'schedule':
      restrict(ordered, kind.name, ['slots', '[]', 'category'], ids.categories, 'category ids in content/site.yaml');
      restrict(ordered, kind.name, ['slots', '[]', 'videoId'], ids.approvedVideos, 'approved videos in content/videos/');
      break;
    case 'product':
      restrict(ordered, kind.name, ['items', '[]'], ids.items, 'shop items (not bundles) in content/shop/');
      break;
    case 'knowledge-entry':
      restrict(ordered, kind.name, ['related', '[]'], ids.knowledge, 'knowledge entry ids in content/knowledge/');
      break;
  }
  return ordered;
}

/** Every kind's schema, as the files `npm run content` writes: name -> JSON text. */
export function contentJsonSchemaFiles(contentDir: string): Map<string, string> {
  const ids = readContentIds(contentDir);
  return new Map(contentKinds.map((kind) => [`${kind.name}.schema.json`, `${JSON.stringify(contentJsonSchema(kind, ids), null, 2)}\n`]));
}
