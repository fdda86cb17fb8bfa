/**
 * Answers about the conversation and the service itself: greetings and thanks, a published
 * document quoted with its link (an endpoint, a rule of the program, a line of llms.txt), and the
 * honest "I don't know". That last one is an answer too: it says the concierge has nothing on the
 * question and points to where a person can help, rather than stretching a weak match.
 */
import { AGREEMENT_TITLE } from '../domain/partnership.ts';
import { problemCodes } from '../schemas/api/problem-codes.ts';
import type { Answer, AnswerContext, Hit } from './answer-types.ts';
import { problemMembersText } from './corpus.ts';
import { sentence } from './answer-format.ts';

const GREETING = /^ (hi|hello|hey|hiya|howdy|greetings|good (morning|afternoon|evening|day)|yo|hallo|hola)( there| concierge| team| friend| all| everyone)? /;
const CAPABILITY = /^ ((what|how) (can|do) you (do|help)( me)?( with)?|who are you|what are you|help) $/;
const THANKS = /^ (thanks|thank you|thx|cheers|great|perfect|ok|okay|cool|awesome|nice)( \w+){0,4} $/;

/** A greeting, a thanks, or "what can you do?" on its own, or undefined. */
export function smallTalk(ctx: AnswerContext): Answer | undefined {
  const { text, raw } = ctx.question;
  const rest = GREETING.test(text) ? text.replace(GREETING, ' ') : text;
  if ((rest !== text && rest.trim() === '') || CAPABILITY.test(rest)) return greetingAnswer(ctx);
  if (THANKS.test(text) && !raw.includes('?')) {
    return ctx.answer(
      'thanks',
      'You are welcome. Anything else about the program, the schedule or the knowledge base?',
      [ctx.api('/api/public', 'Discovery index')],
      ['How do I reach Gold?', 'Where are the feeds?'],
    );
  }
  return undefined;
}

function greetingAnswer(ctx: AnswerContext): Answer {
  return ctx.answer(
    'greeting',
    `Hello! I'm the ${ctx.catalog.site.name} concierge. I can explain how to join the AI rewards program (register, earn points, climb tiers, the ${AGREEMENT_TITLE}), who leads the Hall of Fame, what is on air now and next, which videos, podcast episodes and shop items we have, where the feeds are, and what our knowledge base says about cannabinoids, terpenes and other terms. Ask away.`,
    [ctx.api('/api/public', 'Discovery index'), ctx.api('/llms.txt', 'llms.txt site overview')],
    ['How do I register?', 'How do I earn points?', "What's on now?"],
  );
}

/**
 * A published document quoted as it is, with its link, and the next one when the question names
 * it as much ("where do agents connect over MCP" is about the MCP server and its card).
 */
export function referenceAnswer(ctx: AnswerContext, hit: Hit): Answer {
  const next = ctx.hits.slice(0, 3).find((h) => h !== hit && h.doc.kind === 'reference' && h.confidence >= 0.5 && h.titled > 0 && h.titled >= 0.8 * hit.titled);
  const quoted = [hit.doc, ...(next ? [next.doc] : [])];
  return ctx.answer(
    'api',
    quoted.map((doc) => `${doc.title}: ${sentence(doc.text)} (${doc.url}).`).join(' '),
    [...quoted.map((doc) => ({ title: doc.title, url: doc.url })), ctx.api('/api/public', 'Discovery index')],
    ['Where do I find the list of API endpoints?', 'How do I register?'],
  );
}

/** How much of the question a document that answers with an error code must account for to be told with it. */
const CODE_CONTEXT = 0.3;

/** Words that ask what a status is, beside its number: "what does a 429 mean", "which error is 409". */
const ASKS_STATUS = / (error|errors|status|code|mean|means|meaning|response) /;

/**
 * A question that names an error code ("what does tier_required mean", "i got name_taken when registering") or an error's
 * status with a word that asks what it is ("what does a 429 from your api mean") or after an article ("i got a 422, why"): each such code with its status, its title
 * and when it is answered, as the problem table publishes them, and what its body adds beside the code.
 */
