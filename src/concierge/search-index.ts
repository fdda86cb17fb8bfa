/**
 * Retrieval over the corpus (corpus.ts) with MiniSearch: BM25 ranking, names weighed above
 * keywords above text, Porter2 stems through its tokenizer and term hooks (so "germinating" finds
 * "germination"), prefix matching for longer words ("quilting" finds "quilters") and fuzzy matching
 * for long ones. Built once per catalog, in memory, no network.
 *
 * Each hit also says how much of the question it accounts for (`confidence`): the share of the
 * question's terms it contains, each term weighed by how rare it is in the corpus, a term found
 * only in a document's text counting for less than one in its names or keywords, and a term no
 * document contains (a "stranger": "france", "bitcoin") counting fully against every hit. That is
 * what lets the concierge say "I don't know" instead of stretching a weak match.
 */
import MiniSearch, { type Query, type SearchResult } from 'minisearch';

import { editDistance } from './question.ts';
import { indexTerm, SYNONYMS, tokens, words } from './text.ts';
import type { ConciergeIndex, Doc, Hit } from './answer-types.ts';

const FIELDS = ['names', 'keywords', 'text'] as const;
const BOOST = { names: 4, keywords: 2, text: 1 };
/** What a term found only in a document's text counts for, against one in its names or keywords. */
const TEXT_WEIGHT = 0.6;
/** What a prefix or fuzzy match counts for, against the word itself. */
const LOOSE_WEIGHT = 0.8;

/** Past this share of the documents (and at least 300 of them) a word is looked for in names only (see `run`). */
const COMMON_SHARE = 0.03;

/** What a name found whole in a question multiplies its score by: "cbd vs thc" is about CBD and THC, not about "CBD for anxiety". */
const NAMED_BOOST = 2.5;

/** The terms of the service's own words for an everyday word's term: "smell" is "aroma". */
const SYNONYM_TERMS = new Map<string, string[]>();
for (const [word, synonyms] of Object.entries(SYNONYMS)) {
  const term = indexTerm(word);
  if (term)
    SYNONYM_TERMS.set(
      term,
      synonyms.map(indexTerm).filter((t): t is string => t !== null),
    );
}

/**
 * The query's terms in groups, each counted once: a word the question uses with the service's words for it ("smell" with
 * "aroma") is one word of the question, so a document that has both accounts for no more of it than one that has either.
 */
function termGroups(terms: string[]): string[][] {
  const grouped = new Set<string>();
  const groups: string[][] = [];
  for (const term of terms) {
    if (grouped.has(term)) continue;
    const group = [term, ...(SYNONYM_TERMS.get(term) ?? []).filter((t) => t !== term && terms.includes(t) && !grouped.has(t))];
    for (const t of group) grouped.add(t);
    groups.push(group);
  }
  return groups;
}

/** Whether one of a document's names has all its words among the query's (compound words split too). */
function namedIn(names: string, query: Set<string>): boolean {
  return names.split(' ; ').some((name) => {
    const terms = words(name)
      .map(indexTerm)
      .filter((t): t is string => t !== null);
    return terms.length > 0 && terms.every((t) => query.has(t));
  });
}

