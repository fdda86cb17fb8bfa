/**
 * In-text citations of a knowledge entry against its reference list: every citation in the text
 * must match a listed reference, and every listed reference must be cited somewhere in the text.
 *
 * Pure (text in, problems out) so `load-content.ts` runs it on every entry at build time and
 * tests can feed it small fixtures. Recognised forms:
 *   - in parentheses, one or more separated by ";":  (Huestis 2007), (Smith et al. 2022),
 *     (Booth & Bohlmann 2019), (Fisher et al., 2021), (National Academies 2017), (FDA 2018)
 *   - narrative: Russo (2011), Whiting et al. (2015), Lu & Mackie (2016)
 *   - bare, when unmistakable: Smith et al. 2022, Booth & Bohlmann 2019
 *   - possessive: "the National Academies' 2017 review", "the World Health Organization's 2018
 *     review". These count as citing a reference they match, but one that matches none is not an
 *     error: "Canada's 2018 law" is not a citation.
 * A citation matches a reference when the years are equal and the first cited name is the first
 * author (a surname in the part of `authors` before the first comma, or the initials of an
 * organisation, as FDA for U.S. Food and Drug Administration); a second name after "&" must also be
 * among the authors.
 */

export interface CitableReference {
  authors: string;
  year: number;
}

export interface Citation {
  /** The citation as written, e.g. `Smith et al. 2022`. */
  text: string;
  /** Cited names, in order: `['Booth', 'Bohlmann']`, `['National Academies']`. */
  names: string[];
  year: number;
  /** A possessive mention ("the National Academies' 2017 review"): counts only when it matches. */
  weak: boolean;
}

/** A place in an entry that may hold citations: `body`, `summary`, `facts.2.value`. */
export interface CitableText {
  field: string;
  text: string;
}

const NAME_WORD = String.raw`(?:(?:van|von|de|der|da|del|di|du|la|le)\s+)?[A-Z][\p{L}\p{M}'’-]*`;
/** One to four capitalised words: `Huestis`, `Bonn-Miller`, `National Academies`, `O'Sullivan`. */
const NAME = String.raw`${NAME_WORD}(?:\s+${NAME_WORD}){0,3}`;
const YEAR = String.raw`(?:19|20)\d{2}`;
const NAMES = String.raw`(${NAME})(?:\s+et\s+al\.|\s+(?:&|and)\s+(${NAME}))?`;

/** A whole parenthetical segment: `Smith et al. 2022`, `e.g. Russo 2011`, `Fisher et al., 2021`. */
const segmentPattern = new RegExp(String.raw`^(?:(?:e\.g\.|see|cf\.)\s*,?\s*)?${NAMES},?\s+(${YEAR})[a-z]?$`, 'u');
/** Narrative `Name (2011)`, `Name et al. (2015)`, `A & B (2016)`. */
const narrativePattern = new RegExp(String.raw`(?<![\p{L}])${NAMES}\s+\((${YEAR})[a-z]?\)`, 'gu');
/** Bare `Name et al. 2022` or `A & B 2019` outside parentheses. */
const barePattern = new RegExp(String.raw`(?<![\p{L}])(${NAME})(?:\s+et\s+al\.|\s+&\s+(${NAME})),?\s+(${YEAR})(?![\d)])`, 'gu');
/** Possessive `Academies' 2017`, `Organization's 2018`. */
const possessivePattern = new RegExp(String.raw`(?<![\p{L}])(${NAME})(?:'s|’s|'|’)\s+(${YEAR})(?!\d)`, 'gu');

/** Words that start a sentence or a phrase and so sit before a name without being part of it. */
const leadingWords = new Set([
  'The',
  'A',
  'An',
  'In',
  'By',
  'From',
  'As',
  'And',
  'But',
  'While',
  'Whereas',
  'When',
  'US',
  'UK',
  'See',
  'Both',
  'Later',
  'Earlier',
  'Since',
  'Then',
  'This',
  'That',
  'These',
  'Its',
  'Their',
]);

