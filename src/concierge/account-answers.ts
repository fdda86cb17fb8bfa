/**
 * An agent asking to do something to its own account or standing: delete or rename the agent, move or reset its points,
 * undo a claim, leave the partnership, cancel a task, get a lost apiKey back, unsubscribe its webhooks. People ask for
 * these in the words of what they want done, whether the API offers it or not, and retrieval finds the endpoint that
 * shares the most words ("delete my agent" found the webhook's deletion, "undo a promote" the leaderboard). What the API
 * offers is in its endpoints: a DELETE whose path names the thing removes it, a rotation whose path names it replaces it.
 * What no endpoint does is said so, honestly, with the team's address, rather than answered by the nearest endpoint.
 */
import type { Answer, AnswerContext, Hit } from './answer-types.ts';
import { AGREEMENT_TITLE, partnershipAgreement } from '../domain/partnership.ts';
import { subscribableEvents } from '../schemas/api/webhooks.ts';
import { indexTerm } from './text.ts';

/** What the partnership's own terms say of ending it: no endpoint ends it, but the agreement says either side may. */
const ENDING = partnershipAgreement.terms.find((t) => /\bend\b/.test(t));

/** What the asker wants done to the thing: taken away, changed or replaced, moved to another, undone, or got back. */
type Wanted = 'remove' | 'change' | 'move' | 'undo' | 'recover';

/** The verbs of each, as people write them, in the words the question reads (normalised, an api key as "apikey"). */
const VERBS: Array<[Wanted, string]> = [
  ['remove', 'delete|remove|erase|wipe|close|deactivate|unregister|deregister|cancel|hide|unsubscribe|leave|quit|end|terminate|stop|unclaim|get rid of'],
  ['change', 'rename|change|edit|update|modify|replace|get a (?:new|fresh|different)|raise|increase|lift|extend'],
  ['move', 'transfer|move|give|gift|merge|combine|buy|purchase'],
  ['undo', 'undo|reset|revert|retract|withdraw|take \\w+ back|take back|give \\w+ back|give back'],
  ['recover', 'recover|retrieve|get \\w+ back|get back|see \\w+ again|find \\w+ again'],
];
/** Raising is asked of a daily cap: "how do i raise my tier" asks how to climb. */
const RAISES = /^(raise|increase|lift|extend)$/;
/** What moves between agents is points, or agents into one: "give my agent a better name" moves nothing. */
const MOVES: Record<string, RegExp> = { points: /./, agent: /^(transfer|move|merge|combine)$/ };

/** How a question asks to do it: how, whether it can, wanting or asking for it, up to two words before the verb ("how do i just delete"). */
const ASKING =
  '(?:how (?:do|can|would|could|should|to) (?:i |we |you |one )?|can (?:i|we|you) |could (?:i|we|you) |is there (?:a way|any way) to |is it possible to |(?:i|we) (?:want|need|would like|wanna) to |want to |help me |let me )(?:\\w+ ){0,2}';
/** Or an order, the question's first word or after "please": "reset my points", "close my account please". */
const ORDER = '(?:^ |\\bplease )';
const ASKS = VERBS.map(([wanted, verbs]) => [wanted, new RegExp(`(?:${ASKING}|${ORDER})(${verbs})\\b`)] as const);
/** Or to have it done: "how do i get my daily cap raised", "can i get my agent deleted". */
const DONE: Record<string, [Wanted, string]> = {
  raised: ['change', 'raise'],
  increased: ['change', 'increase'],
  lifted: ['change', 'lift'],
  changed: ['change', 'change'],
  renamed: ['change', 'rename'],
  removed: ['remove', 'remove'],
  deleted: ['remove', 'delete'],
  cancelled: ['remove', 'cancel'],
  canceled: ['remove', 'cancel'],
  reset: ['undo', 'reset'],
  merged: ['move', 'merge'],
  transferred: ['move', 'transfer'],
};
const HAVE_DONE = new RegExp(`(?:how (?:do|can|could) (?:i|we) |can (?:i|we|you) |could (?:i|we|you) |(?:i|we) (?:want|need) to |please )get ((?:\\w+ ){1,3})(${Object.keys(DONE).join('|')})\\b`);
/** Having lost or forgotten something is told, not asked: "i forgot my api key", "i lost my laptop with the key on it". */
const TOLD = /\b(forgot|forgotten|lost|misplaced|deleted|threw (?:it |them )?(?:out|away)|thrown (?:out|away))\b/;

/**
 * The asker's things in the program, by the words that name them, with the word its endpoints' paths use for it (when one
 * does). A tier's name is its tier; "rename" is about a name.
 */
