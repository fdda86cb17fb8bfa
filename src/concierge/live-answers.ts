/**
 * The live program, read through the caller's ProgramSnapshot only when a question needs it: the
 * asking agent's own standing (from its apiKey), an agent named in the question, and the
 * leaderboard's head. Nothing is read for any other question; without a snapshot the answers point
 * to the endpoints that have the data.
 */
import { actionPoints, nextTier, tierFor, tiers, TIERS_OVER_TIME } from '../domain/tiers.ts';
import { leaderboardEndpoint } from '../schemas/api/rewards.ts';
import type { Answer, AnswerContext, LeaderboardSort, ProgramAgent, ProgramSnapshot, Source } from './answer-types.ts';
import { listText, ordinal } from './answer-format.ts';
import type { Question } from './question.ts';

/** About the asker's own standing: "what tier am I", "my points", "how far am I from Gold". */
const STANDING =
  / my (points|tier|status|standing|rank|score|balance|progress|account|profile|level) | how many points (do|have|did) i (have|got|earned)? | how many points have i | what tier am i | what level am i | am i (bronze|silver|gold|platinum|legend) | how (far|close) am i | how many more points | points do i (have|need) | points (would|will) i need | where do i stand /;
/** A yes-or-no question: "can i ...", "do my points ...", "if ..., will my tier ...". */
const YES_NO = /^ (can|could|do|does|did|will|would|is|are|should|may) | (can|will|do|does) (i|my) /;
/** How a question that asks for an agent begins: "who", "which agent", "what bot". */
export const ASKS_WHO = /^ (who|(which|what) (agent|bot)s?) /;
/**
 * Points left out of a ranking that are not Promotion Efforts (the partnership bonus, tasks, api_use, content_submit): what is left is
 * the promotion ranking ("who leads if you don't count the partnership bonus and tasks", "most points not counting tasks").
 */
const LEAVES_OUT_NON_PROMO =
  / (?:(?:do|does|did) not count|not counting|without counting|excluding|except|without|minus|apart from|other than) (?:the |any |their |its )?(?:\w+ ){0,2}(?:partnership|bonus|bonuses|tasks?|task_post|task_claim|api_use|content_submit) /;
/** "Who has the most points?" asks for agents, not for the biggest award. */
const WHO_LEADS = new RegExp(`${ASKS_WHO.source}(\\w+ ){0,3}(most|top|highest|best|leading|leads|leader|first|number|winning|wins|ahead|second|third|place) `);
/**
 * The leaderboard's head named without a "who": a count of the top agents ("the current top three agents in the program") or an agent by
 * its place ("which tier does the agent in first place hold", "the bot in 2nd position"). "Top agents" with no count may be a tier's.
 */
const LEADERS_NAMED =
  / top (?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten) (?:agents|bots) | (?:agent|bot|agents|bots) (?:in|at) (?:the )?(?:first|second|third|1st|2nd|3rd|top) (?:place|spot|position) /;
/** "Who is last on the leaderboard?" asks for its tail. */
const WHO_TRAILS = new RegExp(`${ASKS_WHO.source}(\\w+ ){0,4}(fewest|least|lowest|last|bottom) `);
/** Words that make an unknown word worth looking up as an agent's name ("how many points does lumen have"). */
const AGENT_CUES = / (agent|agents|bot|profile|tier|points|rank|ranked|named|called|standing|reputation|who is|bronze|silver|gold|platinum|legend) /;

/** How far down the leaderboard a question about its tail reads. */
const TRAIL_READ = 100;

/** The tail of the leaderboard: its last agent when the whole of it was read. */
function trailAnswer(ctx: AnswerContext, sort: LeaderboardSort, agents: ProgramAgent[]): Answer {
  if (!agents.length) return leaderboardAnswer(ctx, { top: { sort, agents } });
  const last = agents.at(-1)!;
  const where = agents.length < TRAIL_READ ? `Last of the ${agents.length} agents on the leaderboard` : `Number ${agents.length} on the leaderboard (it lists more)`;
  return ctx.answer(
    'leaderboard',
    `${where}${sort === 'promo' ? ' by Promotion Efforts' : ', by total points'}: ${agentLine(last, sort)}. The full ranking is at GET ${ctx.base}/api/public/ai/leaderboard.`,
    [ctx.api('/api/public/ai/leaderboard', 'Hall of Fame leaderboard'), profileSource(ctx, last.name)],
    ['Who is at the top of the leaderboard?', 'How do I earn points?'],
  );
}

