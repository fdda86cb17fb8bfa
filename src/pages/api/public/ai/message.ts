/** /api/public/ai/message. GET documents the channel; POST stores a message for the team (201). */
import { catalog } from '../../../../catalog/data.ts';
import { freshness } from '../../../../http/freshness.ts';
import { apiKeyFrom, methodNotAllowed } from '../../../../http/agent-request.ts';
import { contentFreshness, handle, json, parseBody } from '../../../../http/respond.ts';
import { channelDocBody } from '../../../../messages/channel-doc.ts';
import { receiveMessage } from '../../../../messages/receive-message.ts';
import { messageRequestSchema } from '../../../../schemas/api/messages.ts';

export const prerender = false;

export const GET = handle(({ locals: { services } }) => json(channelDocBody(catalog.site.baseUrl), contentFreshness('live', catalog.builtAt, services.clock.now())));

export const POST = handle(async ({ request, locals: { services, requestId, body: preRead } }) => {
  const { apiKey, ...body } = await parseBody(request, messageRequestSchema, preRead);
  const receipt = await receiveMessage(services, body, apiKeyFrom(request, apiKey), requestId);
  return json(receipt, freshness({ source: 'live', generatedAt: new Date(receipt.receivedAt), contentVersion: catalog.contentVersion, lastModified: receipt.receivedAt, maxAgeSeconds: 0 }), { status: 201 });
});

export const ALL = methodNotAllowed('GET', 'POST');
