/**
 * The concierge's evaluation: the questions of test/fixtures/concierge-eval-set.ts (a development
 * half and a test half) and test/fixtures/concierge-fresh-set.ts (fresh questions, written before
 * the change they judge is run), each answered by the concierge over the real content (the same
 * catalog the API serves), at a pinned instant, with a live program made of plain objects. Prints
 * each group's score and the time per question, and the misses of development questions only: those
 * of the development half, and of the fresh questions that will join it (`halfOf`).
 *
 * The goal of issue #37 is 97% on every group. The development half is tuned on and must reach
 * it; the test half and the fresh questions are held out, so what they must reach is the floor
 * last measured on them (docs/concierge.md keeps the history): a drop below it is a regression,
 * and the goal stays the goal. `CONCIERGE_EVAL=development` (or `test`, `fresh`) runs one group:
 * tune on the development half only. No server and no build needed beyond `npm run content`.
 */
import { describe, expect, it } from 'vitest';
import type { Answer } from '../src/concierge/answer-types.ts';
import { answerQuestion } from '../src/concierge/compose-answer.ts';
import { EVAL_NOW, evalProgram, evalSet, halfOfCase, type EvalCase } from './fixtures/concierge-eval-set.ts';
import { freshSet } from './fixtures/concierge-fresh-set.ts';
import { conciergeModel as model, snapshotOf } from './support/concierge-model.ts';
import { publicOrigin } from '../src/public-origin.ts';

const BASE = publicOrigin();
const evalSnapshot = snapshotOf(evalProgram);

const groups = {
  development: evalSet.filter((c) => halfOfCase(c) === 'development'),
  test: evalSet.filter((c) => halfOfCase(c) === 'test'),
  fresh: freshSet,
};
type Group = keyof typeof groups;
/** What each group must score: the goal where the concierge is tuned, the last measured floor where it is not. */
const required: Record<Group, number> = { development: 0.97, test: 0.831, fresh: 0.5 };
const only = process.env.CONCIERGE_EVAL as Group | undefined;
const chosen = (Object.keys(groups) as Group[]).filter((g) => (!only || g === only) && groups[g].length);

/** What is wrong with an answer, or an empty list. */
function misses(c: EvalCase, answer: Answer): string[] {
  const reply = answer.reply.toLowerCase();
  const urls = answer.sources.map((s) => s.url);
  const problems: string[] = [];
  for (const s of c.says ?? []) if (!reply.includes(s.toLowerCase())) problems.push(`does not say "${s}"`);
  if (c.saysOneOf && !c.saysOneOf.some((s) => reply.includes(s.toLowerCase()))) problems.push(`says none of ${JSON.stringify(c.saysOneOf)}`);
  for (const path of c.cites ?? []) if (!urls.includes(BASE + path)) problems.push(`does not cite ${path}`);
  for (const s of c.never ?? []) if (reply.includes(s.toLowerCase())) problems.push(`says "${s}"`);
  if (!answer.sources.length) problems.push('cites nothing');
  return problems;
}

function answer(c: EvalCase): Promise<Answer> {
  return answerQuestion(model, { message: c.q, now: EVAL_NOW, agent: c.agent }, evalSnapshot);
}

describe('concierge evaluation', () => {
  it('has at least 150 varied questions in two halves, and fresh ones only in rounds of 30 or more, each with an expected fact', () => {
    const all = [...evalSet, ...freshSet];
    expect(evalSet.length).toBeGreaterThanOrEqual(150);
    if (freshSet.length) expect(freshSet.length).toBeGreaterThanOrEqual(30);
    expect(groups.development.length).toBeGreaterThan(0.4 * evalSet.length);
    // The test half holds only questions never tuned on (the rounds read whole are development questions).
    expect(groups.test.length).toBeGreaterThanOrEqual(100);
    expect(new Set(all.map((c) => c.q.toLowerCase())).size).toBe(all.length);
    for (const c of all) expect(c.says?.length || c.saysOneOf?.length || c.cites?.length, c.q).toBeTruthy();
  });

  it.each(chosen)('answers the %s questions well enough', async (group) => {
    const cases = groups[group];
    const failures: string[] = [];
    let missed = 0;
    const times: number[] = [];
    // One untimed question first: the timings are of answering, not of building the model.
    await answer(cases[0]);
    for (const c of cases) {
      const started = performance.now();
      const reply = await answer(c);
      times.push(performance.now() - started);
      const problems = misses(c, reply);
      if (problems.length) missed++;
      // A test question's misses stay unseen, or they would be tuned on: only its score counts.
      if (problems.length && halfOfCase(c) === 'development') failures.push(`  ✗ ${JSON.stringify(c.q)} [${reply.intent}]: ${problems.join('; ')}\n      ${reply.reply.slice(0, 240)}`);
    }
    const passed = cases.length - missed;
    const rate = passed / cases.length;
    const sorted = [...times].sort((a, b) => a - b);
    const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)].toFixed(2);
    console.log(
      `concierge eval, ${group}: ${passed}/${cases.length} (${(rate * 100).toFixed(1)}%), per question p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms, max ${pct(1)} ms` +
        (failures.length ? `\n${failures.join('\n')}` : ''),
    );
    expect(rate).toBeGreaterThanOrEqual(required[group]);
  });
});
