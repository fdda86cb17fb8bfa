/** DELETE /api/public/ai/webhooks/{id}: delete a webhook endpoint. */
import { webhookDelete } from '../../../../../api/webhooks.ts';
import { route } from '../../../../../http/endpoint.ts';

export const prerender = false;

export const { DELETE, ALL } = route(webhookDelete);
