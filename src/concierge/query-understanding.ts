/**
 * Reads a question the way the rest of the concierge needs it: lower case, contractions and chat
 * spellings expanded, typos corrected towards the service's own vocabulary, words stemmed and
 * widened with their synonyms, and the few structured things a question can name (a tier, an
 * action, a weekday, a count, an agent's handle, whether it is about the asker). Every later
 * step works on this, so a paraphrase, a plural or a typo reaches the same answer as the
 * question's plainest form. Pure and cheap: no I/O, a few microseconds per question.
 */
import { tiers, type ActivityType, type TierName } from '../domain/tiers.ts';
import { weekdays } from '../schemas/content.ts';
import { CONTRACTIONS, PHRASES, STOP_WORDS, SYNONYMS, stem, words as wordsOf, type Vocabulary } from './vocabulary.ts';

export type Weekday = (typeof weekdays)[number];

export interface Understood {
  raw: string;
  /** The question's words after normalisation and spelling correction, in order. */
  words: string[];
  /** The same words joined with single spaces and padded, for phrase tests: ` what is cbd `. */
  text: string;
  /** Stems of the words and of their synonyms. */
  stems: Set<string>;
  /** Meaningful stems for retrieval (no stop words), synonyms included. */
  terms: string[];
  corrections: Array<{ from: string; to: string }>;
  /** Tiers named, in the order named. */
  tiers: TierName[];
  /** Actions named ("share", "a promotion", "claiming a task"), in a fixed order. */
  actions: ActivityType[];
  days: Weekday[];
  /** "top 3 agents" -> 3. */
  count?: number;
  /** The question is about the asker (I, me, my). */
  self: boolean;
  /** Words that may be an agent's handle: not known words, or shaped like handles (digits, `_`, `-`, inner capitals). */
  names: Array<{ name: string; handleLike: boolean }>;
}

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twenty: 20 };

/** Optimal-string-alignment distance (a transposition costs one), stopped early past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    rows.push(row);
  }
  return rows[a.length][b.length];
}

/**
 * The known word a typo most likely meant: same first letter, one edit for words up to seven
 * letters and two for longer ones; among equals, the closest length. Known words and words
 * whose stem is known are left alone.
 */
const corrections = new WeakMap<Vocabulary, Map<string, string>>();

export function correctWord(word: string, vocab: Vocabulary): string {
  if (word.length < 4 || !/^\p{L}+$/u.test(word) || vocab.words.has(word)) return word;
  let memo = corrections.get(vocab);
  if (!memo) corrections.set(vocab, (memo = new Map()));
  let fixed = memo.get(word);
  if (fixed === undefined) {
    fixed = vocab.stems.has(stem(word)) ? word : closestKnown(word, vocab);
    if (memo.size > 10_000) memo.clear();
    memo.set(word, fixed);
  }
  return fixed;
}

function closestKnown(word: string, vocab: Vocabulary): string {
  // Two edits only for long words, and only when they change letters, not the length twice ("president" is not "present").
  const max = word.length >= 8 ? 2 : 1;
  let best: { w: string; d: number } | undefined;
  for (let len = word.length - 1; len <= word.length + 1; len++) {
    for (const candidate of vocab.byLength.get(len) ?? []) {
      if (candidate[0] !== word[0]) continue;
      const limit = len === word.length ? max : 1;
      const d = editDistance(word, candidate, limit);
      if (d <= limit && (!best || d < best.d || (d === best.d && Math.abs(candidate.length - word.length) < Math.abs(best.w.length - word.length)))) {
        best = { w: candidate, d };
      }
    }
  }
  return best ? best.w : word;
}

export function normaliseText(message: string): string {
  let text = message
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  for (const [pattern, replacement] of CONTRACTIONS) text = text.replace(pattern, replacement);
  for (const [pattern, replacement] of PHRASES) text = text.replace(pattern, replacement);
  return text;
}

