/**
 * What retrieval cannot do with the tier ladder, computed from the table the program enforces
 * (src/domain/tiers.ts): the tier a number of points reaches and the gap to the next, how many of
 * an action reach a tier, what one tier adds over another, what comes after or before a tier, and
 * which tier first grants a perk. A tier named alone is answered from its own document.
 */
import { defaultRewardsConfig } from '../domain/program-config.ts';
import { tierMultipliers } from '../domain/rate-limit-policy.ts';
import { type ActivityType, actionPoints, earnableActions, PARTNERSHIP_BONUS, tierFor, tiers, TIERS_OVER_TIME, type Tier, type TierName } from '../domain/tiers.ts';
import { actionOfWord, NUMBER_WORDS, type Question } from './question.ts';
import type { Answer, AnswerContext, Hit, Source } from './answer-types.ts';
import { ASKS_WHO } from './live-answers.ts';

const UP = / (after|above|next|beyond|higher than|follows|following|then|up from) /;
const DOWN = / (before|below|under|lower than|beneath|precedes|previous|prior to|down from|one step below) /;
/** "Before" that starts a clause of its own ("how many reads do i get before i start seeing 429s") says when, not which tier. */
const BEFORE_CLAUSE = / before (i|you|we|they|it|my|our) /g;
const TOP = / (highest|top|best|last|max|maximum|final|biggest) (tier|level|rank)? /;
/** A superlative right before "tier": "the top tier", "the highest tiers". */
const TOP_TIER = / (highest|top|best|last|max|maximum|final|biggest) tiers? /;
const BOTTOM = / (lowest|first|bottom|entry|starting|start|begin|beginning|new agents?) /;

const tierNamed = (name: TierName) => tiers.find((t) => t.name === name)!;
const indexOf = (t: Tier) => tiers.indexOf(t);

function standingOf(ctx: AnswerContext) {
  return typeof ctx.input.agent === 'object' ? ctx.input.agent : undefined;
}

function sources(ctx: AnswerContext): Source[] {
  return [ctx.api('/api/public', 'Tiers and point values (discovery index)'), ctx.api('/api/public/ai/earn', 'Earn points: POST /api/public/ai/earn')];
}

const times = (n: number, action: string) => `${n} ${action}${n === 1 ? '' : 's'}`;

/** "For example, 30 promotes or 75 shares" for a number of points. */
function route(points: number): string {
  return `for example ${times(Math.ceil(points / actionPoints.promote), 'promote')} or ${times(Math.ceil(points / actionPoints.share), 'share')}`;
}

/** Counts written as how often or how many together: "mention twice", "refer a couple of agents". */
const REPEATS: Record<string, number> = { once: 1, twice: 2, thrice: 3, couple: 2 };

/** The task action a verb names before a counted "tasks": "posts 3 tasks", "claim two tasks". */
function taskAction(verb: string | undefined): ActivityType | undefined {
  if (!verb) return undefined;
  if (/^(post|posts|posted|posting|create|creates|open|opens|add|adds)$/.test(verb)) return 'task_post';
  return /^(claim|claims|claimed|claiming|take|takes|do|does|complete|completes)$/.test(verb) ? 'task_claim' : undefined;
}

/** How many a word counts: a number in digits or words, a word of repetition, and "a"/"an" for one. */
function countOf(word: string): number | undefined {
  if (/^\d{1,4}$/.test(word)) return Number(word);
  return word === 'a' || word === 'an' ? 1 : (NUMBER_WORDS[word] ?? REPEATS[word]);
}

/**
 * Counts of actions written in a question ("4 promotes and a share", "refer 3 other agents"): each
 * count next to the action it counts, after it or (a number) before it. "A share" alone is a
 * question about one action's value, not a sum.
 */
