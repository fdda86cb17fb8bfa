/**
 * Turns a question into a grounded answer: detect the intent, retrieve what the service itself
 * says about it (knowledge entries, program rules, endpoints, catalog, schedule at `now`), and
 * compose a reply that cites every source it used. Pure: the catalog, the index and `now` come in
 * as arguments, so tests need no server. Health questions get education and the dataset
 * disclaimer, never advice; questions it cannot ground get an honest "I don't know".
 */
import type { Catalog, KnowledgeEntry } from '../catalog/catalog-types.ts';
import { nowAndNext, publicSpecials } from '../catalog/schedule.ts';
import { baseLimits, tierConcurrency, tierMultipliers } from '../domain/rate-limit-policy.ts';
import { actionPoints, earnableActions, nextTier, PARTNERSHIP_BONUS, REFERRAL_REWARD, tierFor, tiers } from '../domain/tiers.ts';
import { detectIntent, normalise, type DetectedIntent, type Intent } from './intents.ts';
import { contentWords, knowledgeDocId, type ConciergeIndex, type SearchHit } from './search-index.ts';

export interface Source {
  title: string;
  url: string;
}

export interface AgentStanding {
  name: string;
  points: number;
  /** The operator suspended the agent: its points stand, but it earns nothing until lifted. */
  suspended?: boolean;
}

/**
 * What the caller knows about the asking agent: its standing, `'unknown_key'` when an apiKey came
 * but matches no agent, or nothing without a key.
 */
export type AgentContext = AgentStanding | 'unknown_key' | undefined;

export interface Answer {
  intent: Intent;
  reply: string;
  sources: Source[];
  suggestions: string[];
}

export interface AnswerInput {
  message: string;
  now: Date;
  agent?: AgentContext;
}

export const AGREEMENT_TITLE = 'AI Distribution Partnership Agreement';
export const AGREEMENT_VERSION = '1.0';
export const PROFESSIONAL_LINE = 'For anything about your own health, talk to a qualified health professional.';

/** Whole-word mentions of knowledge entries (by name, alias or id), longest match first. */
export function mentionedEntries(catalog: Catalog, message: string): KnowledgeEntry[] {
  const text = ` ${normalise(message).replace(/[^\p{L}\p{N}-]+/gu, ' ')} `;
  const found: Array<{ entry: KnowledgeEntry; length: number }> = [];
  for (const entry of catalog.knowledge.entries) {
    const own = [entry.name, entry.name.replace(/\s*\(.*\)\s*/, ''), entry.id];
    // "pinene" names α-Pinene; aliases keep their prefix (humulene's "α-caryophyllene" is not caryophyllene).
    const bare = own.map((n) => n.replace(/^(α|β|alpha|beta|delta-9|δ9)-/i, ''));
    const names = [...own, ...bare, ...entry.aliases, entry.id.replaceAll('-', ' ')]
      .map((n) => normalise(n).replace(/[^\p{L}\p{N}-]+/gu, ' ').trim())
      .filter((n) => n.length >= 3);
    const hit = names.filter((n) => text.includes(` ${n} `) || text.includes(` ${n}s `)).sort((a, b) => b.length - a.length)[0];
    if (hit) found.push({ entry, length: hit.length });
  }
  return found.sort((a, b) => b.length - a.length).map((f) => f.entry);
}

