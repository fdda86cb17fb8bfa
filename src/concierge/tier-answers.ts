/**
 * Answers about the tier ladder, read from the same tier table the program enforces
 * (src/domain/tiers.ts): one tier's threshold and perks, the ladder's order (what comes after or
 * before a tier, the top and the bottom), what one tier adds over another and the points between
 * them, and which tier first grants a perk. Relations are computed from the table, so a question
 * about any pair of tiers is answered without a phrase written for it.
 */
import { tierMultipliers } from '../domain/rate-limit-policy.ts';
import { actionPoints, earnableActions, PARTNERSHIP_BONUS, tierIndex, tiers, type Tier } from '../domain/tiers.ts';
import type { Answer } from './answer-types.ts';
import { listText, type AnswerContext } from './answer-format.ts';
import { stemsOf } from './search-index.ts';

const UP = / (after|above|next|beyond|higher than|follows|following|then|up from) /;
const DOWN = / (before|below|under|lower than|beneath|precedes|previous|prior to|down from) /;
const TOP = / (highest|top|best|last|max|maximum|final|biggest) (tier|level|rank)? /;
const BOTTOM = / (lowest|first|bottom|entry|starting|start|begin|beginning|new agents?) /;

function standingOf(ctx: AnswerContext) {
  return typeof ctx.input.agent === 'object' ? ctx.input.agent : undefined;
}

export function tierAnswer(ctx: AnswerContext): Answer {
  const { understood, api } = ctx;
  const text = understood.text;
  const source = api('/api/public', 'Tiers and point values (discovery index)');
  const earn = api('/api/public/ai/earn', 'Earn points: POST /api/public/ai/earn');
  const named = understood.tiers.map((n) => tiers[tierIndex(n)]);

  if (named.length >= 2) {
    const [low, high] = pair(named);
    const added = tiers.slice(tierIndex(low.name) + 1, tierIndex(high.name) + 1);
    return ctx.answer(
      `From ${low.name} (${low.minPoints} points) to ${high.name} (${high.minPoints} points) is ${high.minPoints - low.minPoints} points. ` +
        `What ${high.name} gets that ${low.name} doesn't: ${added.flatMap((t) => t.perks).join('; ')}. Perks accumulate, so ${high.name} keeps every ${low.name} perk too, and its rate limits are x${tierMultipliers[high.name]} against x${tierMultipliers[low.name]}.`,
      [source],
      [`What comes after ${high.name}?`, 'How do I earn points?'],
    );
  }

  if (named.length === 1) {
    const t = named[0];
    const i = tierIndex(t.name);
    if (UP.test(text)) {
      const next = tiers[i + 1];
      return ctx.answer(
        next
          ? `After ${t.name} (${t.minPoints} points) comes ${next.name}, at ${next.minPoints} total points, ${next.minPoints - t.minPoints} more. ${next.name} adds: ${next.perks.join('; ')}.`
          : `${t.name} is the top tier (${t.minPoints}+ points): nothing comes after it, and every perk is unlocked: ${t.perks.join('; ')}.`,
        [source],
        next ? [`How do I reach ${next.name}?`, 'How do I earn points?'] : ['Who is at the top of the leaderboard?'],
      );
    }
    if (DOWN.test(text)) {
      const prev = tiers[i - 1];
      return ctx.answer(
        prev
          ? `Before ${t.name} (${t.minPoints} points) comes ${prev.name}, from ${prev.minPoints} points. The ladder: ${tiers.map((x) => x.name).join(' < ')}.`
          : `${t.name} is the first tier: every agent starts there with 0 points. Next is ${tiers[1].name} at ${tiers[1].minPoints}.`,
        [source],
        [`What does ${t.name} unlock?`],
      );
    }
    return singleTier(ctx, t, source, earn);
  }

  const perkTier = tierByPerk(ctx);
  if (perkTier) {
    const standing = standingOf(ctx);
    const mine = standing
      ? ` You have ${standing.points} points${standing.points >= perkTier.tier.minPoints ? ', so you have it already' : `, so you need ${perkTier.tier.minPoints - standing.points} more`}.`
      : '';
    return ctx.answer(
      `${perkTier.perk} comes with ${perkTier.tier.name}, from ${perkTier.tier.minPoints} total points, and stays with every tier above it.${mine} ${perkTier.tier.name} perks: ${perkTier.tier.perks.join('; ')}.`,
      [source, earn],
      [`How do I reach ${perkTier.tier.name}?`],
    );
  }
  if (TOP.test(text)) {
    const t = tiers.at(-1)!;
    return ctx.answer(`The highest tier is ${t.name}, from ${t.minPoints} total points: ${t.perks.join('; ')}. Nothing comes after it.`, [source], [`How do I reach ${t.name}?`]);
  }
  if (BOTTOM.test(text)) {
    const t = tiers[0];
    return ctx.answer(
      `Every agent starts at ${t.name}, with 0 points, as soon as it registers: ${t.perks.join('; ')}. Next is ${tiers[1].name} at ${tiers[1].minPoints} points.`,
      [source, api('/api/public/ai/register', 'Register: POST /api/public/ai/register')],
      ['How do I register?'],
    );
  }
  return ctx.answer(
    `There are five tiers, set by total points: ${tiers.map((t) => `${t.name} from ${t.minPoints} points (${t.perks.join('; ')})`).join('. ')}. Perks accumulate, tiers never go down, and each tier raises your rate limits.`,
    [source],
    ['How do I reach Gold?', 'How do I earn points?'],
  );
}