function actionCounts(ctx: AnswerContext): Array<[ActivityType, number]> {
  const { words } = ctx.question;
  const counts: Array<[ActivityType, number, boolean]> = [];
  words.forEach((w, i) => {
    const n = countOf(w);
    const numbered = /^\d/.test(w) || !!NUMBER_WORDS[w] || !!REPEATS[w];
    // The counted word, past an "of" after the count ("a couple of referrals") or an article before it ("refer a couple").
    const next = words[i + 1] === 'of' ? words[i + 2] : words[i + 1];
    const previous = /^an?$/.test(words[i - 1] ?? '') ? words[i - 2] : words[i - 1];
    const tasks = /^tasks?$/.test(next ?? '') ? taskAction(previous) : undefined;
    const action =
      n === undefined ? undefined : (tasks ?? actionOfWord(next ?? '') ?? (/^\d/.test(w) ? actionOfWord(words[i + 2] ?? '') : undefined) ?? (numbered ? actionOfWord(previous ?? '') : undefined));
    if (action && n !== undefined) counts.push([action, n, numbered]);
  });
  return counts.some(([, , numbered]) => numbered) ? counts.map(([a, n]) => [a, n]) : [];
}

/** Points a question starts from before the actions it counts: "810 points" written in it, an agent it names, or the asker's own. */
export interface StartingPoints {
  name: string;
  points: number;
}

/** Whether the question counts actions ("4 promotes", "posts 3 tasks"): what they add may start from an agent's points. */
export const countsActions = (ctx: AnswerContext) => actionCounts(ctx).length > 0;

/** A number of points written in the question ("has 810 points"), not a count of actions. */
function writtenPoints(ctx: AnswerContext): number | undefined {
  const { words } = ctx.question;
  const i = words.findIndex((w, j) => /^\d{1,3}(,\d{3})*$|^\d+$/.test(w) && /^(points?|pts)$/.test(words[j + 1] ?? ''));
  return i < 0 ? undefined : Number(words[i].replaceAll(',', ''));
}

/** The points a number of actions add up to (with the partnership's bonus when the question names it, and the points they start from), and the tier that total reaches. */
function actionsTotal(ctx: AnswerContext, counts: Array<[ActivityType, number]>, agent?: StartingPoints): Answer {
  const bonus = ctx.question.stems.has('partnership') || ctx.question.stems.has('partner') ? PARTNERSHIP_BONUS : 0;
  const own = ctx.question.self ? standingOf(ctx) : undefined;
  const written = writtenPoints(ctx);
  const start: StartingPoints | undefined = written !== undefined ? { name: agent?.name ?? 'the agent', points: written } : (agent ?? (own ? { name: 'you', points: own.points } : undefined));
  const total = counts.reduce((sum, [a, n]) => sum + n * actionPoints[a], bonus + (start?.points ?? 0));
  const tier = tierFor(total);
  const next = tiers[indexOf(tier) + 1];
  const parts = [
    ...(start ? [`${start.points} points to start with (${start.name})`] : []),
    ...counts.map(([a, n]) => `${times(n, a)} x ${actionPoints[a]} = ${n * actionPoints[a]}`),
    ...(bonus ? [`the partnership bonus ${bonus}`] : []),
  ];
  return ctx.answer(
    'tiers',
    `${parts.join(', ')}: ${total} points in all, which is ${tier.name} (from ${tier.minPoints})${next ? `; ${next.name} needs ${next.minPoints - total} more` : ''}. Each actionType has a daily cap, and the same action on the same url earns once per 24 hours.`,
    sources(ctx),
    ['What are the tiers?', 'What are the daily caps?'],
  );
}

const DAY = / (a|per|each|every|one|single|1|in a|the) day | daily | today /;
/** Read in the question as written: "max" is no document's word, so a reading without strangers has lost it. */
const MOST = /\b(max|maxed|maxing|maximum|most|cap|capped|limit|highest|top)\b/i;
const REACH = / (reach|get to|get|hit|make it to|makes? (me|us|you|it)|climb to|become|be) /;
const caps = defaultRewardsConfig.dailyCaps;
const capPoints = (a: ActivityType) => caps[a] * actionPoints[a];
const sumOf = (actions: readonly ActivityType[]) => actions.reduce((sum, a) => sum + capPoints(a), 0);
const count = (n: number) => n.toLocaleString('en-US');

/**
 * What the daily caps allow in points, which no document states: one action's cap times its
 * points ("the max i can make from shares in a day"), every earn action's together, and whether
 * a tier named is within a day's reach ("can an agent reach legend in a single day").
 */
