/**
 * MCP resources: every knowledge entry (its permalink body, with references and citeAs), each
 * topic, the OpenAPI document and llms.txt, addressed by their public URLs so a citation read
 * here points where a reader can follow it. Reading one asks its URL through the server's own
 * answer path, as a tool call does: the same file, the same bytes.
 */
import { catalog } from '../catalog/data.ts';
import { entryLinks } from '../catalog/knowledge.ts';
import { absoluteUrl, publicOrigin } from '../public-origin.ts';
import { topics } from '../schemas/content.ts';
import type { ToolCaller } from './tools.ts';

const JSON_TYPE = 'application/json';
const KNOWLEDGE_PATH = '/api/public/knowledge/';

const documents = [
  { path: '/api/public/openapi.json', name: 'openapi', title: 'OpenAPI 3.1 document', mimeType: JSON_TYPE },
  { path: '/llms.txt', name: 'llms-txt', title: 'llms.txt: the site and API in plain text', mimeType: 'text/plain' },
];

/** A knowledge topic, or one entry of it. */
const knowledgePath = new RegExp(`^${KNOWLEDGE_PATH}(${topics.join('|')})(/[a-z0-9-]+)?$`);

export function resourceList() {
  const entries = catalog.knowledge.entries.map((e) => ({ uri: entryLinks(catalog, e).permalink, name: `${e.topic}/${e.id}`, title: e.name, description: e.summary, mimeType: JSON_TYPE }));
  const docs = documents.map((d) => ({ uri: absoluteUrl(d.path), name: d.name, title: d.title, mimeType: d.mimeType }));
  return [...docs, ...entries];
}

export function resourceTemplates() {
  const root = absoluteUrl(KNOWLEDGE_PATH);
  return [
    { uriTemplate: `${root}{topic}/{id}`, name: 'knowledge-entry', title: 'A knowledge entry by topic and id', description: `Topics: ${topics.join(', ')}.`, mimeType: JSON_TYPE },
    { uriTemplate: `${root}{topic}`, name: 'knowledge-topic', title: 'Every entry of one knowledge topic', description: `Topics: ${topics.join(', ')}.`, mimeType: JSON_TYPE },
  ];
}

/** The contents at `uri`, or undefined when no resource is there. */
export async function readResource(uri: string, caller: ToolCaller): Promise<{ uri: string; mimeType: string; text: string } | undefined> {
  const origin = publicOrigin();
  if (!uri.startsWith(`${origin}/`)) return undefined;
  const path = uri.slice(origin.length);
  const doc = documents.find((d) => d.path === path);
  if (!doc && !knowledgePath.test(path)) return undefined;
  const response = await caller.locals.invoke(new Request(new URL(path, caller.request.url)));
  if (response.status !== 200) return undefined;
  return { uri, mimeType: doc?.mimeType ?? JSON_TYPE, text: await response.text() };
}