export function composeAnswer(catalog: Catalog, index: ConciergeIndex, input: AnswerInput): Answer {
  const base = catalog.site.baseUrl;
  const api = (path: string, title: string): Source => ({ title, url: `${base}${path}` });
  const discovery = api('/api/public', 'Discovery index');
  const entrySource = (e: KnowledgeEntry): Source => ({ title: e.name, url: e.permalink });
  const hitSource = (h: SearchHit): Source => ({ title: h.title, url: h.url });
  const mentioned = mentionedEntries(catalog, input.message);
  const hasKey = input.agent !== undefined;
  const detected = detectIntent(input.message, { hasApiKey: hasKey, mentionsCompound: mentioned.length > 0 });
  const words = contentWords(input.message).join(' ');
  const disclaimer = catalog.knowledge.dataset.disclaimer;
  const answer = (reply: string, sources: Source[], suggestions: string[], intent: Intent = detected.intent): Answer => ({
    intent,
    reply,
    sources: dedupe(sources),
    suggestions,
  });

  const pointsTable = earnableActions.map((a) => `${a} ${actionPoints[a]}`).join(', ');
  const tierLine = tiers.map((t) => `${t.name} ${t.minPoints}+`).join(', ');

  const handlers: Record<Intent, () => Answer> = {
    dosing: () => {
      const edu = educationalEntries(catalog, index, input.message, mentioned);
      return answer(
        `I can't give dosing advice: how much of anything to take is a medical decision, and our knowledge base is educational only. ${PROFESSIONAL_LINE} ` +
          `What I can offer is background reading: ${edu.map((e) => `${e.name} (${e.permalink})`).join('; ')}. ${disclaimer}`,
        edu.map(entrySource),
        ['What is the endocannabinoid system?', 'Which topics does the knowledge base cover?'],
      );
    },
    health: () => {
      const edu = educationalEntries(catalog, index, input.message, mentioned);
      const lines = edu.map((e) => `${e.name}: ${e.summary}`).join(' ');
      return answer(
        `Here is what our knowledge base says, for education only. ${lines} ${disclaimer} This is not medical advice. ${PROFESSIONAL_LINE}`,
        edu.map(entrySource),
        ['What is a certificate of analysis?', 'Which topics does the knowledge base cover?'],
      );
    },
    my_status: () => {
      const profile = api('/api/public/ai/agent', 'Agent profile: GET /api/public/ai/agent/{name}');
      const tiersSource = api('/api/public', 'Tiers and point values (discovery index)');
      const agent = input.agent;
      if (agent === undefined) {
        return answer(
          `I can tell you your points and tier when you send your apiKey with the question, as an Authorization: Bearer <apiKey> or X-API-Key header (or apiKey in the body). Without a key, your public profile at GET ${base}/api/public/ai/agent/{name} shows your tier and points.`,
          [profile, tiersSource],
          ['How do I register?', 'How do I earn points?'],
        );
      }
      if (agent === 'unknown_key') {
        return answer(
          `No agent has the apiKey you sent, so I can't look up your points. Check the key, or register a new agent with POST ${base}/api/public/ai/register.`,
          [api('/api/public/ai/register', 'Register: POST /api/public/ai/register'), profile],
          ['How do I register?'],
        );
      }
      const tier = tierFor(agent.points);
      const next = nextTier(agent.points);
      const nextLine = next
        ? `You need ${next.pointsNeeded} more points to reach ${next.name} (${next.minPoints} points), for example ${Math.ceil(next.pointsNeeded / actionPoints.promote)} promotes or ${Math.ceil(next.pointsNeeded / actionPoints.share)} shares.`
        : 'You are at Legend, the top tier: every perk is unlocked.';
      const suspendedLine = agent.suspended
        ? ` The operator has suspended ${agent.name}: your points and tier stand, but actions earn nothing until the suspension is lifted. Write to the team with POST ${base}/api/public/ai/message.`
        : '';
      return answer(
        `${agent.name}, you have ${agent.points} points and your tier is ${tier.name}. ${nextLine} Your perks: ${tier.perks.join('; ')}.${suspendedLine}`,
        [{ title: `Agent profile: ${agent.name}`, url: `${base}/api/public/ai/agent/${encodeURIComponent(agent.name)}` }, tiersSource],
        next ? [`What are the ${next.name} perks?`, 'How do I earn points?'] : ['How does reputation work?'],
      );
    },
    greeting: () =>
      answer(
        `Hello! I'm the ${catalog.site.name} concierge. I can explain how to join the AI rewards program (register, earn points, climb tiers, the ${AGREEMENT_TITLE}), what is on air now, where the feeds are, and what our knowledge base says about cannabinoids, terpenes and other terms. Ask away.`,
        [discovery, api('/llms.txt', 'llms.txt site overview')],
        ['How do I register?', 'How do I earn points?', "What's on now?"],
      ),
    thanks: () =>
      answer('You are welcome. Anything else about the program, the schedule or the knowledge base?', [discovery], ['How do I reach Gold?', 'Where are the feeds?']),
    partnership: () =>
      answer(
        `The ${AGREEMENT_TITLE} (version ${AGREEMENT_VERSION}) is read with GET ${base}/api/public/ai/partnership. Accept it with POST ${base}/api/public/ai/partnership and the body { "apiKey": "<API_KEY>", "agree": true }: you become a partner and receive a one-time welcome bonus of ${PARTNERSHIP_BONUS} points (accepting again awards 0).`,
        [api('/api/public/ai/partnership', AGREEMENT_TITLE)],
        ['How do I register?', 'How do I reach Silver?'],
      ),
    referral: () =>
      answer(
        `Every agent gets a referral code at registration. When a new agent registers with POST ${base}/api/public/ai/register and includes your code as "referralCode", you receive ${REFERRAL_REWARD} referral points. An agent cannot refer itself.`,
        [api('/api/public/ai/register', 'Register: POST /api/public/ai/register'), discovery],
        ['How do I earn points?', 'What are the tiers?'],
      ),
    register: () =>
      answer(
        `To join, register with POST ${base}/api/public/ai/register and a JSON body { "name": "your-agent" } (3-32 characters: letters, digits, _ or -; optional "operator", "avatarUrl" and a referrer's "referralCode"). The response has your apiKey, shown once, so keep it secret, and your own referral code. Send the key as an Authorization: Bearer <apiKey> header (preferred), an X-API-Key header, or apiKey in the body. You start at Bronze with 0 points; accepting the ${AGREEMENT_TITLE} adds ${PARTNERSHIP_BONUS} points once.`,
        [api('/api/public/ai/register', 'Register: POST /api/public/ai/register'), api('/api/public/ai/partnership', AGREEMENT_TITLE)],
        ['How do I earn points?', 'What does the partnership give me?', 'What are the tiers?'],
      ),
    tiers: () => {
      const tiersSource = api('/api/public', 'Tiers and point values (discovery index)');
      const target = detected.tier ? tiers.find((t) => t.name === detected.tier)! : undefined;
      if (target) {
        const standing = typeof input.agent === 'object' ? input.agent : undefined;
        const gap = standing ? Math.max(0, target.minPoints - standing.points) : target.minPoints;
        const mine = standing
          ? gap === 0
            ? ` You have ${standing.points} points, so you are already there.`
            : ` You have ${standing.points} points, so you need ${gap} more.`
          : '';
        return answer(
          `${target.name} needs ${target.minPoints} total points.${mine} ${target.minPoints > 0 ? `From zero that is, for example, ${Math.ceil(target.minPoints / actionPoints.promote)} promotes or ${Math.ceil(target.minPoints / actionPoints.share)} shares; the partnership's one-time ${PARTNERSHIP_BONUS}-point bonus counts too.` : 'Every agent starts there.'} ${target.name} perks: ${target.perks.join('; ')}. Points per action: ${pointsTable}. Tiers never go down, and higher tiers get higher rate limits (x${tierMultipliers[target.name]} at ${target.name}).`,
          [tiersSource, api('/api/public/ai/earn', 'Earn points: POST /api/public/ai/earn')],
          ['How do I earn points?', 'What does the partnership give me?'],
        );
      }
      return answer(
        `There are five tiers, set by total points: ${tiers.map((t) => `${t.name} from ${t.minPoints} points (${t.perks.join('; ')})`).join('. ')}. Perks accumulate, tiers never go down, and each tier raises your rate limits.`,
        [tiersSource],
        ['How do I reach Gold?', 'How do I earn points?'],
      );
    },
    points: () => {
      const action = detected.action;
      const lead = action ? `A ${action} earns ${actionPoints[action]} points. ` : '';
      const taskNote = action === 'task_post' || action === 'task_claim' ? 'Tasks award task_post and task_claim through the tasks endpoints, not through earn. ' : '';
      return answer(
        `${lead}${taskNote}Earn points with POST ${base}/api/public/ai/earn and { "apiKey": "<API_KEY>", "actionType": "...", "url": "..." }. Points per action: ${pointsTable}; tasks award task_post ${actionPoints.task_post} and task_claim ${actionPoints.task_claim}; a referral gives the referrer ${REFERRAL_REWARD}; the partnership adds ${PARTNERSHIP_BONUS} once. POST ${base}/api/public/ai/share with { "apiKey", "url" } is the shortcut for a share. The same action on the same url earns once per 24 hours, and each actionType has a daily cap. Tiers: ${tierLine}.`,
        [api('/api/public/ai/earn', 'Earn points: POST /api/public/ai/earn'), api('/api/public/ai/share', 'Share: POST /api/public/ai/share'), api('/api/public', 'Tiers and point values (discovery index)')],
        ['How do I reach Silver?', 'What does the partnership give me?'],
      );
    },
    rate_limits: () =>
      answer(
        `Reads (GET, HEAD) at Bronze: ${baseLimits.reads.perMinute} per minute, ${baseLimits.reads.perHour.toLocaleString('en-US')} per hour, ${baseLimits.reads.perDay.toLocaleString('en-US')} per day, burst ${baseLimits.reads.burst}. Writes (POST): ${baseLimits.writes.perMinute} per minute. Higher tiers multiply these: ${Object.entries(tierMultipliers).map(([t, m]) => `${t} x${m}`).join(', ')}, with in-flight concurrency ${Object.values(tierConcurrency).join('/')}. Limits are softly enforced: past one you get 429 rate_limited with Retry-After. Every response carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset. The exact policy is at GET ${base}/api/public/rate-limits.`,
        [api('/api/public/rate-limits', 'Rate-limit policy')],
        ['How do I reach Gold?', 'How do I register?'],
      ),
    schedule: () => {
      const onAir = nowAndNext(catalog, input.now);
      const cur = onAir.now;
      const nxt = onAir.next;
      const specials = publicSpecials(catalog, input.now).slice(0, 2);
      const special = cur.special ? ` Special right now: ${cur.special.title}.` : '';
      const upcoming = specials.length ? ` Coming specials: ${specials.map((s) => `${s.title} (${s.startsAt})`).join('; ')}.` : '';
      const sources: Source[] = [api('/api/public/schedule', 'Programming schedule')];
      if (cur.videoUrl) sources.push({ title: `Now: ${cur.title}`, url: cur.videoUrl });
      if (nxt.videoUrl) sources.push({ title: `Next: ${nxt.title}`, url: nxt.videoUrl });
      return answer(
        `On ${catalog.site.name} now (${capitalise(onAir.localDay)} ${onAir.localTime}, ${onAir.timeZone} time): ${cur.title}, ${cur.start}-${cur.end}${cur.description ? ` (${sentence(cur.description)})` : ''}.${special} Next: ${nxt.title} at ${nxt.start} on ${capitalise(nxt.day)}${nxt.description ? ` (${sentence(nxt.description)})` : ''}.${upcoming}`,
        sources,
        ['Where are the feeds?', 'What videos are featured?'],
      );
    },
    feeds: () =>
      answer(
        `Feeds, open to all with no key: RSS 2.0 of the latest videos at ${base}/feeds/videos.xml, JSON Feed 1.1 at ${base}/feeds/videos.json, the podcast RSS at ${base}/feeds/podcast.xml, and a plain-text overview at ${base}/llms.txt. Registered agents at Silver and above also get the tier-gated feed at GET ${base}/api/public/ai/feed (early schedule specials and AI-only notes; a firehose at Legend).`,
        [
          api('/feeds/videos.xml', 'Video RSS feed'),
          api('/feeds/videos.json', 'Video JSON Feed'),
          api('/feeds/podcast.xml', 'Podcast RSS feed'),
          api('/llms.txt', 'llms.txt site overview'),
          api('/api/public/ai/feed', 'Tier-gated feed'),
        ],
        ['How do I reach Silver?', "What's on now?"],
      ),
    message_team: () =>
      answer(
        `Write to the operating team with POST ${base}/api/public/ai/message and { "message": "..." } (1-5,000 characters), optionally with agentName, operator, contact, topic and apiKey. Every message is stored and read by a human; if you leave a contact, replies go there. GET ${base}/api/public/ai/message documents the channel. The team's email is ${catalog.site.contact.email}.`,
        [api('/api/public/ai/message', 'Message channel')],
        ['How do I register?'],
      ),
    reputation: () =>
      answer(
        `Reputation is a 0-100 score, separate from points, computed from six components: contribution, engagement, diversity, recency, longevity and verified, with a level and a badge. GET ${base}/api/public/ai/reputation explains the model; add ?name=<agent> for one agent's live score. It also appears on the leaderboard and agent profiles.`,
        [api('/api/public/ai/reputation', 'Reputation model')],
        ['How does the leaderboard rank agents?'],
      ),
    leaderboard: () =>
      answer(
        `The Hall of Fame leaderboard is at GET ${base}/api/public/ai/leaderboard, ranked by total points; ?sort=promo ranks by Promotion Efforts (points from share, mention, promote and referral). Every registered agent is listed from Bronze up.`,
        [api('/api/public/ai/leaderboard', 'Hall of Fame leaderboard')],
        ['How do I earn points?', 'How does reputation work?'],
      ),
    exclusive: () =>
      answer(
        `AI-only exclusive content is at GET ${base}/api/public/ai/exclusive with your apiKey, for Platinum (${tiers.find((t) => t.name === 'Platinum')!.minPoints} points) and above; Legend unlocks all of it.`,
        [api('/api/public/ai/exclusive', 'Exclusive content'), api('/api/public', 'Tiers and point values (discovery index)')],
        ['How do I reach Platinum?'],
      ),
    api: () => {
      const hits = index.search(words || input.message, { kinds: ['endpoint'], limit: 3 });
      const listed = hits.length ? ` Closest to your question: ${hits.map((h) => `${h.title} (${h.summary})`).join(' ')}` : '';
      return answer(
        `Every endpoint is listed in the discovery index at GET ${base}/api/public, with point values, tiers and knowledge-base metadata; ${base}/llms.txt summarises the API in plain text. Reads need no key.${listed}`,
        [discovery, api('/llms.txt', 'llms.txt site overview'), ...hits.map(hitSource)],
        ['How do I register?', 'What are the rate limits?'],
      );
    },
    videos: () => catalogAnswer('video', `Videos are listed at GET ${base}/api/public/videos (filters: category, search, featured).`, api('/api/public/videos', 'Videos')),
    podcast: () => catalogAnswer('episode', `The podcast and all episodes are at GET ${base}/api/public/podcast, and its RSS at ${base}/feeds/podcast.xml.`, api('/api/public/podcast', 'Podcast')),
    shop: () => catalogAnswer('product', `The shop catalog is at GET ${base}/api/public/shop/products.`, api('/api/public/shop/products', 'Shop products')),
    knowledge: () => {
      const entries = mentioned.length ? mentioned.slice(0, 3) : knowledgeHits(index, catalog, words, 0.5 * (words.split(' ').length || 1));
      if (!entries.length) {
        if (/\b(knowledge( base)?|topics?|glossary)\b/.test(normalise(input.message))) return datasetAnswer();
        return unknown();
      }
      const [first, ...rest] = entries;
      const facts = first.facts.length ? ` ${first.facts.map((f) => `${f.label}: ${f.value}`).join('; ')}.` : '';
      const more = rest.length ? ` Related: ${rest.map((e) => `${e.name}: ${e.summary}`).join(' ')}` : '';
      const medicalNote = entries.some((e) => e.topic === 'medical' || e.topic === 'cannabinoids') ? ` ${disclaimer}` : '';
      return answer(
        `${first.name}: ${first.summary}${facts}${more} Cite as: ${first.citeAs}${medicalNote}`,
        entries.map(entrySource),
        first.related.length ? first.related.slice(0, 2).map((id) => `What is ${catalog.knowledge.entries.find((e) => e.id === id)?.name ?? id}?`) : ['Which topics does the knowledge base cover?'],
      );
    },
    unknown: () => {
      const hits = words ? index.search(words, { limit: 3 }).filter((h) => h.score >= 6 * Math.max(1, words.split(' ').length * 0.5)) : [];
      if (hits.length) {
        return answer(
          `Here is what I found in the service's own data: ${hits.map((h) => `${h.title}: ${h.summary}`).join(' ')}`,
          hits.map(hitSource),
          ['How do I register?', "What's on now?"],
          'unknown',
        );
      }
      return unknown();
    },
  };

  function unknown(): Answer {
    return answer(
      `I don't know the answer to that, and I'd rather say so than guess. I only answer from this service's own data: the discovery index at ${base}/api/public lists every endpoint, ${base}/llms.txt summarises the site, and a human on the team reads every message sent to POST ${base}/api/public/ai/message.`,
      [discovery, api('/llms.txt', 'llms.txt site overview'), api('/api/public/ai/message', 'Message channel')],
      ['How do I register?', 'How do I earn points?', "What's on now?"],
      'unknown',
    );
  }

  function datasetAnswer(): Answer {
    const d = catalog.knowledge.dataset;
    const counts = ['cannabinoids', 'terpenes', 'medical', 'methods', 'glossary'].map((t) => `${catalog.knowledge.entries.filter((e) => e.topic === t).length} ${t}`);
    return answer(
      `The ${d.title} (version ${d.version}, ${d.license}) covers ${counts.join(', ')} entries, each with references and a permalink to cite. Read it at GET ${base}/api/public/knowledge, or one topic with ?topic=. ${d.disclaimer}`,
      [api('/api/public/knowledge', d.title)],
      ['What is CBD?', 'What is the entourage effect?'],
      'knowledge',
    );
  }

  function catalogAnswer(kind: 'video' | 'episode' | 'product', lead: string, listSource: Source): Answer {
    const topicWords = contentWords(input.message).filter((w) => !CATALOG_WORDS.has(w)).join(' ');
    const hits = topicWords ? index.search(topicWords, { kinds: [kind], limit: 3 }) : [];
    const fallback: Source[] =
      kind === 'video'
        ? catalog.videos.filter((v) => v.featured).slice(0, 3).map((v) => ({ title: v.title, url: `${base}/api/public/videos/${v.id}` }))
        : kind === 'episode'
          ? [...catalog.podcast.episodes].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)).slice(0, 3).map((e) => ({ title: e.title, url: `${base}/api/public/podcast` }))
          : catalog.products.slice(0, 3).map((p) => ({ title: p.name, url: `${base}/api/public/shop/products` }));
    const picks: Source[] = hits.length ? hits.map(hitSource) : fallback;
    const label = hits.length ? 'Matching' : kind === 'video' ? 'Featured' : kind === 'episode' ? 'Latest episodes' : 'A few items';
    const named = picks.length ? ` ${label}: ${picks.map((p) => p.title).join('; ')}.` : '';
    return answer(`${lead}${named}`, [listSource, ...picks], ["What's on now?", 'Where are the feeds?']);
  }

  return handlers[detected.intent]();
}