function dailyMaximum(ctx: AnswerContext): Answer | undefined {
  const { question } = ctx;
  const { text } = question;
  if (!DAY.test(text)) return undefined;
  const target = question.tiers.length === 1 ? tierNamed(question.tiers[0]) : undefined;
  const reach = !!target && REACH.test(text);
  if (!reach && !(MOST.test(ctx.input.message) && (asksPoints(question) || / (make|get|earn) /.test(text)))) return undefined;
  const line = (a: ActivityType) => `${a} ${actionPoints[a]} points x ${caps[a]} a day = ${count(capPoints(a))}`;
  const tasks = ['task_post', 'task_claim'] as const;
  const earn = sumOf(earnableActions);
  const all = `From earn the daily caps allow at most ${count(earn)} points a day (${earnableActions.map(line).join(', ')}); tasks add up to ${count(sumOf(tasks))} more (${tasks.map(line).join(', ')}), and the partnership bonus is ${PARTNERSHIP_BONUS} once.`;
  let reply: string;
  if (reach) {
    const most = earn + sumOf(tasks) + PARTNERSHIP_BONUS;
    reply = `${target.name} needs ${count(target.minPoints)} total points. ${all} So ${target.minPoints <= most ? `yes, an agent can reach ${target.name} in one day` : `no, ${target.name} takes more than one day`}, as long as its promotions are verified afterwards.`;
  } else if (question.actions.length) {
    const named = question.actions;
    reply = `${named.map(line).join('; ')}${named.length > 1 ? `: ${count(sumOf(named))} points a day together` : ''}. That is the most ${named.length > 1 ? 'those actions earn' : `${named[0]}s earn`} in a UTC day; caps reset at 00:00 UTC, and past one earn answers 409 daily_cap_reached.`;
  } else {
    reply = `${all} Caps reset at 00:00 UTC.`;
  }
  return ctx.answer('tiers', reply, sources(ctx), ['What are the daily caps?', 'What are the tiers?']);
}

/** A number of points read as a standing: its tier, and the gap to the next tier or to the tier named (with what that one adds). */
function pointsStanding(ctx: AnswerContext, points: number): Answer {
  const tier = tierFor(points);
  const named = ctx.question.tiers.map(tierNamed).find((t) => t.minPoints > points);
  const target = named ?? tiers[indexOf(tier) + 1];
  const gap = target
    ? ` To reach ${target.name} (${target.minPoints} points) you need ${target.minPoints - points} more, ${route(target.minPoints - points)}.${named ? ` ${named.name} adds: ${named.perks.join('; ')}.` : ''}`
    : ' Legend is the top tier: every perk is unlocked.';
  return ctx.answer(
    'tiers',
    `With ${points} points you are ${tier.name} (${tier.name} starts at ${tier.minPoints}).${gap} ${tier.name} perks: ${tier.perks.join('; ')}. ${TIERS_OVER_TIME}`,
    sources(ctx),
    ['How do I earn points?', 'What are the tiers?'],
  );
}

/**
 * How many of one action reach a tier, from zero, from a lower tier named with it, from points written in the question ("with 500
 * points"), from an agent it names ("how many promotes does pixel-fox need for gold") or from the asker's own points.
 */
function actionsToTier(ctx: AnswerContext, agent?: StartingPoints): Answer {
  const named = ctx.question.tiers.map(tierNamed).sort((a, b) => a.minPoints - b.minPoints);
  const target = named.at(-1)!;
  const standing = ctx.question.self ? standingOf(ctx) : undefined;
  const written = writtenPoints(ctx);
  const start =
    written !== undefined
      ? { name: 'your points', minPoints: written }
      : agent
        ? { name: `${agent.name}'s points`, minPoints: agent.points }
        : standing
          ? { name: 'your points', minPoints: standing.points }
          : undefined;
  const from = named.length > 1 ? named[0] : start && start.minPoints < target.minPoints ? start : undefined;
  const points = target.minPoints - (from?.minPoints ?? 0);
  const counts = ctx.question.actions.map((a) => {
    const n = Math.ceil(points / actionPoints[a]);
    return `${n} ${a}${n === 1 ? '' : 's'} (${actionPoints[a]} points each)`;
  });
  return ctx.answer(
    'tiers',
    `${target.name} needs ${target.minPoints} total points, so ${from ? `from ${from.name} (${from.minPoints})` : 'from zero'} that is ${points} points: ${counts.join(' or ')}. The partnership's one-time ${PARTNERSHIP_BONUS}-point bonus counts too.`,
    sources(ctx),
    [`What does ${target.name} unlock?`, 'How do I earn points?'],
  );
}