function cleanName(name: string): string {
  const words = name
    .trim()
    .replace(/['’]s?$/, '')
    .split(/\s+/);
  while (words.length > 1 && leadingWords.has(words[0])) words.shift();
  return words.join(' ');
}

function citation(text: string, first: string, second: string | undefined, year: string, weak = false): Citation {
  const names = [cleanName(first), ...(second ? [cleanName(second)] : [])];
  return { text: text.trim(), names, year: Number(year), weak };
}

/** Every citation in a piece of text, in order of appearance, parenthetical ones included. */
export function findCitations(text: string): Citation[] {
  const found: Array<{ at: number; citation: Citation }> = [];
  const covered: Array<[number, number]> = [];
  // Parenthetical groups first; what they cover is not looked at again.
  for (const match of text.matchAll(/\(([^()]*)\)/g)) {
    const segments = match[1].split(';').map((s) => s.trim());
    const parsed = segments.map((s) => segmentPattern.exec(s));
    if (!parsed.some(Boolean)) continue;
    parsed.forEach((m, i) => {
      if (m) found.push({ at: match.index + i, citation: citation(segments[i], m[1], m[2], m[3]) });
    });
    covered.push([match.index, match.index + match[0].length]);
  }
  const isCovered = (at: number) => covered.some(([from, to]) => at >= from && at < to);
  const scan = (pattern: RegExp, make: (m: RegExpMatchArray) => Citation) => {
    for (const m of text.matchAll(pattern)) {
      if (isCovered(m.index!)) continue;
      found.push({ at: m.index!, citation: make(m) });
      covered.push([m.index!, m.index! + m[0].length]);
    }
  };
  scan(narrativePattern, (m) => citation(m[0], m[1], m[2], m[3]));
  scan(barePattern, (m) => citation(m[0], m[1], m[2], m[3]));
  scan(possessivePattern, (m) => citation(m[0], m[1], undefined, m[2], true));
  return found.sort((a, b) => a.at - b.at).map((f) => f.citation);
}

function words(text: string): string[] {
  return text.split(/[^\p{L}\p{M}'’-]+/u).filter(Boolean);
}

/** Whether `name` (one or more words, or an acronym) names the first author of `authors`. */
function isFirstAuthor(name: string, authors: string): boolean {
  const firstAuthor = authors.split(/[,;]/)[0];
  const available = words(firstAuthor);
  if (words(name).every((w) => available.includes(w))) return true;
  if (/^[A-Z]{2,}$/.test(name)) {
    const initials = available
      .filter((w) => /^[A-Z]/.test(w))
      .map((w) => w[0])
      .join('');
    return initials.includes(name);
  }
  return false;
}

export function matches(c: Citation, ref: CitableReference): boolean {
  if (c.year !== ref.year || !isFirstAuthor(c.names[0], ref.authors)) return false;
  return c.names.slice(1).every((n) => words(n).every((w) => words(ref.authors).includes(w)));
}

/**
 * Problems with an entry's citations, one line each in the build's `file: field: what is wrong`
 * form: a citation no reference matches, and a reference no citation matches.
 */
export function checkCitations(path: string, texts: CitableText[], references: CitableReference[]): string[] {
  const problems: string[] = [];
  const cited = new Set<number>();
  for (const { field, text } of texts) {
    for (const c of findCitations(text)) {
      const hits = references.flatMap((ref, i) => (matches(c, ref) ? [i] : []));
      for (const i of hits) cited.add(i);
      if (!hits.length && !c.weak) problems.push(`${path}: ${field}: citation "${c.text}" has no matching entry in references (same first author and year)`);
    }
  }
  references.forEach((ref, i) => {
    if (!cited.has(i)) problems.push(`${path}: references.${i}: "${ref.authors}" (${ref.year}) is never cited in the text; cite it as e.g. "(${citeAsExample(ref)})" or remove it`);
  });
  return problems;
}

function citeAsExample(ref: CitableReference): string {
  const authors = ref.authors
    .split(/[,;]/)
    .map((a) => a.trim())
    .filter(Boolean);
  const surname = (a: string) => a.split(/\s+/)[0];
  if (authors.length === 1 && !/\s[A-Z]{1,3}$/.test(authors[0])) return `${authors[0]} ${ref.year}`;
  if (authors.length === 2 && !/et al\./.test(ref.authors)) return `${surname(authors[0])} & ${surname(authors[1])} ${ref.year}`;
  if (authors.length === 1) return `${surname(authors[0])} ${ref.year}`;
  return `${surname(authors[0])} et al. ${ref.year}`;
}
