/**
 * The concierge, question by question: every question of the evaluation set and the fresh set
 * (test/fixtures/concierge-eval-set.ts, concierge-fresh-set.ts) sent once over HTTP to the running server, one at a time,
 * after one untimed pass, so each time is one question's answer (its understanding, the live
 * reads it needs and the HTTP round trip) with nothing queued in front of it.
 */
import { evalSet } from '../../test/fixtures/concierge-eval-set.ts';
import { freshSet } from '../../test/fixtures/concierge-fresh-set.ts';
import { percentileSorted } from './stats.ts';

export interface ConciergePass {
  questions: number;
  p50: number;
  p99: number;
  max: number;
  /** The three slowest questions, slowest first, in ms. */
  slowest: Array<{ question: string; ms: number }>;
  /** Answers other than 200 (none expected: every question gets an answer, "I don't know" included). */
  failures: number;
}

export async function conciergePass(origin: string): Promise<ConciergePass> {
  const ask = async (message: string) => {
    const res = await fetch(`${origin}/api/concierge-chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message }) });
    await res.arrayBuffer();
    return res.status;
  };
  const questions = [...evalSet, ...freshSet];
  for (const c of questions) await ask(c.q);
  const times: Array<{ question: string; ms: number }> = [];
  let failures = 0;
  for (const c of questions) {
    const started = performance.now();
    if ((await ask(c.q)) !== 200) failures++;
    times.push({ question: c.q, ms: performance.now() - started });
  }
  const ms = times.map((t) => t.ms).sort((a, b) => a - b);
  return {
    questions: times.length,
    p50: percentileSorted(ms, 50),
    p99: percentileSorted(ms, 99),
    max: ms.at(-1) ?? Number.NaN,
    slowest: [...times].sort((a, b) => b.ms - a.ms).slice(0, 3),
    failures,
  };
}
