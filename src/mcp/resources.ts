/**
 * MCP resources: every knowledge entry (its permalink body, with references and citeAs), each
 * topic, the OpenAPI document and llms.txt, addressed by their public URLs so a citation read
 * here points where a reader can follow it.
 */
import { catalog } from '../catalog/data.ts';
import { entryLinks, entryPermalinkBody, knowledgeBody } from '../catalog/knowledge.ts';
import { endpoints } from '../docs/endpoints.ts';
import { openApiDocument } from '../docs/openapi-document.ts';
import { buildLlmsTxt } from '../feeds/llms-txt.ts';
import { topics, type Topic } from '../schemas/content.ts';
import { absoluteUrl } from '../public-origin.ts';

const JSON_TYPE = 'application/json';
const knowledgeRoot = () => absoluteUrl('/api/public/knowledge/');

/** The documents, by their URL on the public origin. */
function documents(): Record<string, { name: string; title: string; mimeType: string; text: () => string }> {
  return {
    [absoluteUrl('/api/public/openapi.json')]: { name: 'openapi', title: 'OpenAPI 3.1 document', mimeType: JSON_TYPE, text: () => JSON.stringify(openApiDocument()) },
    [absoluteUrl('/llms.txt')]: { name: 'llms-txt', title: 'llms.txt: the site and API in plain text', mimeType: 'text/plain', text: () => buildLlmsTxt(catalog, endpoints) },
  };
}

export function resourceList() {
  const entries = catalog.knowledge.entries.map((e) => ({ uri: entryLinks(catalog, e).permalink, name: `${e.topic}/${e.id}`, title: e.name, description: e.summary, mimeType: JSON_TYPE }));
  const docs = Object.entries(documents()).map(([uri, d]) => ({ uri, name: d.name, title: d.title, mimeType: d.mimeType }));
  return [...docs, ...entries];
}

export function resourceTemplates() {
  return [
    { uriTemplate: `${knowledgeRoot()}{topic}/{id}`, name: 'knowledge-entry', title: 'A knowledge entry by topic and id', description: `Topics: ${topics.join(', ')}.`, mimeType: JSON_TYPE },
    { uriTemplate: `${knowledgeRoot()}{topic}`, name: 'knowledge-topic', title: 'Every entry of one knowledge topic', description: `Topics: ${topics.join(', ')}.`, mimeType: JSON_TYPE },
  ];
}

/** The contents at `uri`, or undefined when nothing is there. */
export function readResource(uri: string): { uri: string; mimeType: string; text: string } | undefined {
  const doc = documents()[uri];
  if (doc) return { uri, mimeType: doc.mimeType, text: doc.text() };
  const root = knowledgeRoot();
  if (!uri.startsWith(root)) return undefined;
  const [topic, id, ...rest] = uri.slice(root.length).split('/');
  if (rest.length || !(topics as readonly string[]).includes(topic)) return undefined;
  if (id === undefined) return { uri, mimeType: JSON_TYPE, text: JSON.stringify(knowledgeBody(catalog, topic as Topic)) };
  const entry = catalog.knowledge.entries.find((e) => e.topic === topic && e.id === id);
  return entry ? { uri, mimeType: JSON_TYPE, text: JSON.stringify(entryPermalinkBody(catalog, entry)) } : undefined;
}