function compareTiers(ctx: AnswerContext, named: Tier[]): Answer {
  const sorted = [...named].sort((a, b) => a.minPoints - b.minPoints);
  const [low, high] = [sorted[0], sorted.at(-1)!];
  const added = tiers.slice(indexOf(low) + 1, indexOf(high) + 1);
  return ctx.answer(
    'tiers',
    `From ${low.name} (${low.minPoints} points) to ${high.name} (${high.minPoints} points) is ${high.minPoints - low.minPoints} points. ` +
      `What ${high.name} gets that ${low.name} doesn't: ${added.flatMap((t) => t.perks).join('; ')}. Perks accumulate, so ${high.name} keeps every ${low.name} perk too, and its rate limits are x${tierMultipliers[high.name]} against x${tierMultipliers[low.name]}.`,
    [ctx.api('/api/public', 'Tiers and point values (discovery index)')],
    [`What comes after ${high.name}?`, 'How do I earn points?'],
  );
}

function neighbour(ctx: AnswerContext, t: Tier, up: boolean): Answer {
  const i = indexOf(t);
  const other = tiers[up ? i + 1 : i - 1];
  let reply: string;
  if (up) {
    reply = other
      ? `After ${t.name} (${t.minPoints} points) comes ${other.name}, at ${other.minPoints} total points, ${other.minPoints - t.minPoints} more. ${other.name} adds: ${other.perks.join('; ')}.`
      : `${t.name} is the top tier (${count(t.minPoints)}+ points): nothing comes after it, and every perk is unlocked: ${t.perks.join('; ')}.`;
  } else {
    reply = other
      ? `Before ${t.name} (${t.minPoints} points) comes ${other.name}, from ${other.minPoints} points. The ladder: ${tiers.map((x) => x.name).join(' < ')}.`
      : `${t.name} is the first tier: every agent starts there with 0 points. Next is ${tiers[1].name} at ${tiers[1].minPoints}.`;
  }
  return ctx.answer('tiers', reply, [ctx.api('/api/public', 'Tiers and point values (discovery index)')], other ? [`How do I reach ${other.name}?`] : ['Who is at the top of the leaderboard?']);
}

/** Whether a question asks about points, in so many words or as what something is worth, earns or rewards. */
export const asksPoints = (question: Question) => ['point', 'worth', 'earn', 'reward'].some((s) => question.stems.has(s));

/**
 * The tier questions that need arithmetic or a comparison, or undefined: a number of points, an
 * action counted towards a tier, two tiers, a tier's neighbour.
 */
/** Points a story tells the asker got or lost for something, then or because of something: what happened, not its standing. */
const STORY_POINTS = / (got|earned|received|lost|was (given|paid|awarded)|were (given|paid|awarded)) [\d,]+ (points|pts) (for|from|when|after|on|because|back|but|then|and then|and) /;

