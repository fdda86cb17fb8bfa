/**
 * Turns a question into a grounded answer in three steps: understand it (query-understanding.ts),
 * rank what it is about (intent-ranking.ts), and let the builder of that domain answer from the
 * service's own data with its sources (*-answers.ts). Pure: the catalog, the index, `now`, the
 * asking agent and any live program data come in as arguments, so tests need no server and the
 * same question at the same instant always gets the same answer.
 */
import type { Catalog } from '../catalog/catalog-types.ts';
import { answerContext, type AnswerContext } from './answer-format.ts';
import type { Answer, AnswerInput, LeaderboardSort } from './answer-types.ts';
import { podcastAnswer, shopAnswer, videosAnswer } from './catalog-answers.ts';
import { AGENT_CUES, rankIntents, type Ranking } from './intent-ranking.ts';
import { buildLexicon, type Intent, type Lexicon } from './intents.ts';
import { dosingAnswer, healthAnswer, knowledgeAnswer, NOT_ADVICE_LINE } from './knowledge-answers.ts';
import type { EndpointSummary } from './known-endpoints.ts';
import {
  agentProfileAnswer,
  exclusiveAnswer,
  leaderboardAnswer,
  myStatusAnswer,
  partnershipAnswer,
  pointsAnswer,
  rateLimitAnswer,
  referralAnswer,
  registerAnswer,
  reputationAnswer,
} from './program-answers.ts';
import { understand, type Understood } from './query-understanding.ts';
import { scheduleAnswer } from './schedule-answers.ts';
import { buildIndex, type ConciergeIndex } from './search-index.ts';
import { tierAnswer } from './tier-answers.ts';
import { apiAnswer, feedsAnswer, greetingAnswer, messageTeamAnswer, thanksAnswer, unknownAnswer } from './service-answers.ts';
import { buildVocabulary, type Vocabulary } from './vocabulary.ts';

/** Everything built once per catalog: the retrieval index, the known words, the intent cues. */
export interface ConciergeModel {
  catalog: Catalog;
  index: ConciergeIndex;
  vocabulary: Vocabulary;
  lexicon: Lexicon;
}

export function buildModel(catalog: Catalog, endpoints: readonly EndpointSummary[]): ConciergeModel {
  const lexicon = buildLexicon();
  const extra = [...lexicon.plain, 'bronze silver gold platinum legend', ...endpoints.map((e) => `${e.path} ${e.summary}`)];
  return { catalog, index: buildIndex(catalog, endpoints), vocabulary: buildVocabulary(catalog, extra), lexicon };
}

const builders: Record<Intent, (ctx: AnswerContext) => Answer | undefined> = {
  dosing: dosingAnswer,
  health: healthAnswer,
  my_status: myStatusAnswer,
  agent_profile: agentProfileAnswer,
  greeting: greetingAnswer,
  thanks: thanksAnswer,
  partnership: partnershipAnswer,
  referral: referralAnswer,
  register: registerAnswer,
  tiers: tierAnswer,
  points: pointsAnswer,
  rate_limits: rateLimitAnswer,
  schedule: scheduleAnswer,
  feeds: feedsAnswer,
  message_team: messageTeamAnswer,
  reputation: reputationAnswer,
  leaderboard: leaderboardAnswer,
  exclusive: exclusiveAnswer,
  api: apiAnswer,
  videos: videosAnswer,
  podcast: podcastAnswer,
  shop: shopAnswer,
  knowledge: knowledgeAnswer,
  unknown: () => undefined,
};

export interface Understanding {
  understood: Understood;
  ranking: Ranking;
}

export function understandQuestion(model: ConciergeModel, input: Pick<AnswerInput, 'message' | 'agent' | 'live'>): Understanding {
  const understood = understand(input.message, model.vocabulary, model.lexicon.all);
  const ranking = rankIntents(understood, { ...model, agent: input.agent, live: input.live });
  return { understood, ranking };
}

/**
 * The live reads a question needs, decided before any is made: the leaderboard's head for a
 * question about the leaders, and a lookup for each word that may be an agent's name when the
 * question could be about an agent. Most questions need none.
 */
export function liveReadsFor(model: ConciergeModel, input: Pick<AnswerInput, 'message' | 'agent'>): { top?: { limit: number; sort: LeaderboardSort }; names: string[] } {
  const { understood, ranking } = understandQuestion(model, input);
  const top =
    ranking.intent === 'leaderboard'
      ? { limit: Math.min(Math.max(understood.count ?? 5, 1), 20), sort: (understood.stems.has('promo') || / promotion efforts? /.test(understood.text) ? 'promo' : 'points') as LeaderboardSort }
      : undefined;
  const agentish = AGENT_CUES.test(understood.text);
  const names = understood.names.filter((n) => n.handleLike || agentish).map((n) => n.name);
  return { ...(top ? { top } : {}), names };
}

export function composeAnswer(model: ConciergeModel, input: AnswerInput): Answer {
  const { understood, ranking } = understandQuestion(model, input);
  const ctx = answerContext(model.catalog, model.index, input, understood, ranking);
  const answer = builders[ranking.intent](ctx) ?? unknownAnswer(ctx);
  // A health question carries the not-medical-advice line whatever domain answered it.
  if (ranking.healthRelated && !/not medical advice/i.test(answer.reply)) {
    answer.reply = `${answer.reply} ${model.catalog.knowledge.dataset.disclaimer} ${NOT_ADVICE_LINE}`;
  }
  return answer;
}
