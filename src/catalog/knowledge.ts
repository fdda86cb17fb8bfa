/** Knowledge-base bodies: the whole dataset, one topic, one entry (the citable permalink). */
import { topics, type Topic } from '../schemas/content.ts';
import type { Catalog, KnowledgeEntry } from './catalog-types.ts';
import { absoluteUrl, publicOrigin } from '../public-origin.ts';

export function datasetMeta(catalog: Catalog) {
  const { dataset, entries } = catalog.knowledge;
  const base = publicOrigin();
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

/** Where an entry lives, on the public origin: its JSON permalink, its page, and a CC-BY-4.0 attribution line. */
export function entryLinks(catalog: Pick<Catalog, 'knowledge'>, entry: KnowledgeEntry): { permalink: string; pageUrl: string; citeAs: string } {
  const d = catalog.knowledge.dataset;
  const permalink = absoluteUrl(`/api/public/knowledge/${entry.topic}/${entry.id}`);
  return {
    permalink,
    pageUrl: absoluteUrl(`/knowledge/${entry.topic}/${entry.id}`),
    citeAs: `${d.publisher}. "${entry.name}." ${d.title}, version ${d.version}, updated ${entry.updated}. ${permalink}. Licensed ${d.license}.`,
  };
}

export function entryBody(catalog: Pick<Catalog, 'knowledge'>, entry: KnowledgeEntry) {
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
    ...entryLinks(catalog, entry),
  };
}

export function knowledgeBody(catalog: Catalog, topic?: Topic, search?: string) {
  const dataset = datasetMeta(catalog);
  const entries = catalog.knowledge.entries;
  if (search !== undefined) {
    const terms = search.toLocaleLowerCase('en').split(/\s+/).filter(Boolean);
    const items = entries.filter((e) => (!topic || e.topic === topic) && terms.every((t) => searchText(e).includes(t))).map((e) => entryBody(catalog, e));
    return { dataset, ...(topic ? { topic } : {}), search, items };
  }
  if (topic) {
    return { dataset, topic, items: entries.filter((e) => e.topic === topic).map((e) => entryBody(catalog, e)) };
  }
  const byTopic = Object.fromEntries(topics.map((t) => [t, entries.filter((e) => e.topic === t).map((e) => entryBody(catalog, e))])) as Record<Topic, ReturnType<typeof entryBody>[]>;
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
    entry: entryBody(catalog, entry),
    dataset: { title: d.title, version: d.version, license: d.license, licenseUrl: d.licenseUrl },
    disclaimer: d.disclaimer,
  };
}