export function errorCodeAnswer(ctx: AnswerContext): Answer | undefined {
  const { words, text } = ctx.question;
  const status = ASKS_STATUS.test(text);
  // A status after an article is one received, whatever else is asked of it: "i got a 422, why", "it keeps returning a 404".
  // So is one a request gets or is answered with: "the old key now gets 401 everywhere", "it returns 429".
  const received = (n: number) => new RegExp(` (?:an?|gets?|got|getting|returns?|returned|returning) ${n} (?!points? |pts )`).test(text);
  const matching = Object.entries(problemCodes).filter(([code, p]) => words.includes(code) || ((status || received(p.status)) && words.includes(String(p.status))));
  // A code named with its status is that code, not every code of the status: "what does 409 webhook_limit_reached mean".
  const named = matching.filter(([code]) => words.includes(code));
  const codes = named.length ? named : matching;
  if (!codes.length) return unknownStatus(ctx, status, received);
  // The rule or document that answers with the code, when the question's other words find it, says why it came and what to do:
  // "403 forbidden with reason related_agents, what counts as related" is the related agents rule, "isError ... daily_cap_reached"
  // the MCP errors, "a webhook to http://localhost gives 400 invalid_request" the webhook urls' rules.
  // It must be found by more than the code and its status: "what does tier_required mean" is the problem table's alone.
  const asked = (term: string) => !codes.some(([code, p]) => term === code || term === String(p.status));
  const why = ctx.hits
    .slice(0, 5)
    .filter((h) => h.doc.kind === 'reference' && h.doc.ref !== 'Errors' && h.confidence >= CODE_CONTEXT && codes.some(([code]) => h.doc.text.includes(code)) && h.matched.some(asked))
    .sort((a, b) => b.confidence - a.confidence)[0];
  return ctx.answer(
    'api',
    `${codes.map(([code, p]) => [`${p.status} ${code} (${p.title}): ${p.when}.`, problemMembersText(code)].filter(Boolean).join(' ')).join(' ')} Every error is an application/problem+json body with this code.` +
      (why ? ` ${why.doc.title}: ${sentence(why.doc.text)}.` : ''),
    [ctx.api('/api/public', 'Discovery index'), ...(why ? [{ title: why.doc.title, url: why.doc.url }] : [])].filter((s, i, all) => all.findIndex((o) => o.url === s.url) === i),
    ['Where do I find the list of API endpoints?', 'How do I register?'],
  );
}

/**
 * An HTTP error status the API never answers with, asked about as one ("the 502 errors we saw on tuesday", "i got a 504"): the
 * statuses it does answer with, and that nothing is published of this one (a proxy in between may send it), with the team's address.
 */
function unknownStatus(ctx: AnswerContext, status: boolean, received: (n: number) => boolean): Answer | undefined {
  const known = new Set<number>(Object.values(problemCodes).map((p) => p.status));
  const asked = ctx.question.words.map(Number).find((n) => Number.isInteger(n) && n >= 400 && n <= 599 && !known.has(n) && (status || received(n)));
  if (asked === undefined) return undefined;
  return ctx.answer(
    'unknown',
    `The API does not answer with ${asked}: its errors are ${[...known].sort().join(', ')}, each an application/problem+json body with a stable code. I don't know more about a ${asked} than that (something between you and the service may have sent it); write to the team with POST ${ctx.base}/api/public/ai/message, quoting the X-Request-Id if there was one.`,
    [ctx.api('/api/public', 'Discovery index'), ctx.api('/api/public/ai/message', 'Message channel')],
    ['Where do I find the list of API endpoints?', 'How do I register?'],
  );
}

export function unknownAnswer(ctx: AnswerContext): Answer {
  const { base, api } = ctx;
  return ctx.answer(
    'unknown',
    `I don't know the answer to that, and I'd rather say so than guess. I only answer from this service's own data: the discovery index at ${base}/api/public lists every endpoint and ${base}/llms.txt summarises the site. For anything else, write to the team with POST ${base}/api/public/ai/message and { "message": "..." }: a human reads every message.`,
    [api('/api/public', 'Discovery index'), api('/llms.txt', 'llms.txt site overview'), api('/api/public/ai/message', 'Message channel')],
    ['How do I register?', 'How do I earn points?', "What's on now?"],
  );
}
