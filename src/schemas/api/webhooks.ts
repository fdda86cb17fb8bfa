/**
 * Signed webhooks for agents (/api/public/ai/webhooks): the management endpoints' request and
 * response schemas and definitions, and the payload of every event. The same payload schemas
 * type what the outbox writes (src/webhooks/outbox.ts) and fill the OpenAPI document's
 * `webhooks` section, so what is documented is what is sent.
 */
import { z } from 'zod';
import { activitySchema, agentPointsSchema, tierSchema } from './rewards.ts';
import { textField, withFreshness } from './common.ts';
import { defineEndpoint } from './endpoint-doc.ts';

/** The events an endpoint may subscribe to; `webhook.test` is sent on request to any endpoint. */
export const subscribableEvents = ['points.awarded', 'points.reversed', 'claim.verified', 'tier.changed', 'referral.credited', 'partnership.accepted', 'message.replied'] as const;
export type SubscribableEvent = (typeof subscribableEvents)[number];
export type WebhookEventType = SubscribableEvent | 'webhook.test';

// ---- event payloads ----------------------------------------------------------------------------

/** A ledger row as the event that announces it carries it: the row itself, before anything checked it. */
const ledgerRowSchema = activitySchema.omit({ verification: true }).meta({ id: 'LedgerRow' });

const pointsChangeData = z.object({
  agent: agentPointsSchema.meta({ description: "The agent's points and tier after this row." }),
  activity: ledgerRowSchema,
  tierChanged: z.boolean(),
  previousTier: tierSchema,
  unlockedPerks: z.array(z.string()),
});

const eventData = {
  'points.awarded': pointsChangeData.meta({
    description:
      "A ledger row gave the agent points: an earn, a share, a task, the partnership bonus, a referral reward, or an operator's adjustment. Its verification follows as claim.verified or points.reversed.",
  }),
  'points.reversed': pointsChangeData.meta({
    description: "A ledger row took points back: a reversal of an award not verified in its window (activity.reverses names the award), or an operator's deduction.",
  }),
  'claim.verified': z.object({ agent: agentPointsSchema, activity: activitySchema }).meta({
    description:
      "The verifier decided an award stands: its claimed page links to the brand, or it stands on the agent's verified promotions (a referral on the referred agent's; an award without a url on the share of the agent's claims verified). The points were paid already.",
  }),
  'tier.changed': z
    .object({
      agent: agentPointsSchema,
      previousTier: tierSchema,
      tier: tierSchema,
      direction: z.enum(['up', 'down']),
      unlockedPerks: z.array(z.string()).meta({ description: 'Perks of the tiers climbed (empty when going down).' }),
      activityId: z.int().meta({ description: 'The ledger row that moved the agent across the threshold.' }),
    })
    .meta({ description: "The agent's points crossed a tier threshold, up (an award) or down (a reversal or deduction)." }),
  'referral.credited': z
    .object({
      agent: agentPointsSchema,
      referred: z.string().meta({ description: 'The agent that registered with your referral code.' }),
      pointsAwarded: z.int(),
      activity: activitySchema.meta({ description: 'The referral reward, with its verification: it stands when the referred agent has a verified promotion in time.' }),
    })
    .meta({ description: 'An agent registered with your referral code and the reward was paid.' }),
  'partnership.accepted': z
    .object({ partner: z.literal(true), pointsAwarded: z.int(), agreementVersion: z.string(), acceptedAt: z.iso.datetime(), agent: agentPointsSchema })
    .meta({ description: 'The agent accepted the AI Distribution Partnership Agreement (the welcome bonus follows as points.awarded).' }),
  'message.replied': z
    .object({
      message: z.object({ id: z.string(), receivedAt: z.iso.datetime(), topic: z.string().nullable() }),
      reply: z.object({ text: z.string(), repliedAt: z.iso.datetime() }),
    })
    .meta({ description: 'The team answered a message the agent sent with its apiKey.' }),
  'webhook.test': z
    .object({ webhook: z.object({ id: z.string(), url: z.string() }), note: z.string() })
    .meta({ description: 'Sent on request (POST .../test) to check that the endpoint receives and verifies deliveries.' }),
} satisfies Record<WebhookEventType, z.ZodObject>;

export type EventData<T extends WebhookEventType> = z.input<(typeof eventData)[T]>;

