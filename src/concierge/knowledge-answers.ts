/**
 * Answers from the knowledge base: an entry or a paragraph of one, a topic with its members named,
 * the dataset itself (version, licence, how to cite), and the two safety answers: a health question
 * gets what the knowledge base says, for education only, with the dataset's disclaimer and the
 * not-medical-advice line; a dosing question gets no amount at all. Entries are cited by their
 * permalink, the URL the API serves them at.
 */
import type { KnowledgeEntry } from '../catalog/catalog-types.ts';
import { entryLinks } from '../catalog/knowledge.ts';
import { topics, type Topic } from '../schemas/content.ts';
import type { Answer, AnswerContext, Hit, Source } from './answer-types.ts';
import { extremeText, NOT_ADVICE_LINE, PROFESSIONAL_LINE } from './answer-format.ts';
import { asksHealth } from './safety.ts';
import { stem } from './text.ts';

const KNOWLEDGE_KINDS = ['knowledge', 'passage'] as const;

export const topicNames: Record<Topic, string> = {
  cannabinoids: 'cannabinoids',
  terpenes: 'terpenes',
  medical: 'medical and wellness topics',
  methods: 'consumption methods',
  glossary: 'glossary terms',
};

/** How the corpus refers to a knowledge entry: `topic/id`. */
export const knowledgeRef = (e: Pick<KnowledgeEntry, 'topic' | 'id'>) => `${e.topic}/${e.id}`;

function entryOf(ctx: AnswerContext, ref: string): KnowledgeEntry | undefined {
  return ctx.catalog.knowledge.entries.find((e) => knowledgeRef(e) === ref);
}

function entrySource(ctx: AnswerContext, e: KnowledgeEntry): Source {
  return ctx.api(`/api/public/knowledge/${e.topic}/${e.id}`, e.name);
}

/** The knowledge hits worth reading for a question: entries and paragraphs, one per entry, best first. */
function knowledgeHits(ctx: AnswerContext, minConfidence: number): Hit[] {
  const seen = new Set<string>();
  return ctx.hits.filter((h) => (KNOWLEDGE_KINDS as readonly string[]).includes(h.doc.kind) && h.confidence >= minConfidence && !seen.has(h.doc.ref) && seen.add(h.doc.ref));
}

/** What a hit says: an entry's summary, or the paragraph that matched (of which a health answer quotes what is about the question). */
function excerpt(ctx: AnswerContext, hit: Hit, health = false): string {
  const e = entryOf(ctx, hit.doc.ref)!;
  return `${e.name}: ${hit.doc.kind !== 'passage' ? e.summary : health ? sentencesAbout(ctx, hit) : hit.doc.text}`;
}

/** The term of `terms` the fewest documents have (the first of equals). */
function rarestOf(ctx: AnswerContext, terms: string[]): string | undefined {
  return terms.reduce<string | undefined>((a, b) => (a === undefined || ctx.index.documents(b) < ctx.index.documents(a) ? b : a), undefined);
}

/**
 * Of a paragraph a health answer quotes, the sentences that hold the rarest word of the question it matched: "is it safe to drive
 * after using cannabis" is answered by the sentence on driving, not by the paragraph's sentences on vaping products. The whole
 * paragraph when no sentence holds it alone.
 */
function sentencesAbout(ctx: AnswerContext, hit: Hit): string {
  const rarest = rarestOf(ctx, hit.matched);
  if (rarest === undefined) return hit.doc.text;
  const about = hit.doc.text.split(/(?<=\.)\s+(?=[A-Z])/).filter((sentence) => ctx.index.terms(sentence).includes(rarest));
  return about.length ? about.join(' ') : hit.doc.text;
}

/**
 * An amount to take, which a health answer never quotes, even from a study the knowledge base cites: a quantity, a dosage, a
 * recommended or usual dose. A dose named with no amount ("blocked CB1 receptors at lower doses") is none.
 */
const AMOUNT = /\b\d+(\.\d+)? ?(mg|milligrams?|ml|g|grams?|mcg)\b|\bdos(age|ing)\b|\b(?:recommended|starting|daily|typical|usual|right|safe|effective) doses?\b/i;

/**
 * Background reading for a health or dosing question: the entries it names (a compound, a method,
 * a condition), then the entries and paragraphs that account for most of it (not those that share
 * its commonest word, "cannabis"). None when nothing in the knowledge base is about it.
 */
/** How much more of a health question an entry must account for than one the question names, with every word that one matched, to come first. */
const WIDER = 0.15;