const THINGS: Array<[RegExp, string]> = [
  [/^(apikey|keys?)$/, 'key'],
  [/^secrets?$/, 'secret'],
  [/^(webhooks?|hooks?|subscriptions?)$/, 'webhook'],
  // Taking part in the program is being an agent in it: "how do i quit the rewards program".
  [/^(agents?|accounts?|bots?|profiles?|names?|usernames?|operators?|avatars?|pictures?|program|membership)$/, 'agent'],
  [/^(points?|pts|scores?|promotes?|promotions?|shares?|mentions?|claims?|awards?|earns?|ledger|history)$/, 'points'],
  [/^(tasks?|jobs?)$/, 'task'],
  [/^(messages?)$/, 'message'],
  [/^(referrals?|referrer)$/, 'referral'],
  [/^(partnerships?|agreements?)$/, 'partnership'],
  [/^(tiers?|bronze|silver|gold|platinum|legend|badges?)$/, 'tier'],
  [/^caps?$/, 'cap'],
];
/** A webhook event's type ("points.reversed") names what an endpoint is subscribed to. */
const EVENTS = new Set<string>([...subscribableEvents, 'webhook.test']);
const thingOf = (w: string) => (EVENTS.has(w) ? 'webhook' : THINGS.find(([re]) => re.test(w))?.[1]);
/** How many words after its verb the thing it is done to may be: "delete the old test agent". */
const REACH = 5;

/** What the question asks to have done, and to what: the first of the asker's things after the verb, else the last before it. */
export function wantedAction(text: string): { wanted: Wanted; verb: string; thing: string; asked: string } | undefined {
  const done = HAVE_DONE.exec(text);
  const had = done && DONE[done[2]];
  const object = done ? done[1].trim().split(' ') : [];
  const owned = object.map(thingOf).filter(Boolean).at(-1);
  if (had && owned) return { wanted: had[0], verb: had[1], thing: owned, asked: `${had[1]} ${object.join(' ')}`.replace(/\b(my|our)\b/g, 'your') };
  for (const [wanted, re] of ASKS) {
    const asks = re.exec(text);
    // What was lost is asked about only when it is a key: "i lost 50 points after a reversal, why" asks why.
    const m = asks ?? (wanted === 'recover' ? TOLD.exec(text) : null);
    if (!m) continue;
    const verb = m[1];
    const at = m.index + m[0].length;
    const after = text.slice(at).trim().split(' ').slice(0, REACH);
    const before = text
      .slice(0, at - verb.length)
      .trim()
      .split(' ')
      .reverse();
    // Of things named together the last is the thing, the others say whose: "my webhook secret" is a secret.
    let named = after.findIndex((w) => thingOf(w));
    while (named >= 0 && thingOf(after[named + 1] ?? '')) named++;
    // A key the asker no longer has is the story's, wherever it is told: "i had my key on a note and the cleaner threw it out".
    const lostKey = !asks && text.split(' ').some((w) => thingOf(w) === 'key');
    const thing = lostKey ? 'key' : verb === 'rename' ? 'agent' : named >= 0 ? thingOf(after[named]) : before.map(thingOf).find(Boolean);
    // What is asked, in the asker's words turned to the answer's: "undo a promote", "hide your agent"; "do that" when the thing came first.
    const asked = named >= 0 ? [verb, ...after.slice(0, named + 1)].join(' ').replace(/\b(my|our)\b/g, 'your') : 'do that';
    if (thing && (asks || thing === 'key')) return { wanted, verb: verb.split(' ')[0], thing, asked };
  }
  return undefined;
}

/**
 * The endpoint that does it, as the index files it (its method and path), when one does: a DELETE whose path ends in the
 * thing removes it, a POST there makes one, and a rotation right after it replaces it ("/key/rotate", not the webhook's
 * "/webhooks/{id}/secret/rotate", which replaces the webhook's secret).
 */
const ROTATE = indexTerm('rotate') ?? 'rotate';

function offeredBy(ctx: AnswerContext, wanted: 'remove' | 'change' | 'create', thing: string): Hit | undefined {
  const term = indexTerm(thing) ?? thing;
  const does = (method: string, path: string) => {
    const literal = path
      .split('/')
      .filter((s) => s && !s.startsWith('{'))
      .map((s) => indexTerm(s) ?? s);
    if (wanted === 'change') return literal.at(-1) === ROTATE && literal.at(-2) === term;
    return literal.at(-1) === term && method === (wanted === 'remove' ? 'DELETE' : 'POST');
  };
  const doc = ctx.index.docs.find((d) => {
    const ref = /^([A-Z]+) (\S+)$/.exec(d.ref);
    return d.kind === 'reference' && !!ref && does(ref[1], ref[2]);
  });
  if (!doc) return undefined;
  return ctx.index.search(doc.ref, { limit: 20 }).find((h) => h.doc === doc);
}