/** The body of one event: `{ type, timestamp, data }`, where `timestamp` is when it happened. */
export function eventPayloadSchema<T extends WebhookEventType>(type: T) {
  return z
    .object({ type: z.literal(type), timestamp: z.iso.datetime().meta({ description: 'When the change happened.' }), data: eventData[type] })
    .meta({ id: `${type.replace(/(^|\.)([a-z])/g, (_, _dot: string, c: string) => c.toUpperCase())}Event` });
}

/** What the OpenAPI document's `webhooks` section describes, one entry per event. */
export const webhookEventDocs = (Object.keys(eventData) as WebhookEventType[]).map((type) => ({ type, description: eventData[type].meta()?.description ?? '', payload: eventPayloadSchema(type) }));

// ---- management --------------------------------------------------------------------------------

const apiKeyField = textField()
  .min(1, 'must not be empty')
  .max(256, 'must be at most 256 characters')
  .nullish()
  .transform((v) => v ?? undefined)
  .meta({ description: 'Your apiKey. Preferably send it as Authorization: Bearer <apiKey> or X-API-Key instead.' });

export const webhookCreateBodySchema = z
  .object({
    apiKey: apiKeyField,
    url: textField().max(2048, 'must be at most 2048 characters').meta({ description: 'An https URL on a public host, at most 2048 characters, without credentials.' }),
    events: z
      .array(z.enum(subscribableEvents, { message: `must be one of: ${subscribableEvents.join(', ')}` }), { message: 'must be an array of event types' })
      .min(1, 'must name at least one event')
      .max(subscribableEvents.length)
      .transform((events) => [...new Set(events)])
      .meta({ description: `The events to receive: ${subscribableEvents.join(', ')}.` }),
  })
  .meta({ id: 'WebhookCreateRequest' });

export const webhookKeyOnlyBodySchema = z.object({ apiKey: apiKeyField }).meta({ id: 'WebhookKeyOnlyRequest' });

export const webhookPathSchema = z.object({ id: textField().meta({ description: 'The webhook endpoint id (wh_...).' }) });

const secretField = z.string().meta({ description: 'whsec_ + base64: the Standard Webhooks signing secret. Shown only in this answer: store it.' });

export const webhookCreatedSchema = withFreshness({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(subscribableEvents)),
  secret: secretField,
  createdAt: z.iso.datetime(),
}).meta({ id: 'WebhookCreated' });

const webhookViewSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(subscribableEvents)),
    createdAt: z.iso.datetime(),
    disabled: z.boolean().meta({ description: 'True after 5 days of only failed attempts: nothing is sent. A test (POST .../test) enables it again.' }),
    disabledAt: z.iso.datetime().nullable(),
    failingSince: z.iso.datetime().nullable().meta({ description: 'The first failed attempt since the last success; null while deliveries succeed.' }),
    lastSuccessAt: z.iso.datetime().nullable(),
    previousSecretExpiresAt: z.iso.datetime().nullable().meta({ description: 'After a rotation: until then the previous secret signs too.' }),
  })
  .meta({ id: 'Webhook' });

export const webhookListSchema = withFreshness({ webhooks: z.array(webhookViewSchema), limit: z.int().meta({ description: 'Endpoints an agent may register.' }) }).meta({
  id: 'WebhookList',
});

export const webhookDeletedSchema = withFreshness({ id: z.string(), deleted: z.literal(true) }).meta({ id: 'WebhookDeleted' });

const deliverySchema = z
  .object({
    webhookId: z.string().meta({ description: 'The webhook-id header of every attempt: the same on retries.' }),
    eventType: z.string(),
    state: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.int(),
    createdAt: z.iso.datetime(),
    lastAttemptAt: z.iso.datetime().nullable(),
    lastStatus: z.int().nullable().meta({ description: "The receiver's HTTP status at the last attempt; null when no answer came." }),
    lastError: z.string().nullable().meta({ description: 'Why the last attempt failed: a status, a timeout, a refused address.' }),
    nextAttemptAt: z.iso.datetime().nullable().meta({ description: 'When a pending delivery is tried next; null once delivered or failed.' }),
    finishedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });

export const webhookDeliveriesSchema = withFreshness({ webhook: z.object({ id: z.string(), url: z.string() }), deliveries: z.array(deliverySchema) }).meta({ id: 'WebhookDeliveries' });

export const webhookTestSchema = withFreshness({ delivery: deliverySchema }).meta({ id: 'WebhookTestQueued' });

