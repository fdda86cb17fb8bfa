/**
 * The small pieces every answer shares: how an answer is put together (sources deduplicated, white
 * space tidied), and how lists, times, durations and clauses read. One place, so every domain's
 * answers cite and phrase things the same way.
 */
import type { Answer, Intent, Source } from './answer-types.ts';

export const PROFESSIONAL_LINE = 'For anything about your own health, talk to a qualified health professional.';
export const NOT_ADVICE_LINE = 'This is not medical advice.';

export function dedupe(sources: Source[]): Source[] {
  const seen = new Set<string>();
  return sources.filter((s) => !seen.has(s.url) && seen.add(s.url));
}

export function makeAnswer(intent: Intent, reply: string, sources: Source[], suggestions: string[]): Answer {
  return { intent, reply: reply.replace(/\s+/g, ' ').trim(), sources: dedupe(sources), suggestions };
}

export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A description as a clause: no trailing full stop. */
export function sentence(text: string): string {
  return text.replace(/[.\s]+$/, '');
}

/** Under a minute in seconds ("4 seconds"), then minutes, then hours and minutes. */
export function durationText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.round(seconds / 60);
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
}

/** Words that ask for a count of things: "how many videos...", "the number of episodes", "count the products". */
export const ASKS_COUNT = / (how many|number of|count (?:the|all|every|of)) /;

/** A count of items as a list's label says it, when the question asks how many: " (6 videos)", else "". */
export function countText(text: string, n: number, noun: string): string {
  return ASKS_COUNT.test(text) ? ` (${n} ${noun}${n === 1 ? '' : 's'})` : '';
}

/** Words that ask for the group with the most of something, or the fewest. */
const ASKS_MOST = / (most|biggest|largest) /;
const ASKS_FEWEST = / (fewest|least|smallest) /;

/**
 * Of groups counted, the one with the most or the fewest, when the question asks for it: "Fewest videos: News (3 videos). ",
 * "Most videos: Cultivation and Kitchen (6 videos each). ", else "".
 */
export function extremeText(text: string, groups: Array<{ name: string; n: number }>, one: string, many = `${one}s`): string {
  const asked = [ASKS_MOST.test(text) && 'most', ASKS_FEWEST.test(text) && 'fewest'].filter((w): w is string => !!w);
  if (!groups.length || asked.length !== 1) return '';
  const counts = groups.map((g) => g.n);
  const n = asked[0] === 'most' ? Math.max(...counts) : Math.min(...counts);
  const names = groups.filter((g) => g.n === n).map((g) => g.name);
  return `${capitalise(asked[0])} ${many}: ${listText(names)} (${n} ${n === 1 ? one : many}${names.length > 1 ? ' each' : ''}). `;
}

export function listText(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** An instant as a viewer in `timeZone` reads it: `Saturday 2026-12-05 19:00`. */
export function localDateTime(iso: string, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    // Building a DateTimeFormat costs far more than using one: keep one per time zone.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, weekday: 'long', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('weekday')} ${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

/** A number as an ordinal in digits: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 111th. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