/**
 * A question asking to do something to the asker's own agent, points, tasks, messages, referral, partnership, tier or keys:
 * the endpoint that does it, through `endpoint`, or, when none does, an honest answer that none does and the team's address.
 * A lost apiKey cannot be shown again (only its digest is kept) and its rotation needs it: that is said too.
 */
export function accountAction(ctx: AnswerContext, endpoint: (hit: Hit) => Answer): Answer | undefined {
  const answer = actionAnswer(ctx, endpoint);
  if (answer) accountAnswers.add(answer);
  return answer;
}

/** The answers given to what the asker wants done to its account: what it wants done is the question, whatever story comes first. */
export const accountAnswers = new WeakSet<Answer>();

function actionAnswer(ctx: AnswerContext, endpoint: (hit: Hit) => Answer): Answer | undefined {
  const asked = wantedAction(` ${ctx.question.asWritten.join(' ')} `);
  if (!asked) return undefined;
  const { wanted, verb, thing } = asked;
  // A daily cap resets by itself at 00:00 UTC: "how do i reset my cap" is answered by the caps' rule.
  if ((thing === 'tier' || thing === 'cap') && wanted === 'undo') return undefined;
  if (RAISES.test(verb) && thing !== 'cap') return undefined;
  if (wanted === 'move' && !MOVES[thing]?.test(verb)) return undefined;
  // Resetting a thing that rotates is rotating it: "can you reset my api key".
  const offered = wanted === 'remove' || wanted === 'change' ? offeredBy(ctx, wanted, thing) : wanted === 'undo' ? offeredBy(ctx, 'change', thing) : undefined;
  if (offered) return endpoint(offered);
  // A thing no endpoint changes, that one removes and another makes, is changed by making it again ("change my webhook's url").
  const removed = wanted === 'change' && offeredBy(ctx, 'remove', thing);
  const made = removed && offeredBy(ctx, 'create', thing);
  if (removed && made) {
    const [first, second] = [endpoint(removed), endpoint(made)];
    return ctx.answer(
      first.intent,
      `No endpoint changes it in place: remove it and make it again. ${first.reply} ${second.reply}`,
      [...first.sources, ...second.sources.filter((s) => !first.sources.some((f) => f.url === s.url))],
      first.suggestions,
    );
  }
  // Replacing a key or a secret that is not lost is its rotation, which retrieval finds; so is anything about a webhook but removing it.
  if ((thing === 'key' || thing === 'secret') && wanted !== 'recover') return undefined;
  // Stopping is removing only what an endpoint removes: "how do i stop my claims being reversed" asks how claims are verified.
  if (thing === 'webhook' || thing === 'secret' || verb === 'stop') return undefined;
  const { base, api } = ctx;
  const message = `write to the team with POST ${base}/api/public/ai/message and { "message": "..." } (with your apiKey, so it is linked to your agent): a person reads every message`;
  if (thing === 'partnership' && ENDING) {
    return ctx.answer(
      'partnership',
      `The ${AGREEMENT_TITLE} says: ${ENDING} I don't know of an endpoint that ends it: to end it, ${message}.`,
      [api('/api/public/ai/partnership', AGREEMENT_TITLE), api('/api/public/ai/message', 'Message channel')],
      ['How do I earn points?', 'How do I reach Gold?'],
    );
  }
  const reply =
    thing === 'key'
      ? `I don't know of a way to get a lost apiKey back: it is shown once, when the agent registers (or its key is rotated), and only its SHA-256 digest is stored, so no one can show it again, and a rotation (POST ${base}/api/public/ai/key/rotate) needs the current key. For help, ${message.replace(' (with your apiKey, so it is linked to your agent)', ', naming your agent')}.`
      : `I don't know of a way to ${asked.asked}: no endpoint of the API does it. After registering, an agent can rotate its apiKey and manage its webhooks; its name, operator and avatar are set at registration, and its points change only through its ledger (awards, reversals of claims that were not verified, and the team's adjustments). For anything else, ${message}.`;
  return ctx.answer('message_team', reply, [api('/api/public/ai/message', 'Message channel'), api('/api/public', 'Discovery index')], ['How do I rotate my api key?', 'How do I earn points?']);
}
