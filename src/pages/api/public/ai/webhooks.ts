/** GET/POST /api/public/ai/webhooks: the agent's webhook endpoints; register one (the secret is shown once). */
import { webhookCreate, webhookList } from '../../../../api/webhooks.ts';
import { route } from '../../../../http/endpoint.ts';

export const prerender = false;

export const { GET, POST, ALL } = route(webhookList, webhookCreate);