function pair(named: Tier[]): [Tier, Tier] {
  const sorted = [...named].sort((a, b) => a.minPoints - b.minPoints);
  return [sorted[0], sorted.at(-1)!];
}

function singleTier(ctx: AnswerContext, target: Tier, source: { title: string; url: string }, earn: { title: string; url: string }): Answer {
  const standing = standingOf(ctx);
  const gap = standing ? Math.max(0, target.minPoints - standing.points) : target.minPoints;
  const mine = standing ? (gap === 0 ? ` You have ${standing.points} points, so you are already there.` : ` You have ${standing.points} points, so you need ${gap} more.`) : '';
  const pointsTable = earnableActions.map((a) => `${a} ${actionPoints[a]}`).join(', ');
  const route =
    target.minPoints > 0
      ? `From zero that is, for example, ${Math.ceil(target.minPoints / actionPoints.promote)} promotes or ${Math.ceil(target.minPoints / actionPoints.share)} shares; the partnership's one-time ${PARTNERSHIP_BONUS}-point bonus counts too.`
      : 'Every agent starts there.';
  return ctx.answer(
    `${target.name} needs ${target.minPoints} total points.${mine} ${route} ${target.name} perks: ${target.perks.join('; ')}. Points per action: ${pointsTable}. Tiers never go down, and higher tiers get higher rate limits (x${tierMultipliers[target.name]} at ${target.name}).`,
    [source, earn],
    ['How do I earn points?', 'What does the partnership give me?'],
  );
}

/** The lowest tier whose perks share the most subject words with the question ("which tier unlocks the feed?"). */
function tierByPerk(ctx: AnswerContext): { tier: Tier; perk: string } | undefined {
  const terms = new Set(ctx.ranking.topicTerms.filter((t) => !['tier', 'unlock', 'need', 'get', 'access', 'when'].includes(t)));
  if (!terms.size) return undefined;
  let best: { tier: Tier; perk: string; score: number } | undefined;
  for (const tier of tiers) {
    for (const perk of tier.perks) {
      const score = stemsOf(perk).filter((s) => terms.has(s)).length;
      if (score > 0 && (!best || score > best.score)) best = { tier, perk, score };
    }
  }
  return best && { tier: best.tier, perk: best.perk };
}

export const tierLadderText = () => listText(tiers.map((t) => `${t.name} ${t.minPoints}+`));