function educational(ctx: AnswerContext, found: Hit[]): Hit[] {
  const seen = new Set<string>();
  const ranked = found.filter((h) => !h.fullyNamed).sort((a, b) => b.confidence - a.confidence || b.score - a.score);
  // An entry the question names alone gives way to one that has every word it matched and clearly more of the question besides: "does the
  // cannabinoid from aged cannabis improve sleep quality" names sleep, and is about CBN (aged, quality), whose facts are then told.
  // Not when the question names several: each is a subject of its own ("is cbd good for sleep"); nor when a paragraph of the named
  // entry has the words the other adds: "any addiction risk with cbd" is CBD's paragraph on dependence, not bioavailability's "depends".
  const ownHas = (n: Hit, terms: string[]) => found.some((p) => p.doc.kind === 'passage' && p.doc.ref === n.doc.ref && terms.every((t) => p.matched.includes(t)));
  const wider = (n: Hit) =>
    ranked.find(
      (h) =>
        h.doc.kind === 'knowledge' &&
        h.confidence >= n.confidence + WIDER &&
        h.matched.length > n.matched.length &&
        n.matched.every((t) => h.matched.includes(t)) &&
        !ownHas(
          n,
          h.matched.filter((t) => !n.matched.includes(t)),
        ),
    );
  const named = found.filter((h) => h.fullyNamed);
  const first = named.length === 1 ? wider(named[0]) : undefined;
  if (first) named.unshift(first);
  const floor = Math.max(0.25, 0.6 * (ranked[0]?.confidence ?? 0));
  return [...named, ...aboutTheRest(ctx, named, ranked), ...ranked.filter((h) => h.confidence >= floor)].filter((h) => !seen.has(h.doc.ref) && seen.add(h.doc.ref)).slice(0, 3);
}

/**
 * Beside the entries a health question names, the one that holds its rarest word they lack: "will a cbd balm on my knee make me
 * high" names CBD, and balms are the topicals entry's.
 */
function aboutTheRest(ctx: AnswerContext, named: Hit[], others: Hit[]): Hit[] {
  const namedTerms = new Set(named.flatMap((h) => h.matched));
  const rest = others.flatMap((h) => h.matched).filter((t) => !namedTerms.has(t));
  const rarest = rarestOf(ctx, rest);
  if (!named.length || rarest === undefined) return [];
  return others.filter((h) => h.matched.includes(rarest)).slice(0, 1);
}

/** The entries and paragraphs a health or dosing question finds, without the paragraphs that quote an amount. */
function knowledgeFound(ctx: AnswerContext): Hit[] {
  return ctx.index.search(ctx.question.query, { kinds: KNOWLEDGE_KINDS, limit: 20 }).filter((h) => h.doc.kind === 'knowledge' || !AMOUNT.test(h.doc.text));
}

/**
 * An entry's own paragraph, among `hits`, that has a word of the question the entry's names, summary and facts lack: what
 * the question asks may be in the entry's body ("what does your liver turn thc into" is in THC's paragraph on the route of use).
 */
function ownParagraph(hits: Hit[], entry: Hit | undefined): Hit | undefined {
  if (entry?.doc.kind !== 'knowledge') return undefined;
  return hits.find((h) => h.doc.kind === 'passage' && h.doc.ref === entry.doc.ref && h.matched.some((t) => !entry.matched.includes(t)));
}

/** People named in running text, not in a citation's parentheses: "Devane and colleagues isolated ...", "Mechoulam's group". */
const NAMES_PEOPLE = /\b[A-Z][a-z]+(?: and colleagues| et al\b|'s (?:group|team|lab))/;

/**
 * For a question that asks who, the entry's own paragraph that has a word of the question and names people in running text
 * (the best such): "who discovered anandamide" is told that Devane and colleagues isolated it, which the summary and facts do not say.
 */
function whoseParagraph(ctx: AnswerContext, entry: Hit): Hit | undefined {
  if (!/^ who /.test(ctx.question.text)) return undefined;
  return ctx.hits.find((h) => h.doc.kind === 'passage' && h.doc.ref === entry.doc.ref && h.matched.length && NAMES_PEOPLE.test(h.doc.text.replace(/\([^)]*\)/g, '')));
}