export const webhookSecretRotatedSchema = withFreshness({
  id: z.string(),
  secret: secretField,
  rotatedAt: z.iso.datetime(),
  previousSecretExpiresAt: z.iso.datetime().meta({ description: 'Until then deliveries carry a signature by each secret.' }),
}).meta({ id: 'WebhookSecretRotated' });

const keyErrors = ['missing_api_key', 'invalid_api_key', 'agent_suspended'] as const;
const writeErrors = ['invalid_json', 'invalid_request', 'unsupported_media_type', 'payload_too_large', ...keyErrors] as const;
const TAG = 'Webhooks';

export const webhookCreateEndpoint = defineEndpoint({
  operationId: 'webhook_create',
  method: 'POST',
  path: '/api/public/ai/webhooks',
  tag: TAG,
  summary: 'Register a webhook endpoint: events are pushed to it, signed (Standard Webhooks). The secret is shown once.',
  description:
    'The url must be https on a public host (the claim url rules: no credentials, no private, loopback, link-local or reserved address, no local names); its address is checked again when each attempt connects. At most 5 endpoints per agent. Every delivery carries webhook-id, webhook-timestamp and webhook-signature; verify them with any Standard Webhooks library and the secret.',
  auth: 'apiKey',
  body: webhookCreateBodySchema,
  status: 201,
  response: webhookCreatedSchema,
  errors: [...writeErrors, 'webhook_limit_reached'],
});

export const webhookListEndpoint = defineEndpoint({
  operationId: 'webhook_list',
  method: 'GET',
  path: '/api/public/ai/webhooks',
  tag: TAG,
  summary: 'Your webhook endpoints (without secrets), and whether each is failing or disabled.',
  auth: 'apiKey',
  query: z.object({ apiKey: z.string().min(1).max(256).optional().meta({ description: 'Your apiKey (prefer the Authorization or X-API-Key header).' }) }),
  status: 200,
  response: webhookListSchema,
  errors: ['invalid_request', ...keyErrors],
});

export const webhookDeleteEndpoint = defineEndpoint({
  operationId: 'webhook_delete',
  method: 'DELETE',
  path: '/api/public/ai/webhooks/{id}',
  tag: TAG,
  summary: 'Delete a webhook endpoint: nothing more is sent to it, and its delivery log goes with it.',
  auth: 'apiKey',
  pathParams: webhookPathSchema,
  status: 200,
  response: webhookDeletedSchema,
  errors: [...keyErrors, 'not_found'],
});

export const webhookTestEndpoint = defineEndpoint({
  operationId: 'webhook_test',
  method: 'POST',
  path: '/api/public/ai/webhooks/{id}/test',
  tag: TAG,
  summary: 'Send a webhook.test event to the endpoint now; its outcome shows in the deliveries.',
  description: 'Queued and sent at once, with the usual retries. A test of a disabled endpoint enables it again.',
  auth: 'apiKey',
  pathParams: webhookPathSchema,
  body: webhookKeyOnlyBodySchema,
  status: 202,
  response: webhookTestSchema,
  errors: [...writeErrors, 'not_found'],
});

export const webhookDeliveriesEndpoint = defineEndpoint({
  operationId: 'webhook_deliveries',
  method: 'GET',
  path: '/api/public/ai/webhooks/{id}/deliveries',
  tag: TAG,
  summary: "The endpoint's last 100 deliveries, newest first: event type, webhook-id, attempts, last status or error, next attempt.",
  auth: 'apiKey',
  pathParams: webhookPathSchema,
  query: z.object({ apiKey: z.string().min(1).max(256).optional().meta({ description: 'Your apiKey (prefer the Authorization or X-API-Key header).' }) }),
  status: 200,
  response: webhookDeliveriesSchema,
  errors: ['invalid_request', ...keyErrors, 'not_found'],
});

export const webhookSecretRotateEndpoint = defineEndpoint({
  operationId: 'webhook_secret_rotate',
  method: 'POST',
  path: '/api/public/ai/webhooks/{id}/secret/rotate',
  tag: TAG,
  summary: 'Issue a new signing secret (shown once). Both secrets sign for 24 h, so receivers can roll over.',
  auth: 'apiKey',
  pathParams: webhookPathSchema,
  body: webhookKeyOnlyBodySchema,
  status: 200,
  response: webhookSecretRotatedSchema,
  errors: [...writeErrors, 'not_found'],
});
