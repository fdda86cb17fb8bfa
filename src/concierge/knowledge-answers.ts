/**
 * Answers from the knowledge base: an entry (named, aliased or retrieved), a whole topic, the
 * dataset itself (size, licence, how to cite), and the two safety answers: health questions get
 * education with the dataset's disclaimer and the not-medical-advice line, dosing questions get
 * no amount at all. Entries are cited by their permalink, the same URL the API serves them at.
 */
import type { KnowledgeEntry } from '../catalog/catalog-types.ts';
import { entryLinks } from '../catalog/knowledge.ts';
import { absoluteUrl } from '../public-origin.ts';
import { topics } from '../schemas/content.ts';
import type { Answer, Source } from './answer-types.ts';
import { PROFESSIONAL_LINE, type AnswerContext } from './answer-format.ts';
import { knowledgeDocId, type SearchHit } from './search-index.ts';
import { stem } from './vocabulary.ts';

export const NOT_ADVICE_LINE = 'This is not medical advice.';

const entrySource = (e: KnowledgeEntry): Source => ({ title: e.name, url: absoluteUrl(`/api/public/knowledge/${e.topic}/${e.id}`) });

function entryOfHit(catalog: AnswerContext['catalog'], hit: SearchHit): KnowledgeEntry | undefined {
  return catalog.knowledge.entries.find((e) => knowledgeDocId(e) === hit.id);
}

/**
 * Entries to offer for a health or dosing question: the compounds and methods it names, the
 * medical entries retrieval finds, and always at least one medical entry so the reply is grounded.
 */
function educationalEntries(ctx: AnswerContext): KnowledgeEntry[] {
  const { catalog, index, ranking } = ctx;
  const medical = ranking.topicTerms.length ? index.search(ranking.topicTerms, { kinds: ['knowledge'], topics: ['medical'], limit: 2 }).filter((h) => h.coverage > 0) : [];
  const picked = [...ranking.mentioned, ...medical.map((h) => entryOfHit(catalog, h)).filter((e): e is KnowledgeEntry => !!e)];
  if (!picked.some((e) => e.topic === 'medical')) {
    const fallback = catalog.knowledge.entries.find((e) => e.topic === 'medical');
    if (fallback) picked.push(fallback);
  }
  return [...new Set(picked)].slice(0, 4);
}

export function dosingAnswer(ctx: AnswerContext): Answer {
  const edu = educationalEntries(ctx);
  return ctx.answer(
    `I can't give dosing advice: how much of anything to take is a medical decision, and our knowledge base is educational only. ${PROFESSIONAL_LINE} ` +
      `What I can offer is background reading: ${edu.map((e) => `${e.name} (${entrySource(e).url})`).join('; ')}. ${ctx.catalog.knowledge.dataset.disclaimer}`,
    edu.map(entrySource),
    ['What is the endocannabinoid system?', 'Which topics does the knowledge base cover?'],
  );
}

export function healthAnswer(ctx: AnswerContext): Answer {
  const edu = educationalEntries(ctx);
  const lines = edu.map((e) => `${e.name}: ${e.summary}`).join(' ');
  return ctx.answer(`Here is what our knowledge base says, for education only. ${lines} ${ctx.catalog.knowledge.dataset.disclaimer} ${NOT_ADVICE_LINE} ${PROFESSIONAL_LINE}`, edu.map(entrySource), [
    'What is a certificate of analysis?',
    'Which topics does the knowledge base cover?',
  ]);
}

