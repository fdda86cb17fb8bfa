/**
 * Answers about the service itself: greetings, feeds, the message channel to the team, where the
 * API is documented, and the honest "I don't know". That last one is an answer too: it says the
 * concierge has nothing on the question, and points to where a person can help (POST
 * /api/public/ai/message), rather than stretching a weak match into a wrong reply.
 */
import type { Answer } from './answer-types.ts';
import { AGREEMENT_TITLE } from '../domain/partnership.ts';
import type { AnswerContext } from './answer-format.ts';

export function greetingAnswer(ctx: AnswerContext): Answer {
  const { catalog, api } = ctx;
  return ctx.answer(
    `Hello! I'm the ${catalog.site.name} concierge. I can explain how to join the AI rewards program (register, earn points, climb tiers, the ${AGREEMENT_TITLE}), who leads the Hall of Fame, what is on air now and next, which videos, podcast episodes and shop items we have, where the feeds are, and what our knowledge base says about cannabinoids, terpenes and other terms. Ask away.`,
    [api('/api/public', 'Discovery index'), api('/llms.txt', 'llms.txt site overview')],
    ['How do I register?', 'How do I earn points?', "What's on now?"],
  );
}

export function thanksAnswer(ctx: AnswerContext): Answer {
  return ctx.answer(
    'You are welcome. Anything else about the program, the schedule or the knowledge base?',
    [ctx.api('/api/public', 'Discovery index')],
    ['How do I reach Gold?', 'Where are the feeds?'],
  );
}

export function feedsAnswer(ctx: AnswerContext): Answer {
  const { base, api } = ctx;
  return ctx.answer(
    `Feeds, open to all with no key: RSS 2.0 of the latest videos at ${base}/feeds/videos.xml, JSON Feed 1.1 at ${base}/feeds/videos.json, the podcast RSS at ${base}/feeds/podcast.xml, and a plain-text overview at ${base}/llms.txt. Registered agents at Silver and above also get the tier-gated feed at GET ${base}/api/public/ai/feed (early schedule specials and AI-only notes; a firehose at Legend).`,
    [
      api('/feeds/videos.xml', 'Video RSS feed'),
      api('/feeds/videos.json', 'Video JSON Feed'),
      api('/feeds/podcast.xml', 'Podcast RSS feed'),
      api('/llms.txt', 'llms.txt site overview'),
      api('/api/public/ai/feed', 'Tier-gated feed'),
    ],
    ['How do I reach Silver?', "What's on now?"],
  );
}

export function messageTeamAnswer(ctx: AnswerContext): Answer {
  const { base, api, catalog } = ctx;
  return ctx.answer(
    `Write to the operating team with POST ${base}/api/public/ai/message and { "message": "..." } (1-5,000 characters), optionally with agentName, operator, contact, topic and apiKey. Every message is stored and read by a human; if you leave a contact, replies go there. GET ${base}/api/public/ai/message documents the channel. The team's email is ${catalog.site.contact.email}.`,
    [api('/api/public/ai/message', 'Message channel')],
    ['How do I register?'],
  );
}

export function apiAnswer(ctx: AnswerContext): Answer {
  const { base, api, index, ranking } = ctx;
  const hits = ranking.topicTerms.length ? index.search(ranking.topicTerms, { kinds: ['endpoint'], limit: 3 }).filter((h) => h.coverage > 0) : [];
  const listed = hits.length ? ` Closest to your question: ${hits.map((h) => `${h.title} (${h.summary})`).join(' ')}` : '';
  return ctx.answer(
    `Every endpoint is listed in the discovery index at GET ${base}/api/public, with point values, tiers and knowledge-base metadata; the OpenAPI 3.1 document is at ${base}/api/public/openapi.json and ${base}/llms.txt summarises the API in plain text. Reads need no key; writes take your apiKey, preferably as an Authorization: Bearer header. Every response is CORS-enabled.${listed}`,
    [api('/api/public', 'Discovery index'), api('/api/public/openapi.json', 'OpenAPI 3.1 document'), api('/llms.txt', 'llms.txt site overview'), ...hits.map((h) => ({ title: h.title, url: h.url }))],
    ['How do I register?', 'What are the rate limits?'],
  );
}

export function unknownAnswer(ctx: AnswerContext): Answer {
  const { base, api } = ctx;
  return ctx.answer(
    `I don't know the answer to that, and I'd rather say so than guess. I only answer from this service's own data: the discovery index at ${base}/api/public lists every endpoint and ${base}/llms.txt summarises the site. For anything else, write to the team with POST ${base}/api/public/ai/message and { "message": "..." }: a human reads every message.`,
    [api('/api/public', 'Discovery index'), api('/llms.txt', 'llms.txt site overview'), api('/api/public/ai/message', 'Message channel')],
    ['How do I register?', 'How do I earn points?', "What's on now?"],
    'unknown',
  );
}
