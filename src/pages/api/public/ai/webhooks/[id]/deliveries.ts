/** GET /api/public/ai/webhooks/{id}/deliveries: the endpoint's last 100 deliveries. */
import { webhookDeliveries } from '../../../../../../api/webhooks.ts';
import { route } from '../../../../../../http/endpoint.ts';

export const prerender = false;

export const { GET, ALL } = route(webhookDeliveries);