export function buildIndex(docs: readonly Doc[]): ConciergeIndex {
  // How many documents hold each term, counted as MiniSearch indexes them: the id is read first, then each field's terms.
  const frequency = new Map<string, number>();
  const counted = new Map<string, number>();
  // The terms some document has in its names or keywords: what a document can be about.
  const titled = new Set<string>();
  let current = -1;
  let field = '';
  const mini = new MiniSearch<{ id: number } & Pick<Doc, (typeof FIELDS)[number]>>({
    fields: [...FIELDS],
    extractField: (doc, name) => {
      if (name === 'id') current = doc.id;
      field = name;
      return doc[name as keyof typeof doc];
    },
    tokenize: tokens,
    processTerm: (token) => {
      const term = indexTerm(token);
      if (term !== null && counted.get(term) !== current) {
        counted.set(term, current);
        frequency.set(term, (frequency.get(term) ?? 0) + 1);
      }
      if (term !== null && field !== 'text') titled.add(term);
      return term;
    },
    searchOptions: { boost: BOOST, weights: { prefix: 0.5, fuzzy: 0.4 } },
  });
  mini.addAll(docs.map((d, id) => ({ id, names: d.names, keywords: d.keywords, text: d.text })));
  /**
   * The terms a query is searched for: its words as written (a document also has the parts of its compound words), and
   * a compound word no document has as its parts, when a document has one of them ("hops-named" as "hops" and "named"),
   * unless a part is a number: "delta-8" names a thing of its own, not "delta-9".
   */
  const termsOf = (query: string): string[] => {
    const termsOfWord = (word: string): string[] => {
      const term = indexTerm(word);
      if (term === null || frequency.has(term) || !/[_.-]/.test(word) || /\d/.test(word)) return term === null ? [] : [term];
      const parts = word
        .split(/[_.-]/)
        .map(indexTerm)
        .filter((t): t is string => t !== null);
      return parts.some((t) => frequency.has(t)) ? parts : [term];
    };
    return [...new Set(words(query).flatMap(termsOfWord))];
  };
  let lastQuery: string | undefined;
  let lastStrangers: readonly string[] = [];
  const rarity = (term: string) => Math.log(1 + docs.length / (1 + (frequency.get(term) ?? 0)));

  const hitOf = (result: SearchResult, terms: string[], asked: Set<string>): Hit => {
    let found = 0;
    let inTitle = 0;
    let total = 0;
    let named = false;
    const matched: string[] = [];
    const keyed: string[] = [];
    for (const group of termGroups(terms)) {
      let groupFound = 0;
      let groupTitle = 0;
      for (const term of group) {
        let best = 0;
        let title = 0;
        // A word some document has matches only itself: "thca" is not "thc", nor "thc" "thca" (the search looked for it alone too).
        const loose = !frequency.has(term);
        for (const [docTerm, fields] of Object.entries(result.match)) {
          const closeness = docTerm === term ? 1 : loose && (docTerm.startsWith(term) || editDistance(docTerm, term, 1) <= 1) ? LOOSE_WEIGHT : 0;
          if (!closeness) continue;
          const inName = fields.some((f) => f !== 'text');
          named ||= inName;
          best = Math.max(best, closeness * (inName ? 1 : TEXT_WEIGHT));
          if (fields.includes('names')) title = Math.max(title, closeness);
        }
        if (best) matched.push(term);
        if (best === 1 || best === LOOSE_WEIGHT) keyed.push(term);
        groupFound = Math.max(groupFound, rarity(term) * best);
        groupTitle = Math.max(groupTitle, rarity(term) * title);
      }
      found += groupFound;
      inTitle += groupTitle;
      total += Math.max(...group.map(rarity));
    }
    const doc = docs[result.id as number];
    const fullyNamed = namedIn(doc.names, asked);
    return { doc, score: result.score * (fullyNamed ? NAMED_BOOST : 1), confidence: total ? found / total : 0, named, titled: total ? inTitle / total : 0, fullyNamed, matched, keyed };
  };

  /**
   * MiniSearch's results for a question's terms. A word in more than `commonDocs` documents (a
   * catalog of thousands of videos repeats its words) says little about any one of them and costs
   * a score for each: it is looked for in names only.
   */
  const commonDocs = Math.max(300, COMMON_SHARE * docs.length);
  const run = (terms: string[]): SearchResult[] => {
    const common = terms.filter((t) => (frequency.get(t) ?? 0) > commonDocs);
    const rare = terms.filter((t) => !common.includes(t)).join(' ');
    const query: Query = common.length ? { combineWith: 'OR', queries: [...(rare ? [rare] : []), { queries: [common.join(' ')], fields: ['names'] }] } : rare;
    return mini.search(query, {
      tokenize: (q) => q.split(' '),
      processTerm: (t) => t,
      // Only a word no document has is looked for as the start of longer words or with a letter off:
      // "quilting" for "quilters", a typo for the word meant. A known word matches itself.
      prefix: (t) => t.length >= 5 && !frequency.has(t),
      fuzzy: (t) => (t.length >= 8 && !frequency.has(t) ? 1 : false),
    });
  };
  // The answer to one question searches its words more than once (all kinds, then knowledge only): the last search is kept.
  let last: { query: string; results: SearchResult[] } = { query: '', results: [] };

  const resultsOf = (query: string, terms: string[]): SearchResult[] => {
    if (query !== last.query) last = { query, results: run(terms) };
    return last.results;
  };

  return {
    docs,
    terms: termsOf,
    titles: (query) => termsOf(query).filter((t) => titled.has(t)),
    frames(query, kinds = []) {
      const all = termsOf(query);
      const terms = all.filter((t) => frequency.has(t));
      const candidates = terms.filter((t) => /^\p{L}+$/u.test(t) && !titled.has(t));
      // A question needs a subject: with every known term a frame, none is.
      if (!candidates.length || terms.length < 2) return [];
      // A candidate is no frame when a document has it with another of the question's known terms, or when only documents of the kind asked for have it ("the trailer episode").
      const framing = new Set(candidates);
      const elsewhere = new Set<string>();
      for (const r of resultsOf(query, all)) {
        const has = r.queryTerms.filter((t) => terms.includes(t));
        if (has.length > 1) for (const t of has) framing.delete(t);
        else if (!kinds.includes(docs[r.id as number].kind)) elsewhere.add(has[0]);
        if (!framing.size) return [];
      }
      if (kinds.length) for (const t of framing) if (!elsewhere.has(t)) framing.delete(t);
      return framing.size && framing.size < terms.length ? [...framing] : [];
    },
    documents: (term) => frequency.get(term) ?? 0,
    strangers(query) {
      // Asked several times of each question as it is read and answered: the last answer is kept.
      if (query !== lastQuery) {
        lastQuery = query;
        lastStrangers = termsOf(query).filter((t) => !frequency.has(t) && !mini.search(t, { tokenize: (x) => [x], prefix: t.length >= 5, processTerm: (x) => x }).length);
      }
      return lastStrangers;
    },
    search(query, options = {}) {
      const terms = termsOf(query);
      if (!terms.length) return [];
      const results = resultsOf(query, terms);
      const kinds = options.kinds;
      const wanted = kinds ? results.filter((r) => kinds.includes(docs[r.id as number].kind)) : results;
      const asked = new Set(
        tokens(query)
          .map(indexTerm)
          .filter((t): t is string => t !== null),
      );
      // Rescored with the names the question uses whole, among the best by BM25 alone.
      const hits = wanted.slice(0, 40).map((r) => hitOf(r, terms, asked));
      return hits.sort((a, b) => b.score - a.score).slice(0, options.limit ?? 30);
    },
  };
}