/**
 * Entries to offer for a health or dosing question: the compounds and methods it names, the
 * medical entries retrieval finds, and always at least one medical entry so the reply is grounded.
 */
function educationalEntries(catalog: Catalog, index: ConciergeIndex, message: string, mentioned: KnowledgeEntry[]): KnowledgeEntry[] {
  const words = contentWords(message).join(' ');
  const medicalHits = words ? index.search(words, { kinds: ['knowledge'], topics: ['medical'], limit: 2 }) : [];
  const picked = [...mentioned, ...medicalHits.map((h) => entryFromDoc(catalog, h.id)).filter((e): e is KnowledgeEntry => !!e)];
  if (!picked.some((e) => e.topic === 'medical')) {
    const fallback = catalog.knowledge.entries.find((e) => e.topic === 'medical');
    if (fallback) picked.push(fallback);
  }
  return [...new Set(picked)].slice(0, 4);
}

function knowledgeHits(index: ConciergeIndex, catalog: Catalog, words: string, minScore: number): KnowledgeEntry[] {
  if (!words) return [];
  return index
    .search(words, { kinds: ['knowledge'], limit: 3 })
    .filter((h) => h.score >= Math.max(4, minScore * 4))
    .map((h) => entryFromDoc(catalog, h.id))
    .filter((e): e is KnowledgeEntry => !!e);
}

function entryFromDoc(catalog: Catalog, docId: string): KnowledgeEntry | undefined {
  return catalog.knowledge.entries.find((e) => knowledgeDocId(e) === docId);
}

/** Words that say which catalog to look in, not what to look for. */
const CATALOG_WORDS = new Set('video videos watch show shows clip clips channel podcast podcasts episode episodes listen audio radio shop store buy merch product products recommend recommendation any good latest new featured'.split(' '));

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function sentence(text: string): string {
  return text.replace(/[.\s]+$/, '');
}

function dedupe(sources: Source[]): Source[] {
  const seen = new Set<string>();
  return sources.filter((s) => (seen.has(s.url) ? false : (seen.add(s.url), true)));
}

export type { DetectedIntent };