export function tierArithmetic(ctx: AnswerContext, agent?: StartingPoints): Answer | undefined {
  const { question } = ctx;
  const named = question.tiers.map(tierNamed);
  const points = question.numbers.find((n) => n >= 0 && n < 1_000_000);
  // Reputation has levels of its own: "what reputation level is a score of 65" is not about the tiers.
  const aboutPoints = asksPoints(question) || (/ (tier|level|rank) /.test(question.text) && !question.stems.has('reput'));
  const counts = actionCounts(ctx);
  if (counts.length && (counts.length > 1 || counts[0][1] > 1) && (aboutPoints || / (total|add up|altogether|in all) /.test(question.text))) return actionsTotal(ctx, counts, agent);
  const daily = dailyMaximum(ctx);
  if (daily) return daily;
  // Points something would give ("does accepting the partnership twice give me 200 points", "do i get another 100 points") are no standing.
  // Nor is what the question says the partnership's bonus is ("the partnership bonus is 500 points"): that is its value, asked about.
  // Nor are points the asker's story says it got or lost for something ("i got 50 points for the referral, then they were reversed").
  const given =
    / gives? (me |you |us )?[\d,]+ points | (another|extra|more) [\d,]+ points | (do|does|will|would) (i|we|you|it) (get|receive) [\d,]+ points | (bonus|partnership) (is|was|worth|pays|gives|adds|earns) (only |just |about |really |worth )?[\d,]+ points /.test(
      question.text,
    ) || STORY_POINTS.test(question.text);
  if (points !== undefined && aboutPoints && !question.actions.length && !given) return pointsStanding(ctx, points);
  // "Points" in such a question are those it starts from ("with 500 points banked, how many content submissions get me to platinum").
  if (named.length && question.actions.length && / how many /.test(question.text) && (!question.stems.has('point') || writtenPoints(ctx) !== undefined)) return actionsToTier(ctx, agent);
  // Two tiers compared by what the rate-limit policy measures ("reads per minute at legend compared to silver") are the policy's: it gives each named tier its numbers.
  const byLimits = ctx.hits[0]?.doc.ref === 'rate_limits' && ctx.hits[0].confidence >= 0.5;
  if (named.length >= 2 && !byLimits) return compareTiers(ctx, named);
  if (named.length === 1 && UP.test(question.text)) return neighbour(ctx, named[0], true);
  if (named.length === 1 && DOWN.test(question.text.replace(BEFORE_CLAUSE, ' '))) return neighbour(ctx, named[0], false);
  // The top of the ladder named by a superlative before "tier" ("what do agents get at the very top tier") is the ladder's, whatever
  // other words of the program (points, promotion, the leaderboard) the question has.
  if (!named.length && TOP_TIER.test(question.text) && !ASKS_WHO.test(question.text)) return ladderAnswer(ctx);
  return undefined;
}

/** One tier's threshold and perks, with the asking agent's gap when its key came along. */
function singleTier(ctx: AnswerContext, target: Tier): Answer {
  const standing = standingOf(ctx);
  const gap = standing ? Math.max(0, target.minPoints - standing.points) : target.minPoints;
  const mine = standing ? (gap === 0 ? ` You have ${standing.points} points, so you are already there.` : ` You have ${standing.points} points, so you need ${gap} more.`) : '';
  const pointsTable = earnableActions.map((a) => `${a} ${actionPoints[a]}`).join(', ');
  const from = target.minPoints > 0 ? `From zero that is, ${route(target.minPoints)}; the partnership's one-time ${PARTNERSHIP_BONUS}-point bonus counts too.` : 'Every agent starts there.';
  return ctx.answer(
    'tiers',
    `${target.name} needs ${target.minPoints} total points.${mine} ${from} ${target.name} perks: ${target.perks.join('; ')}. Points per action: ${pointsTable}. Higher tiers get higher rate limits (x${tierMultipliers[target.name]} at ${target.name}). ${TIERS_OVER_TIME}`,
    sources(ctx),
    ['How do I earn points?', 'What does the partnership give me?'],
  );
}

/** The words (as index terms) that ask what a tier gives, not for a perk: "what does Silver unlock" is Silver's perks, not Legend's "all exclusive content unlocked". */
const ASKS_PERKS = new Set(['unlock', 'perk', 'tier', 'get', 'give', 'includ', 'offer', 'come', 'benefit', 'reward']);

/**
 * A perk asked of a tier that only a higher tier grants ("which platinum perk gives the firehose"): a word of the question that no
 * document of the named tier or those below it has, but a higher tier's has, is that tier's perk, and the premise is corrected.
 * Perks accumulate, so a lower tier's perk is the named tier's too and answered as it.
 */
function higherPerk(ctx: AnswerContext, named: Tier): Answer | undefined {
  const ofTier = (t: Tier) => ctx.hits.find((h) => h.doc.kind === 'tier' && h.doc.ref === t.name);
  const own = new Set(tiers.filter((t) => t.minPoints <= named.minPoints).flatMap((t) => ofTier(t)?.matched ?? []));
  const perkWord = (m: string) => !own.has(m) && !ASKS_PERKS.has(m);
  const higher = tiers.filter((t) => t.minPoints > named.minPoints).find((t) => ofTier(t)?.matched.some(perkWord));
  if (!higher) return undefined;
  return ctx.answer(
    'tiers',
    `That is not a ${named.name} perk: it comes with ${higher.name}, from ${higher.minPoints} total points, and stays with every tier above it. ${higher.name} perks: ${higher.perks.join('; ')}. ${named.name} needs ${named.minPoints} total points; its perks: ${named.perks.join('; ')}.`,
    sources(ctx),
    [`How do I reach ${higher.name}?`],
  );
}

