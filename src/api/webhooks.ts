/** Signed webhooks for agents: register, list, delete, test, deliveries, secret rotation. */
import { implement } from '../http/operation.ts';
import { programFreshness } from '../http/respond.ts';
import { webhookCreateEndpoint, webhookDeleteEndpoint, webhookDeliveriesEndpoint, webhookListEndpoint, webhookSecretRotateEndpoint, webhookTestEndpoint } from '../schemas/api/webhooks.ts';

/** /api/public/ai/webhooks */
export const webhookCreate = implement(webhookCreateEndpoint, async ({ body, apiKey, services }) => ({
  body: await services.webhooks.create(apiKey, body),
  dataFreshness: programFreshness(services),
  status: 201,
}));

/** /api/public/ai/webhooks */
export const webhookList = implement(webhookListEndpoint, async ({ apiKey, services }) => ({ body: await services.webhooks.list(apiKey), dataFreshness: programFreshness(services) }));

/** /api/public/ai/webhooks/[id] */
export const webhookDelete = implement(webhookDeleteEndpoint, async ({ params, apiKey, services }) => ({
  body: await services.webhooks.remove(apiKey, params.id),
  dataFreshness: programFreshness(services),
}));

/** /api/public/ai/webhooks/[id]/test */
export const webhookTest = implement(webhookTestEndpoint, async ({ params, apiKey, services }) => ({
  body: await services.webhooks.test(apiKey, params.id),
  dataFreshness: programFreshness(services),
  status: 202,
}));

/** /api/public/ai/webhooks/[id]/deliveries */
export const webhookDeliveries = implement(webhookDeliveriesEndpoint, async ({ params, apiKey, services }) => ({
  body: await services.webhooks.deliveries(apiKey, params.id),
  dataFreshness: programFreshness(services),
}));

/** /api/public/ai/webhooks/[id]/secret/rotate */
export const webhookSecretRotate = implement(webhookSecretRotateEndpoint, async ({ params, apiKey, services }) => ({
  body: await services.webhooks.rotateSecret(apiKey, params.id),
  dataFreshness: programFreshness(services),
}));
