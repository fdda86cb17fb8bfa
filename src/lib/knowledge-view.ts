/**
 * What the knowledge pages need beyond the catalog: topic labels and Markdown rendered to HTML
 * at build time with `marked`. The Markdown is editor-written content from content/knowledge,
 * reviewed in git, never user input.
 */
import { Marked } from 'marked';
import type { Topic } from '../schemas/content.ts';
import type { Catalog, KnowledgeEntry } from '../catalog/catalog-types.ts';

export const topicInfo: Record<Topic, { title: string; blurb: string }> = {
  cannabinoids: { title: 'Cannabinoids', blurb: 'The plant compounds best known by their abbreviations, THC and CBD among them.' },
  terpenes: { title: 'Terpenes', blurb: 'Aromatic compounds shared with many other plants, from citrus to pine.' },
  medical: { title: 'Medical and wellness', blurb: 'What published research says, and does not say, on health topics.' },
  methods: { title: 'Consumption methods', blurb: 'How different routes compare on onset, duration and safety.' },
  glossary: { title: 'Glossary', blurb: 'Short definitions of the words used across the knowledge base.' },
};

export function entriesOf(catalog: Catalog, topic: Topic): KnowledgeEntry[] {
  return catalog.knowledge.entries.filter((e) => e.topic === topic).sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** Entry pages own the h1, so headings inside an entry's Markdown start at h2. */
const markdown = new Marked({
  gfm: true,
  async: false,
  walkTokens(token) {
    if (token.type === 'heading') token.depth = Math.min(6, Math.max(2, token.depth + 1));
  },
});

export function renderMarkdown(source: string): string {
  return markdown.parse(source, { async: false });
}

/** The site path of an entry's human page, found by id across all topics. */
export function entryPath(catalog: Catalog, id: string): { href: string; name: string } | undefined {
  const entry = catalog.knowledge.entries.find((e) => e.id === id);
  return entry && { href: `/knowledge/${entry.topic}/${entry.id}`, name: entry.name };
}
