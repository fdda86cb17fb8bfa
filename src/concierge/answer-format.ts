/**
 * The small pieces every answer builder shares: how a source is named, how an answer is put
 * together (sources deduplicated, the not-medical-advice line added where a question touches
 * health), and how times, durations and prices read. One place, so every domain's answers cite
 * and phrase things the same way.
 */
import type { Catalog } from '../catalog/catalog-types.ts';
import type { Answer, AnswerInput, Source } from './answer-types.ts';
import type { Intent } from './intents.ts';
import type { Ranking } from './intent-ranking.ts';
import type { Understood } from './query-understanding.ts';
import type { ConciergeIndex } from './search-index.ts';
import { publicOrigin } from '../public-origin.ts';

export const PROFESSIONAL_LINE = 'For anything about your own health, talk to a qualified health professional.';

/** Everything a builder may read to answer one question. */
export interface AnswerContext {
  catalog: Catalog;
  index: ConciergeIndex;
  input: AnswerInput;
  understood: Understood;
  ranking: Ranking;
  base: string;
  /** A source for one of the service's own paths. */
  api(path: string, title: string): Source;
  answer(reply: string, sources: Source[], suggestions: string[], intent?: Intent): Answer;
}

export function answerContext(catalog: Catalog, index: ConciergeIndex, input: AnswerInput, understood: Understood, ranking: Ranking): AnswerContext {
  const base = publicOrigin();
  return {
    catalog,
    index,
    input,
    understood,
    ranking,
    base,
    api: (path, title) => ({ title, url: `${base}${path}` }),
    answer: (reply, sources, suggestions, intent = ranking.intent) => ({ intent, reply: reply.replace(/\s+/g, ' ').trim(), sources: dedupe(sources), suggestions }),
  };
}

export function dedupe(sources: Source[]): Source[] {
  const seen = new Set<string>();
  return sources.filter((s) => {
    if (seen.has(s.url)) return false;
    seen.add(s.url);
    return true;
  });
}

export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A description as a clause: no trailing full stop. */
export function sentence(text: string): string {
  return text.replace(/[.\s]+$/, '');
}

export function durationText(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
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