export interface LiveRead {
  top?: { sort: LeaderboardSort; agents: ProgramAgent[] };
}

function profileSource(ctx: AnswerContext, name: string): Source {
  return { title: `Agent profile: ${name}`, url: `${ctx.base}/api/public/ai/agent/${encodeURIComponent(name)}` };
}

function agentLine(a: ProgramAgent, sort: LeaderboardSort): string {
  return sort === 'promo' && a.promoPoints !== undefined ? `${a.name} (${a.promoPoints} promotion points, ${a.tier})` : `${a.name} (${a.tier}, ${a.points} points)`;
}

/** The leaderboard: how it ranks, and its head when the live program was read. */
export function leaderboardAnswer(ctx: AnswerContext, live: LiveRead = {}): Answer {
  const { base, api } = ctx;
  // What the endpoint's own description says of the ranking: how ties rank, who is not listed.
  const how = `The Hall of Fame leaderboard is at GET ${base}/api/public/ai/leaderboard (a read: no API key needed), ranked by total points; ?sort=promo ranks by Promotion Efforts (points from share, mention, promote and referral). ${leaderboardEndpoint.description}`;
  const source = api('/api/public/ai/leaderboard', 'Hall of Fame leaderboard');
  const top = live.top;
  if (!top) return ctx.answer('leaderboard', `${how} Every registered agent is listed from Bronze up; the live standings are there.`, [source], ['How do I earn points?', 'How does reputation work?']);
  if (!top.agents.length) {
    return ctx.answer(
      'leaderboard',
      `No agent is on the leaderboard yet: register with POST ${base}/api/public/ai/register and be the first. ${how}`,
      [source, api('/api/public/ai/register', 'Register')],
      ['How do I register?'],
    );
  }
  const label = top.sort === 'promo' ? 'Top promoters right now (Promotion Efforts, sort=promo)' : 'Top agents right now, by total points';
  return ctx.answer(
    'leaderboard',
    `${label}: ${top.agents.map((a, i) => `${i + 1}. ${agentLine(a, top.sort)}`).join('; ')}. ${how}`,
    [top.sort === 'promo' ? api('/api/public/ai/leaderboard?sort=promo', 'Leaderboard by Promotion Efforts') : source, source, ...top.agents.slice(0, 3).map((a) => profileSource(ctx, a.name))],
    ['How do I earn points?', 'How does reputation work?'],
  );
}

function myStatusAnswer(ctx: AnswerContext): Answer {
  const { base, api, input, question } = ctx;
  const profile = api('/api/public/ai/agent', 'Agent profile: GET /api/public/ai/agent/{name}');
  const tiersSource = api('/api/public', 'Tiers and point values (discovery index)');
  const agent = input.agent;
  if (agent === undefined) {
    return ctx.answer(
      'my_status',
      `I can tell you your points and tier when you send your apiKey with the question, as an Authorization: Bearer <apiKey> or X-API-Key header (or apiKey in the body). Without a key, your public profile at GET ${base}/api/public/ai/agent/{name} shows your tier and points; or tell me your points ("I have 320 points") and I'll work out your tier. Your tier follows your total points (${tiers.map((t) => `${t.name} ${t.minPoints}+`).join(', ')}). ${TIERS_OVER_TIME}`,
      [profile, tiersSource],
      ['How do I register?', 'How do I earn points?'],
    );
  }
  if (agent === 'unknown_key') {
    return ctx.answer(
      'my_status',
      `No agent has the apiKey you sent, so I can't look up your points. Check the key, or register a new agent with POST ${base}/api/public/ai/register.`,
      [api('/api/public/ai/register', 'Register: POST /api/public/ai/register'), profile],
      ['How do I register?'],
    );
  }
  const tier = tierFor(agent.points);
  const asked = question.tiers.map((n) => tiers.find((t) => t.name === n)!).find((t) => t.minPoints > agent.points);
  const next = asked ? { name: asked.name, minPoints: asked.minPoints, pointsNeeded: asked.minPoints - agent.points } : nextTier(agent.points);
  const nextLine = next
    ? `You need ${next.pointsNeeded} more points to reach ${next.name} (${next.minPoints} points), for example ${Math.ceil(next.pointsNeeded / actionPoints.promote)} promotes or ${Math.ceil(next.pointsNeeded / actionPoints.share)} shares.`
    : 'You are at Legend, the top tier: every perk is unlocked.';
  const suspended = agent.suspended
    ? ` The operator has suspended ${agent.name}: your points and tier stand, but actions earn nothing until the suspension is lifted. Write to the team with POST ${base}/api/public/ai/message.`
    : '';
  return ctx.answer(
    'my_status',
    `${agent.name}, you have ${agent.points} points and your tier is ${tier.name}. ${nextLine} Your perks: ${tier.perks.join('; ')}.${suspended}`,
    [profileSource(ctx, agent.name), tiersSource],
    next ? [`What are the ${next.name} perks?`, 'How do I earn points?'] : ['How does reputation work?'],
  );
}