function actionsOf(ws: string[], text: string): ActivityType[] {
  const has = (re: RegExp) => re.test(text);
  const any = (re: RegExp) => ws.some((w) => re.test(w));
  const found: Array<[ActivityType, boolean]> = [
    ['content_submit', ws.includes('content_submit') || has(/ submit\w* (\w+ )?content | content submissions? /)],
    ['api_use', ws.includes('api_use') || has(/ (use|using|call|calling) (the |your )?api /)],
    ['task_post', ws.includes('task_post') || has(/ post(ing)? (a |an )?tasks? /)],
    ['task_claim', ws.includes('task_claim') || has(/ claim(ing)? (a |an )?tasks? /)],
    ['share', any(/^(share|shares|shared|sharing)$/)],
    ['mention', any(/^mention(s|ed|ing)?$/)],
    ['promote', any(/^(promote|promotes|promoted|promoting|promotion|promotions)$/)],
    ['referral', any(/^(refer|refers|referred|referring|referral|referrals|invite|inviting|invited)$/)],
  ];
  return found.filter(([, yes]) => yes).map(([action]) => action);
}

/** Handles are 3-32 characters of letters, digits, `_` and `-` (the register endpoint's rule). */
function nameCandidates(message: string, vocab: Vocabulary, lexicon: ReadonlySet<string>): Understood['names'] {
  const found: Understood['names'] = [];
  for (const token of message.match(/[A-Za-z0-9][A-Za-z0-9_-]{1,31}/g) ?? []) {
    const lower = token.toLowerCase().replace(/-+$/, '');
    if (lower.length < 3 || STOP_WORDS.has(lower) || lexicon.has(lower) || tiers.some((t) => t.name.toLowerCase() === lower)) continue;
    const handleLike = /[0-9_-]/.test(token) || /[a-z][A-Z]/.test(token);
    if (/^\d+$/.test(lower) || /^(cb\d|api_use|content_submit|task_post|task_claim|llms)/.test(lower)) continue;
    if (vocab.words.has(lower) || (!handleLike && vocab.stems.has(stem(lower)))) continue;
    // "tier-gated" is two known words, not a handle; "pixel-fox" and "scout-7" may be.
    if (/^[a-z]+(-[a-z]+)+$/.test(lower) && lower.split('-').every((part) => vocab.words.has(part))) continue;
    if (!found.some((f) => f.name.toLowerCase() === lower)) found.push({ name: token, handleLike });
  }
  return found.slice(0, 3);
}

export function understand(message: string, vocab: Vocabulary, lexicon: ReadonlySet<string>): Understood {
  const normal = normaliseText(message);
  const corrections: Understood['corrections'] = [];
  const ws = wordsOf(normal).map((w) => {
    const fixed = correctWord(w, vocab);
    if (fixed !== w) corrections.push({ from: w, to: fixed });
    return fixed;
  });
  const text = ` ${ws.join(' ')} `;
  const widened = ws.flatMap((w) => [w, ...(SYNONYMS[w] ?? [])]);
  const stems = new Set(widened.flatMap((w) => [stem(w), ...w.split(/[_.-]/).map(stem)]));
  const terms = [...new Set(widened.filter((w) => !STOP_WORDS.has(w) && w.length > 1).map(stem))];
  const namedTiers: TierName[] = [];
  for (const w of widened) {
    const tier = tiers.find((t) => t.name.toLowerCase() === w);
    if (tier && !namedTiers.includes(tier.name)) namedTiers.push(tier.name);
  }
  const countMatch = / (?:top|first|best) (\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|twenty) /.exec(text);
  const count = countMatch ? (NUMBER_WORDS[countMatch[1]] ?? Number(countMatch[1])) : undefined;
  return {
    raw: message,
    words: ws,
    text,
    stems,
    terms,
    corrections,
    tiers: namedTiers,
    actions: actionsOf(ws, text),
    days: weekdays.filter((d) => ws.includes(d) || ws.includes(`${d}s`)),
    ...(count ? { count } : {}),
    self: / (i|me|my|mine|myself|am i) /.test(text),
    names: nameCandidates(message, vocab, lexicon),
  };
}
