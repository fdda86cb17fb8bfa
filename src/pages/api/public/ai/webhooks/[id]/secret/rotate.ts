/** POST /api/public/ai/webhooks/{id}/secret/rotate: a new signing secret; both sign for 24 h. */
import { webhookSecretRotate } from '../../../../../../../api/webhooks.ts';
import { route } from '../../../../../../../http/endpoint.ts';

export const prerender = false;

export const { POST, ALL } = route(webhookSecretRotate);