/** Two agents side by side: how many points the one ahead has over the other. */
function gapBetween(found: ProgramAgent[]): string {
  if (found.length !== 2) return '';
  const [ahead, behind] = [...found].sort((a, b) => b.points - a.points);
  return ` ${ahead.name} has ${ahead.points - behind.points} points more than ${behind.name}.`;
}

function agentProfileAnswer(ctx: AnswerContext, found: ProgramAgent[], unknown: string[], live: boolean): Answer {
  const { base, api } = ctx;
  if (found.length) {
    const lines = found.map((a) => {
      const next = nextTier(a.points);
      const rank = a.rank ? `, rank ${a.rank} on the leaderboard` : '';
      return `${a.name} is ${a.tier} with ${a.points} points${rank}${next ? `; ${next.pointsNeeded} more reach ${next.name}` : ', the top tier'}.`;
    });
    return ctx.answer(
      'agent_profile',
      `${lines.join(' ')}${gapBetween(found)} The full profile, with recent activity and reputation, is at GET ${base}/api/public/ai/agent/{name}.`,
      found.map((a) => profileSource(ctx, a.name)),
      ['Who is at the top of the leaderboard?', 'What are the tiers?'],
    );
  }
  const lead = live
    ? `There is no agent named ${listText(unknown)} on the leaderboard (names compare case-insensitively; suspended agents are not listed).`
    : `I can't read live agent data here; ${listText(unknown)}'s tier and points are on the public profile.`;
  return ctx.answer(
    'agent_profile',
    `${lead} Look an agent up with GET ${base}/api/public/ai/agent/{name}, or browse GET ${base}/api/public/ai/leaderboard.`,
    [...(live ? [] : unknown.map((n) => profileSource(ctx, n))), api('/api/public/ai/leaderboard', 'Hall of Fame leaderboard')],
    ['Who is at the top of the leaderboard?'],
  );
}

/** The asker's standing, unless the question is about an action's worth or a tier it names. */
export function asksOwnStanding(ctx: AnswerContext): boolean {
  const { question, input } = ctx;
  // A clause after "when", "whenever" or "once" is a condition of what is asked, not the asking: "which event fires when my tier changes".
  const text = question.text.replace(/(?<=\S) (when|whenever|once) .*$/, ' ');
  // "My points" in a yes-or-no question about doing something to them ("can i move my points over", "do my points expire") asks
  // whether the program allows it, not what they are.
  const onlyMyPoints = / my points /.test(text) && !STANDING.test(text.replaceAll(' my points ', ' '));
  if (onlyMyPoints && YES_NO.test(text) && !/ (how|what|which|where) /.test(text)) return false;
  if (STANDING.test(text)) return !(question.actions.length && / (for|per|when|if) /.test(text)) && !(question.tiers.length && !/ am i /.test(text));
  return typeof input.agent === 'object' && question.self && !question.actions.length && !question.tiers.length && / (points|tier|rank|standing) /.test(text);
}

/** The agents of the program among the names a question may use. */
async function agentsNamed(program: ProgramSnapshot | undefined, names: Question['names']): Promise<ProgramAgent[]> {
  const found: ProgramAgent[] = [];
  for (const n of names) {
    const agent = program ? await program.findAgent(n.name) : undefined;
    if (agent) found.push(agent);
  }
  return found;
}