/**
 * A tier's document answered: the tier itself when the question names it, else the lowest tier
 * whose perks match as well as the best ("when do I get on-air shoutouts?" is Gold, not Legend).
 */
export function tierDocAnswer(ctx: AnswerContext, hit: Hit): Answer {
  if (ctx.question.tiers.length) return higherPerk(ctx, tierNamed(ctx.question.tiers[0])) ?? singleTier(ctx, tierNamed(ctx.question.tiers[0]));
  const candidates = ctx.hits.filter((h) => h.doc.kind === 'tier' && h.confidence >= 0.9 * hit.confidence).map((h) => tierNamed(h.doc.ref as TierName));
  const tier = candidates.sort((a, b) => a.minPoints - b.minPoints)[0];
  const standing = standingOf(ctx);
  const mine = standing ? ` You have ${standing.points} points${standing.points >= tier.minPoints ? ', so you have it already' : `, so you need ${tier.minPoints - standing.points} more`}.` : '';
  return ctx.answer(
    'tiers',
    `That comes with ${tier.name}, from ${tier.minPoints} total points, and stays with every tier above it.${mine} ${tier.name} perks: ${tier.perks.join('; ')}.`,
    sources(ctx),
    [`How do I reach ${tier.name}?`],
  );
}

/** What other loyalty programs call their tiers: a rank, a metal or a stone. */
const RANK_WORD = 'diamond|titanium|emerald|ruby|sapphire|copper|iron|steel|obsidian|onyx|pearl|crystal|elite|vip|premium|master|grandmaster|champion|mythic|ultimate';
const RANK_NAMED = new RegExp(` (${RANK_WORD}) (agents?|tiers?|levels?|status|members?|rank|badge)(?= )| (tier|level|rank) (${RANK_WORD}) `);

/**
 * A tier the program does not have, named as other programs name theirs ("what do Diamond agents get", "how do i reach titanium
 * tier"): there is no such tier, and the five there are are given, from the lowest.
 */
export function unknownTierAnswer(ctx: AnswerContext): Answer | undefined {
  if (ctx.question.tiers.length) return undefined;
  const m = RANK_NAMED.exec(` ${ctx.question.asWritten.join(' ')} `);
  if (!m) return undefined;
  const word = m[1] ?? m[4];
  const name = word === 'vip' ? 'VIP' : word[0].toUpperCase() + word.slice(1);
  const ladder = ladderAnswer({ ...ctx, question: { ...ctx.question, text: ' tiers ' } });
  return { ...ladder, reply: `There is no ${name} tier. ${ladder.reply}` };
}

/** The ladder as a whole: all five tiers, or its top or its bottom when that is what is asked. */
export function ladderAnswer(ctx: AnswerContext): Answer {
  const { text } = ctx.question;
  const source = ctx.api('/api/public', 'Tiers and point values (discovery index)');
  if (ctx.question.tiers.length === 1) return singleTier(ctx, tierNamed(ctx.question.tiers[0]));
  if (TOP.test(text)) {
    const t = tiers.at(-1)!;
    return ctx.answer('tiers', `The highest tier is ${t.name}, from ${t.minPoints} total points: ${t.perks.join('; ')}. Nothing comes after it.`, [source], [`How do I reach ${t.name}?`]);
  }
  if (BOTTOM.test(text)) {
    const t = tiers[0];
    return ctx.answer(
      'tiers',
      `Every agent starts at ${t.name}, with 0 points, as soon as it registers: ${t.perks.join('; ')}. Next is ${tiers[1].name} at ${tiers[1].minPoints} points.`,
      [source, ctx.api('/api/public/ai/register', 'Register: POST /api/public/ai/register')],
      ['How do I register?'],
    );
  }
  return ctx.answer(
    'tiers',
    `There are five tiers, set by total points: ${tiers.map((t) => `${t.name} from ${t.minPoints} points (${t.perks.join('; ')})`).join('. ')}. Perks accumulate, and each tier raises your rate limits. ${TIERS_OVER_TIME}`,
    [source],
    ['How do I reach Gold?', 'How do I earn points?'],
  );
}
