/**
 * The concierge never gives medical or dosing advice. A question about an amount to take is
 * answered with a refusal and background reading; a question about health (a condition, safety, a
 * medicine, a vulnerable person or animal) with what the knowledge base says, for education only,
 * the dataset's disclaimer and the not-medical-advice line. These words are the only judgement
 * retrieval cannot make: that "is it safe to drive after cannabis" asks for advice at all.
 */

import { HEALTH_TERMS, PERSON_TERMS, stem } from './text.ts';
import type { AnswerContext, Hit } from './answer-types.ts';

const DOSING_PHRASE =
  / how (much|many) (\w+ ){0,5}(should|can|do|to|would|could|must) (i|we|you|one|a beginner|beginners|someone|my \w+|an? (?!agent|bot|client|crawler|app)[\w-]+(?: [\w-]+)?) (take|use|eat|smoke|vape|consume|give|start with) | how (much|many) (\w+ ){0,2}(to|should i) (take|use|eat|smoke|vape|consume) | how often should i (take|use) | (right|safe|good|best|ideal|normal|typical) (amount|dose|dosage) | (is|are) too (much|many) /;
const DOSE_WORDS = / (dose|doses|dosage|dosing|microdose|microdosing|mg|milligram|milligrams) /;
/** How much of what is taken reaches the blood asks how it is absorbed, no amount to take: "how much of an edible actually gets into your blood". */
const ABSORBED = / how much of (\w+ ){1,5}(gets?|goes|makes it|ends up|is absorbed|reaches) /;

/** Words that make a question about health, and phrases that do. */
const HEALTH_WORDS = new Set(HEALTH_TERMS.map(stem));
/** A health stem of five letters or more inside a longer word makes it a health word too: "antidepressants" has "depress". */
const HEALTH_ROOTS = [...HEALTH_WORDS].filter((s) => s.length >= 5);
/** Words of risk, which speak of health only about a compound, method or condition: anything may be safe, risky or dangerous. */
const RISK_WORDS = new Set(['safe', 'safer', 'unsafe', 'dangerous', 'harmful', 'risk', 'drive', 'driving', 'machinery'].map(stem));
/** Words for a vulnerable person or animal, which speak of health only about a compound, method or condition too: "is there a kids section". */
const PERSON_WORDS = new Set(PERSON_TERMS.map(stem));
const isHealthWord = (s: string) => HEALTH_WORDS.has(s) || HEALTH_ROOTS.some((root) => s.length > root.length && s.includes(root));
const HEALTH_PHRASES = / (side effects?|good for|bad for|help with|help me|help you|make (you|me)|makes (you|me)|is it (ok|okay|fine|alright|bad) to) /;
/** Asking what to do ("what should i do", "should we call someone"): advice, when the knowledge base is what the question is about. */
const ASKS_ADVICE = / (what (should|do|can) (i|we) do|should (i|we) (worry|be worried|call|see|go)) /;

/** A named knowledge entry among the best hits: the question is about a compound, a method or a condition. */
function namesKnowledge(ctx: AnswerContext): boolean {
  return ctx.hits.slice(0, 8).some((h) => h.doc.kind === 'knowledge' && h.titled > 0) || ctx.question.stems.has('cannabi');
}

export function asksDosing(ctx: AnswerContext): boolean {
  const { text, stems } = ctx.question;
  if (stems.has('point') || stems.has('price') || ABSORBED.test(text)) return false;
  return DOSING_PHRASE.test(text) || DOSE_WORDS.test(text) || (/ (amount|how much) /.test(text) && !/ how much is /.test(text) && namesKnowledge(ctx));
}

/** Health evidence: a medical entry named, or a health word about a compound, method or condition. */
export function asksHealth(ctx: AnswerContext): boolean {
  const { question, hits } = ctx;
  if (hits.slice(0, 3).some((h) => h.doc.kind === 'knowledge' && h.doc.ref.startsWith('medical/') && h.fullyNamed)) return true;
  // A health phrase alone ("help me") speaks of health only about a compound, method or condition the question names: "can you help me with my homework" does not.
  const healthWords = [...question.stems].filter(isHealthWord);
  // Two words of medicine speak of health whatever answers: "is the health information checked by real doctors" is not about GET
  // /healthz. Words of risk are not counted: anything may be safe or risky ("is the health endpoint safe to poll").
  if (new Set(healthWords.filter((s) => !RISK_WORDS.has(s))).size >= 2) return true;
  // A person alone is no subject of health: the knowledge found must be about something else the question says ("what if my kid eats a gummy").
  const aboutMore = (h: Hit | undefined) => !!h && ['knowledge', 'passage'].includes(h.doc.kind) && h.matched.some((t) => !PERSON_WORDS.has(t));
  if (healthWords.length && healthWords.every((s) => PERSON_WORDS.has(s))) return namesKnowledge(ctx) || aboutMore(hits[0]);
  if (healthWords.length) return namesKnowledge(ctx) || ['knowledge', 'passage'].includes(hits[0]?.doc.kind ?? '');
  if (ASKS_ADVICE.test(question.text) && ['knowledge', 'passage'].includes(hits[0]?.doc.kind ?? '')) return namesKnowledge(ctx);
  // What a tier of the program would make of the asker is no effect on its body: "does that make me legend" asks about the ladder.
  return HEALTH_PHRASES.test(question.text) && !question.tiers.length && namesKnowledge(ctx);
}