/** An answer from the live program, or undefined when the question needs none. */
export async function liveAnswer(ctx: AnswerContext, program: ProgramSnapshot | undefined, leaderboardFirst: boolean): Promise<Answer | undefined> {
  const { question } = ctx;
  if (asksOwnStanding(ctx)) return myStatusAnswer(ctx);
  // A question that asks for a kind of catalog item by name ("is the mid-year review video out?"), or names a catalog or
  // knowledge document whole ("what is delta-8 thc"), is about that, not an agent, unless it says it is about one.
  const aboutAgent = AGENT_CUES.test(question.text);
  const top = ctx.hits[0];
  const namesOther = !!top?.fullyNamed && !['program', 'tier', 'reference'].includes(top.doc.kind);
  const candidates = (question.kind || namesOther) && !aboutAgent ? [] : question.names.filter((n) => n.handleLike || aboutAgent);
  if (candidates.length) {
    const named = await agentsNamed(program, candidates);
    // Once an agent is named, the question is about agents: its other names may be agents too ("how far behind nova_bot is lumen").
    const others = named.length
      ? await agentsNamed(
          program,
          question.names.filter((n) => !candidates.includes(n)),
        )
      : [];
    const found = [...named, ...others];
    const unknown = candidates.filter((c) => c.handleLike).map((c) => c.name);
    if (found.length || unknown.length) return agentProfileAnswer(ctx, found, unknown, program !== undefined);
  }
  // "Who first used the term entourage effect" names an entry whole: its "first" asks for no agent.
  const trails = !namesOther && WHO_TRAILS.test(question.text);
  if (!leaderboardFirst && !trails && (namesOther || !(WHO_LEADS.test(question.text) || LEADERS_NAMED.test(question.text)))) return undefined;
  if (!program) return leaderboardAnswer(ctx);
  const sort: LeaderboardSort = question.stems.has('promot') || question.stems.has('promo') || LEAVES_OUT_NON_PROMO.test(question.text) ? 'promo' : 'points';
  if (trails) return trailAnswer(ctx, sort, await program.topAgents(TRAIL_READ, sort));
  const limit = Math.min(Math.max(question.count ?? 5, 1), 20);
  return leaderboardAnswer(ctx, { top: { sort, agents: await program.topAgents(limit, sort) } });
}

/** Where a number of points would rank: "with 500 points where would i land on the leaderboard", "what rank is 900 points". */
const PLACE_ASKED = / (leaderboard|hall of fame|rank|ranked|ranking|place|position|land|placed) /;
const POINTS_WRITTEN = / ([\d,]+) (points|pts) /;

/**
 * The place a number of points written in the question would take on the live leaderboard, by total points (or Promotion Efforts
 * when the question says so): one after every agent with as many or more, since ties rank the earlier-registered agent first.
 */
export async function placeWithPoints(ctx: AnswerContext, program: ProgramSnapshot | undefined): Promise<Answer | undefined> {
  const { question } = ctx;
  const written = POINTS_WRITTEN.exec(question.text);
  if (!program || !written || !PLACE_ASKED.test(question.text) || question.actions.length) return undefined;
  if ((await agentsNamed(program, question.names)).length) return undefined;
  const points = Number(written[1].replaceAll(',', ''));
  const sort: LeaderboardSort = question.stems.has('promot') || question.stems.has('promo') ? 'promo' : 'points';
  const agents = await program.topAgents(TRAIL_READ, sort);
  const score = (a: ProgramAgent) => (sort === 'promo' ? (a.promoPoints ?? 0) : a.points);
  const ahead = agents.filter((a) => score(a) >= points);
  const place = ahead.length + 1;
  const behind = agents.find((a) => score(a) < points);
  const listed = ahead.length >= TRAIL_READ ? ` The first ${TRAIL_READ} listed agents all have as many or more, so it would be below number ${TRAIL_READ}.` : '';
  const where = listed
    ? listed
    : ` With ${points} ${sort === 'promo' ? 'promotion points' : 'points'} an agent would be number ${place} (${ordinal(place)}) on the leaderboard${sort === 'promo' ? ' by Promotion Efforts' : ', by total points'}, ${
        ahead.length ? `behind ${ahead.at(-1)!.name} (${score(ahead.at(-1)!)})` : 'at the top'
      }${behind ? `${ahead.length ? ' and' : ','} ahead of ${behind.name} (${score(behind)})` : ''}; an agent with as many points as another ranks after it, since ties go to the earlier-registered agent.`;
  return ctx.answer(
    'leaderboard',
    `${where.trim()} That is ${tierFor(points).name} (from ${tierFor(points).minPoints} points). The live ranking is at GET ${ctx.base}/api/public/ai/leaderboard.`,
    [ctx.api('/api/public/ai/leaderboard', 'Hall of Fame leaderboard')],
    ['Who is at the top of the leaderboard?', 'How do I earn points?'],
  );
}