/** Where the reading list comes from: the entries found, or the knowledge base itself when none is. */
function readingSources(ctx: AnswerContext, edu: Hit[]): Source[] {
  return edu.length ? edu.map((h) => entrySource(ctx, entryOf(ctx, h.doc.ref)!)) : [ctx.api('/api/public/knowledge', ctx.catalog.knowledge.dataset.title)];
}

export function dosingAnswer(ctx: AnswerContext): Answer {
  const edu = educational(ctx, knowledgeFound(ctx));
  const reading = edu.length
    ? `What I can offer is background reading: ${readingSources(ctx, edu)
        .map((s) => `${s.title} (${s.url})`)
        .join('; ')}.`
    : '';
  return ctx.answer(
    'dosing',
    `I can't give dosing advice: how much of anything to take is a medical decision, and our knowledge base is educational only. ${PROFESSIONAL_LINE} ${reading} ${ctx.catalog.knowledge.dataset.disclaimer}`,
    readingSources(ctx, edu),
    ['What is the endocannabinoid system?', 'Which topics does the knowledge base cover?'],
  );
}

/** An entry's facts that quote no amount: what a health answer may repeat of it. */
function safeFacts(e: KnowledgeEntry): string {
  const facts = e.facts.filter((f) => !AMOUNT.test(f.value));
  return facts.length ? ` ${facts.map((f) => `${f.label}: ${f.value}`).join('; ')}.` : '';
}

