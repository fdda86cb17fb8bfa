/** POST /api/public/ai/webhooks/{id}/test: send a webhook.test event now. */
import { webhookTest } from '../../../../../../api/webhooks.ts';
import { route } from '../../../../../../http/endpoint.ts';

export const prerender = false;

export const { POST, ALL } = route(webhookTest);
