/** Request and response schemas of the concierge chat, and its self-description. */
import { z } from 'zod';
import { textField, withFreshness } from './common.ts';
import { defineEndpoint } from './endpoint-doc.ts';

/** What a concierge answer can be about (src/concierge/intents.ts gives each its cue words). */
export const conciergeIntents = [
  'dosing',
  'health',
  'my_status',
  'agent_profile',
  'greeting',
  'thanks',
  'partnership',
  'referral',
  'register',
  'tiers',
  'points',
  'rate_limits',
  'schedule',
  'feeds',
  'message_team',
  'reputation',
  'leaderboard',
  'exclusive',
  'api',
  'videos',
  'podcast',
  'shop',
  'knowledge',
  'unknown',
] as const;

export const conciergeRequestSchema = z.object({
  message: textField().trim().min(1, 'must not be empty').max(2000, 'must be at most 2000 characters').meta({ description: 'Your question, 1-2000 characters.' }),
  sessionId: textField().max(100, 'must be at most 100 characters').optional().meta({ description: 'Your own conversation id, echoed back; the concierge keeps no state.' }),
  apiKey: textField()
    .max(200, 'must be at most 200 characters')
    .optional()
    .meta({ description: 'Optional: lets the concierge answer about your own points, tier and next tier. A header is preferred.' }),
});

const sourceSchema = z.object({ title: z.string(), url: z.url() }).meta({ id: 'ConciergeSource' });

export const conciergeReplySchema = withFreshness({
  reply: z.string(),
  sources: z.array(sourceSchema),
  suggestions: z.array(z.string()),
  intent: z.enum(conciergeIntents),
  sessionId: z.string().nullable(),
}).meta({ id: 'ConciergeReply' });

export const conciergeWelcomeSchema = withFreshness({
  greeting: z.string(),
  agreement: z.object({ title: z.literal('AI Distribution Partnership Agreement'), version: z.literal('1.0'), url: z.url() }),
  agreementTitle: z.literal('AI Distribution Partnership Agreement'),
  agreementVersion: z.literal('1.0'),
  welcomeBonus: z.literal(100),
  referralReward: z.literal(50),
  offers: z.array(z.string()),
  suggestedQuestions: z.array(z.string()),
  ask: z.object({ method: z.literal('POST'), url: z.url(), body: z.object({ message: z.string(), sessionId: z.string() }) }),
  discoveryUrl: z.url(),
}).meta({ id: 'ConciergeWelcome' });

export const conciergeWelcomeEndpoint = defineEndpoint({
  operationId: 'concierge_welcome',
  method: 'GET',
  path: '/api/concierge-chat',
  summary: 'Concierge welcome: the partnership constants, what the service offers, questions to ask.',
  tag: 'Concierge',
  auth: 'none',
  status: 200,
  response: conciergeWelcomeSchema,
  errors: [],
});

export const conciergeAskEndpoint = defineEndpoint({
  operationId: 'concierge_ask',
  method: 'POST',
  path: '/api/concierge-chat',
  summary: 'Ask the concierge a question.',
  description:
    "Answers from the service's own data (knowledge base, program rules, endpoints, catalog, schedule), with the sources it used. Works offline: no external model. Never gives medical or dosing advice. With an apiKey (Authorization: Bearer, X-API-Key, or apiKey in the body) it tells the agent its own points, tier and the points needed for the next tier. An unknown apiKey is not an error: the answer then carries no personal data and says the key matched no agent.",
  tag: 'Concierge',
  auth: 'optionalApiKey',
  body: conciergeRequestSchema,
  status: 200,
  response: conciergeReplySchema,
  errors: ['invalid_json', 'invalid_request', 'unsupported_media_type', 'payload_too_large'],
  // A question changes nothing: it counts against the read limits.
  rateClass: 'read',
});
