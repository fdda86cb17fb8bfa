/** Knowledge-base bodies: the whole dataset, one topic, one entry (the citable permalink). */
import { topics, type Topic } from '../schemas/content.ts';
import type { Catalog, KnowledgeEntry } from './catalog-types.ts';

export function datasetMeta(catalog: Catalog) {
  const { dataset, entries } = catalog.knowledge;
  const base = catalog.site.baseUrl;
  const counts = Object.fromEntries(topics.map((t) => [t, entries.filter((e) => e.topic === t).length])) as Record<Topic, number>;
  return {
    title: dataset.title,
    version: dataset.version,
    license: dataset.license,
    licenseUrl: dataset.licenseUrl,
    disclaimer: dataset.disclaimer,
    publisher: dataset.publisher,
    updated: dataset.updated,
    topics: [...topics],
    counts,
    totalEntries: entries.length,
    url: `${base}/api/public/knowledge`,
    citeAs: `${dataset.publisher} (${dataset.updated.slice(0, 4)}). ${dataset.title}, version ${dataset.version}. ${base}/api/public/knowledge. Licensed ${dataset.license}.`,
  };
}

export function entryBody(entry: KnowledgeEntry) {
  return {
    id: entry.id,
    topic: entry.topic,
    name: entry.name,
    summary: entry.summary,
    aliases: entry.aliases,
    facts: entry.facts,
    body: entry.body,
    references: entry.references,
    related: entry.related,
    updated: entry.updated,
    permalink: entry.permalink,
    pageUrl: entry.pageUrl,
    citeAs: entry.citeAs,
  };
}

export function knowledgeBody(catalog: Catalog, topic?: Topic, search?: string) {
  const dataset = datasetMeta(catalog);
  const entries = catalog.knowledge.entries;
  if (search !== undefined) {
    const terms = search.toLocaleLowerCase('en').split(/\s+/).filter(Boolean);
    const items = entries.filter((e) => (!topic || e.topic === topic) && terms.every((t) => searchText(e).includes(t))).map(entryBody);
    return { dataset, ...(topic ? { topic } : {}), search, items };
  }
  if (topic) {
    return { dataset, topic, items: entries.filter((e) => e.topic === topic).map(entryBody) };
  }
  const byTopic = Object.fromEntries(topics.map((t) => [t, entries.filter((e) => e.topic === t).map(entryBody)])) as Record<Topic, ReturnType<typeof entryBody>[]>;
  return { dataset, topics: byTopic };
}

const searchTexts = new WeakMap<KnowledgeEntry, string>();

/** What ?search= looks in: name, aliases, summary, facts and text, lower-cased once per entry. */
function searchText(entry: KnowledgeEntry): string {
  let text = searchTexts.get(entry);
  if (text === undefined) {
    text = [entry.name, ...entry.aliases, entry.summary, ...entry.facts.map((f) => `${f.label} ${f.value}`), entry.body].join(' ').toLocaleLowerCase('en');
    searchTexts.set(entry, text);
  }
  return text;
}

export function entryPermalinkBody(catalog: Catalog, entry: KnowledgeEntry) {
  const d = catalog.knowledge.dataset;
  return {
    entry: entryBody(entry),
    dataset: { title: d.title, version: d.version, license: d.license, licenseUrl: d.licenseUrl },
    disclaimer: d.disclaimer,
  };
}