export function datasetAnswer(ctx: AnswerContext): Answer {
  const { catalog, base, api } = ctx;
  const d = catalog.knowledge.dataset;
  const counts = topics.map((t) => `${catalog.knowledge.entries.filter((e) => e.topic === t).length} ${t}`);
  const example = catalog.knowledge.entries[0];
  return ctx.answer(
    `The ${d.title} (version ${d.version}, ${d.license}) covers ${counts.join(', ')} entries, each with references and a permalink to cite. Read it at GET ${base}/api/public/knowledge, or one topic with ?topic=. Every entry carries a ready-made attribution line (citeAs) that satisfies ${d.license}, for example: Cite as: ${entryLinks(ctx.catalog, example).citeAs} ${d.disclaimer}`,
    [api('/api/public/knowledge', d.title)],
    ['What is CBD?', 'What is the entourage effect?'],
    'knowledge',
  );
}

function topicAnswer(ctx: AnswerContext, topic: (typeof topics)[number]): Answer {
  const { catalog, base, api } = ctx;
  const entries = catalog.knowledge.entries.filter((e) => e.topic === topic);
  return ctx.answer(
    `The knowledge base has ${entries.length} ${topic} entries: ${entries.map((e) => `${e.name}: ${e.summary.split(/(?<=\.)\s/)[0]}`).join(' ')} Read them at GET ${base}/api/public/knowledge/${topic}. ${topic === 'medical' || topic === 'cannabinoids' ? catalog.knowledge.dataset.disclaimer : ''}`,
    [api(`/api/public/knowledge/${topic}`, `Knowledge base: ${topic}`), ...entries.slice(0, 3).map(entrySource)],
    entries.slice(0, 2).map((e) => `What is ${e.name}?`),
    'knowledge',
  );
}

/** `undefined` when the knowledge base has nothing on the question: the caller then says so. */
export function knowledgeAnswer(ctx: AnswerContext): Answer | undefined {
  const { catalog, ranking, understood } = ctx;
  const stems = understood.stems;
  const aboutDataset = stems.has('knowledg') || stems.has('dataset') || stems.has('licens') || stems.has('licenc') || stems.has('cite') || stems.has('citat') || stems.has('glossari');
  if (!ranking.mentioned.length && aboutDataset) return datasetAnswer(ctx);
  const topic = topics.find((t) => stems.has(stem(t)) || stems.has(stem(t.replace(/s$/, ''))));
  // "What terpenes are in cannabis?" asks for the topic's members, whatever else it mentions.
  const asksMembers =
    topic !== undefined && new RegExp(` (what|which|list|name|all|any|kinds? of|types? of) (the |are the |are )?(kinds? of |types? of )?${topic.replace(/s$/, '')}s? `).test(understood.text);
  const retrieved = (ranking.hits.knowledge ?? [])
    .filter((h) => h.coverage >= 0.5)
    .slice(0, 3)
    .map((h) => entryOfHit(catalog, h))
    .filter((e): e is KnowledgeEntry => !!e);
  if (!ranking.mentioned.length && topic && (asksMembers || !retrieved.length || ranking.topicTerms.length <= 1)) return topicAnswer(ctx, topic);
  const entries = ranking.mentioned.length ? ranking.mentioned.slice(0, 3) : retrieved;
  if (!entries.length) return aboutDataset || topic ? datasetAnswer(ctx) : undefined;
  const [first, ...rest] = entries;
  const facts = first.facts.length ? ` ${first.facts.map((f) => `${f.label}: ${f.value}`).join('; ')}.` : '';
  const more = rest.length ? ` Related: ${rest.map((e) => `${e.name}: ${e.summary}`).join(' ')}` : '';
  const medicalNote = entries.some((e) => e.topic === 'medical' || e.topic === 'cannabinoids') || ranking.healthRelated ? ` ${catalog.knowledge.dataset.disclaimer}` : '';
  return ctx.answer(
    `${first.name}: ${first.summary}${facts}${more} Cite as: ${entryLinks(ctx.catalog, first).citeAs}${medicalNote}`,
    entries.map(entrySource),
    first.related.length ? first.related.slice(0, 2).map((id) => `What is ${catalog.knowledge.entries.find((e) => e.id === id)?.name ?? id}?`) : ['Which topics does the knowledge base cover?'],
    'knowledge',
  );
}