/** A question that asks how long something lasts or takes, and a length of time in words or figures ("three months", "4 weeks"). */
const ASKS_LENGTH = / how (long|soon|quickly|fast) /;
const LENGTH_OF_TIME = /\b(?:\d+(?:[.,]\d+)?|a few|several|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[ -](?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b/i;

/**
 * For a health question that asks how long, with no paragraph of the closest entry holding a word of the question its summary and
 * facts lack, the sentences of its own paragraphs that state a length of time and quote no amount: "how long does nausea have to last
 * before it counts as chronic" is told how long, not only what the entry is about.
 */
function lengthSaid(ctx: AnswerContext, found: Hit[], entry: Hit | undefined): string {
  if (!entry || !ASKS_LENGTH.test(ctx.question.text) || LENGTH_OF_TIME.test(safeFacts(entryOf(ctx, entry.doc.ref)!))) return '';
  const sentences = found
    .filter((h) => h.doc.kind === 'passage' && h.doc.ref === entry.doc.ref)
    .flatMap((h) => h.doc.text.split(/(?<=\.)\s+(?=[A-Z])/))
    .filter((sentence) => LENGTH_OF_TIME.test(sentence) && !AMOUNT.test(sentence));
  return sentences.length ? ` ${sentences[0]}` : '';
}

export function healthAnswer(ctx: AnswerContext): Answer {
  const found = knowledgeFound(ctx);
  const edu = educational(ctx, found);
  // The closest entry is told with its facts (an approved medicine's name, the evidence) and its own paragraph that has a word
  // of the question it lacks and quotes no amount ("how many kids were in the dravet syndrome trial"), or, asked how long, its
  // sentence that states a length of time; the others by their summary.
  const own = ownParagraph(found, edu[0]);
  const said0 = own ? ` ${sentencesAbout(ctx, own)}` : lengthSaid(ctx, found, edu[0]);
  const told = edu.map((h, i) => excerpt(ctx, h, true) + (i === 0 ? `${said0}${safeFacts(entryOf(ctx, h.doc.ref)!)}` : ''));
  const said = edu.length ? `here is what our knowledge base says, for education only. ${told.join(' ')}` : 'our knowledge base has nothing specific on that.';
  return ctx.answer(
    'health',
    `I can't tell you what is safe or right for you, but ${said} ${ctx.catalog.knowledge.dataset.disclaimer} ${NOT_ADVICE_LINE} ${PROFESSIONAL_LINE}`,
    readingSources(ctx, edu),
    ['What is a certificate of analysis?', 'Which topics does the knowledge base cover?'],
  );
}

/**
 * The dataset: its version, licence, topics and how to cite it; or what of it the question names: a topic's members ("which
 * terpenes are in the knowledge base?"), an entry by a word the dataset's own document lacks ("where can i read about cb1 in
 * the knowledge base", not "which topics does the knowledge base cover", which names the topicals entry too).
 */
export function datasetAnswer(ctx: AnswerContext): Answer {
  const own = ctx.hits.find((h) => h.doc.kind === 'program' && h.doc.ref === 'knowledge');
  const beyond = (h: Hit) => h.doc.kind === 'knowledge' && h.matched.some((t) => !own?.matched.includes(t));
  const named = ctx.hits.find((h) => (h.doc.kind === 'topic' || beyond(h)) && h.fullyNamed);
  if (named) return named.doc.kind === 'topic' ? topicAnswer(ctx, named.doc.ref as Topic) : entryAnswer(ctx, named);
  const { catalog, base, api } = ctx;
  const d = catalog.knowledge.dataset;
  const sizes = topics.map((t) => ({ name: t, n: catalog.knowledge.entries.filter((e) => e.topic === t).length }));
  const counts = sizes.map((s) => `${s.n} ${s.name}`);
  // Asked which topic has the most entries or the fewest, the answer names it first.
  const extreme = extremeText(ctx.question.text, sizes, 'entry', 'entries');
  const example = catalog.knowledge.entries[0];
  // A version the dataset has not published ("when will version 2 come out"): nothing published mentions it.
  // As written: a reading without the question's strangers may have lost the number.
  const asked = /\b(?:version|v) ?(\d+(?:\.\d+)*)\b/i.exec(ctx.input.message)?.[1];
  const unpublished = asked && !`${d.version}.`.startsWith(`${asked}.`) ? `I don't know anything about a version ${asked}: nothing published mentions one. ` : '';
  // Asked for the disclaimer ("what does the knowledge base's disclaimer say"), the answer gives it first, in its own words.
  const disclaimer = /\bdisclaim/.test(ctx.question.text) ? `The ${d.title}'s disclaimer reads: "${d.disclaimer}" ` : '';
  return ctx.answer(
    'knowledge',
    `${unpublished}${disclaimer}${extreme}The ${d.title} is version ${d.version}, licensed ${d.license}, published by ${d.publisher} and updated ${d.updated}. It covers ${catalog.knowledge.entries.length} entries (${counts.join(', ')}), each with references and a permalink to cite. Read it at GET ${base}/api/public/knowledge, or one topic with ?topic=. Every entry carries a ready-made attribution line (citeAs) that satisfies ${d.license}, for example: Cite as: ${entryLinks(catalog, example).citeAs}${disclaimer ? '' : ` ${d.disclaimer}`}`,
    [api('/api/public/knowledge', d.title)],
    ['What is CBD?', 'What is the entourage effect?'],
  );
}

/** How a question names a topic's members: "which terpene", "what cannabinoids", "list the consumption methods". */
const MEMBER_WORDS: Record<Topic, string> = {
  cannabinoids: 'cannabinoids?',
  terpenes: 'terpenes?',
  methods: '(consumption )?methods?',
  glossary: 'glossary (terms?|entries)',
  medical: 'medical (topics?|entries|conditions?)',
};

/** The topic whose members the question asks for ("which terpene smells like pine?"), if any. */
export function asksMembers(ctx: AnswerContext): Topic | undefined {
  return topics.find((t) => {
    const m = new RegExp(` (what|which|list|name|all|any)( the| are the| are)?( kinds? of| types? of)? (${MEMBER_WORDS[t]}) (\\S*)`).exec(ctx.question.text);
    // The topic's word naming something else with the word after it asks for that, not for the topic's members: "which cannabinoid
    // receptor" asks among the receptors (CB1's alias "cannabinoid receptor 1").
    return m && !(m[5] && ctx.catalog.knowledge.entries.some((e) => [e.name, ...(e.aliases ?? [])].some((n) => ` ${n.toLowerCase()} `.includes(` ${m[4]} ${m[5]} `))));
  });
}

/** The member the rest of a question points to, when one stands out from the others. */
function standingOut(ctx: AnswerContext, topic: Topic): KnowledgeEntry | undefined {
  const topicWords = new Set([topic, ...topicNames[topic].split(' ')].map(stem));
  const rest = ctx.question.query
    .split(' ')
    .filter((w) => !topicWords.has(stem(w)))
    .join(' ');
  const [first, second] = ctx.index.search(rest, { kinds: ['knowledge'] }).filter((h) => h.doc.ref.startsWith(`${topic}/`));
  // It stands out when it has a word of the question the next one does not: every terpene mentions cannabis.
  const distinct = first?.matched.some((t) => !second?.matched.includes(t));
  return first && first.confidence >= 0.4 && distinct ? entryOf(ctx, first.doc.ref) : undefined;
}

/**
 * A member's facts whose label has a word of the question besides the topic's own, quoting no amount: "prove terpenes do anything in
 * people" is told each terpene's "Evidence in people".
 */
function factsAsked(ctx: AnswerContext, topic: Topic): (e: KnowledgeEntry) => string {
  const own = new Set(ctx.index.terms(`${topic} ${topicNames[topic]}`));
  const asked = new Set(ctx.index.terms(ctx.question.query).filter((t) => !own.has(t)));
  return (e) =>
    e.facts
      .filter((f) => !AMOUNT.test(f.value) && ctx.index.terms(f.label).some((t) => asked.has(t)))
      .map((f) => ` ${f.label}: ${f.value}.`)
      .join('');
}

/**
 * The members whose facts' values say a word of the question that not every member's facts say ("citrus" of "which terpenes smell like citrus":
 * Limonene and Terpinolene), each with those facts, quoting no amount.
 */
function membersSaying(ctx: AnswerContext, topic: Topic, entries: KnowledgeEntry[]): Array<{ entry: KnowledgeEntry; facts: string[] }> {
  const own = new Set(ctx.index.terms(`${topic} ${topicNames[topic]}`));
  const asked = ctx.index.terms(ctx.question.query).filter((t) => !own.has(t));
  const factTerms = (f: KnowledgeEntry['facts'][number]) => new Set(ctx.index.terms(f.value));
  const says = (e: KnowledgeEntry, t: string) => e.facts.some((f) => !AMOUNT.test(f.value) && factTerms(f).has(t));
  // A word that labels facts ("intoxicating") is what factsAsked tells of every member: its values may say "not".
  const labels = new Set(entries.flatMap((e) => e.facts.flatMap((f) => ctx.index.terms(f.label))));
  const distinct = asked.filter((t) => {
    if (labels.has(t)) return false;
    const n = entries.filter((e) => says(e, t)).length;
    return n > 0 && n < entries.length;
  });
  return entries
    .filter((e) => distinct.some((t) => says(e, t)))
    .map((entry) => ({ entry, facts: entry.facts.filter((f) => !AMOUNT.test(f.value) && distinct.some((t) => factTerms(f).has(t))).map((f) => `${f.label}: ${f.value}`) }));
}

/** A topic with every member named ("7 terpenes: Myrcene, Limonene, ..."), and the one the question points to. */
export function topicAnswer(ctx: AnswerContext, topic: Topic): Answer {
  const { catalog, base, api } = ctx;
  const entries = catalog.knowledge.entries.filter((e) => e.topic === topic);
  const pointed = standingOut(ctx, topic);
  const closest = pointed ? ` Closest to your question: ${pointed.name}: ${pointed.summary} ${pointed.facts.map((f) => `${f.label}: ${f.value}`).join('; ')}.` : '';
  const asked = factsAsked(ctx, topic);
  // The members whose facts say what the question asks, told first and cited.
  const saying = pointed ? [] : membersSaying(ctx, topic, entries);
  const those = saying.length ? ` Those whose facts say it: ${saying.map((m) => `${m.entry.name} (${m.facts.join('; ')})`).join('; ')}.` : '';
  return ctx.answer(
    'knowledge',
    `The knowledge base has ${entries.length} ${topicNames[topic]}: ${entries.map((e) => e.name).join(', ')}.${closest}${those} ${pointed ? '' : entries.map((e) => `${e.name}: ${e.summary.split(/(?<=\.)\s/)[0]}${asked(e)}`).join(' ')} Read them at GET ${base}/api/public/knowledge/${topic}. ${topic === 'medical' || topic === 'cannabinoids' || asksHealth(ctx) ? `${catalog.knowledge.dataset.disclaimer} ${NOT_ADVICE_LINE}` : ''}`,
    [
      api(`/api/public/knowledge/${topic}`, `Knowledge base: ${topicNames[topic]}`),
      ...(pointed ? [pointed] : saying.length ? saying.map((m) => m.entry) : entries.slice(0, 3)).map((e) => entrySource(ctx, e)),
    ],
    entries.slice(0, 2).map((e) => `What is ${e.name}?`),
  );
}

/** The entry a hit belongs to, with its facts, and the next best entries the question also names. */
export function entryAnswer(ctx: AnswerContext, hit: Hit): Answer {
  const { catalog } = ctx;
  const first = entryOf(ctx, hit.doc.ref)!;
  const others = knowledgeHits(ctx, 0)
    .filter((h) => h.doc.ref !== hit.doc.ref && h.fullyNamed)
    .slice(0, 2);
  const facts = first.facts.length ? ` ${first.facts.map((f) => `${f.label}: ${f.value}`).join('; ')}.` : '';
  const own = ownParagraph(ctx.hits, hit) ?? whoseParagraph(ctx, hit);
  const passage = hit.doc.kind === 'passage' ? ` ${hit.doc.text}` : own ? ` ${own.doc.text}` : '';
  const more = others.length ? ` Related: ${others.map((h) => excerpt(ctx, h)).join(' ')}` : '';
  const medical = [first, ...others.map((h) => entryOf(ctx, h.doc.ref)!)].some((e) => e.topic === 'medical' || e.topic === 'cannabinoids');
  return ctx.answer(
    'knowledge',
    `${first.name}: ${first.summary}${passage}${facts}${more} Cite as: ${entryLinks(catalog, first).citeAs}${medical ? ` ${catalog.knowledge.dataset.disclaimer}` : ''}`,
    [entrySource(ctx, first), ...others.map((h) => entrySource(ctx, entryOf(ctx, h.doc.ref)!))],
    first.related.length ? first.related.slice(0, 2).map((id) => `What is ${catalog.knowledge.entries.find((e) => e.id === id)?.name ?? id}?`) : ['Which topics does the knowledge base cover?'],
  );
}

/** "which entries mention nabiximols", "does any article cite the national academies": the question asks for every entry that has its subject. */
const ASKS_WHICH_ENTRIES =
  / (which|what|any|list the|list all the) (knowledge (base )?)?(entries|entry|articles?|pages?)( in the knowledge base| of the knowledge base)?( that| which)? (mentions?|discuss(es)?|talks? about|cites?|references?|refers? to|covers?|names?|contains?|are about|is about|says? anything about)( the| a| an)? (?<subject>.+) $/;

/**
 * Every entry with the subject of a question that asks which entries mention it: each whose summary, facts or a paragraph has all
 * of the subject's words the knowledge base uses, with the sentence that says it. Retrieval's best entry alone answers "what is"; a
 * fact-checker asking where something is said wants them all. None when no entry has the subject.
 */
export function entriesMentioning(ctx: AnswerContext): Answer | undefined {
  const subject = ASKS_WHICH_ENTRIES.exec(ctx.question.text)?.groups?.subject;
  if (!subject) return undefined;
  const hits = ctx.index.search(subject, { kinds: KNOWLEDGE_KINDS, limit: 100 });
  const known = ctx.index.terms(subject).filter((t) => hits.some((h) => h.matched.includes(t)));
  const rarest = rarestOf(ctx, known);
  if (rarest === undefined) return undefined;
  // The subject as written where documents have it so, or without its last word ("the national academies report" is no phrase of theirs,
  // "national academies" is); else every document that has all its words.
  const asWritten = (p: string) => new RegExp(`\\b${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i');
  const phrase = [subject.trim(), subject.trim().replace(/ \S+$/, '')].map(asWritten).find((re) => hits.some((x) => re.test(`${x.doc.names} ${x.doc.text}`)));
  const literal = phrase ? hits.filter((x) => phrase.test(`${x.doc.names} ${x.doc.text}`)) : [];
  const holding = hits.filter((x) => known.every((t) => x.matched.includes(t)));
  const found = new Map<string, string>();
  for (const h of literal.length ? literal : holding) {
    const said = h.doc.text.split(/(?<=\.)\s+(?=[A-Z])/).find((s) => (phrase ? phrase.test(s) : ctx.index.terms(s).includes(rarest)) && !AMOUNT.test(s));
    if (!found.has(h.doc.ref) || (said && !found.get(h.doc.ref))) found.set(h.doc.ref, said ?? '');
  }
  if (!found.size) return undefined;
  const entries = [...found.keys()].map((ref) => entryOf(ctx, ref)!);
  const told = entries.map((e) => `${e.name}${found.get(knowledgeRef(e)) ? `: ${found.get(knowledgeRef(e))}` : '.'}`);
  const health = entries.some((e) => e.topic === 'medical' || e.topic === 'cannabinoids');
  return ctx.answer(
    'knowledge',
    `${entries.length === 1 ? 'One entry mentions' : `${entries.length} entries mention`} ${subject.trim()}: ${entries.map((e) => e.name).join('; ')}. ${told.join(' ')}${health ? ` ${ctx.catalog.knowledge.dataset.disclaimer}` : ''}`,
    entries.map((e) => entrySource(ctx, e)),
    entries.slice(0, 2).map((e) => `What is ${e.name}?`),
  );
}
