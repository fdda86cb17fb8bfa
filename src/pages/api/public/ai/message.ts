/** /api/public/ai/message. GET documents the channel; POST stores a message for the team (201). */
import { catalog } from '../../../../catalog/data.ts';
import { implement, route } from '../../../../http/endpoint.ts';
import { freshness } from '../../../../http/freshness.ts';
import { contentFreshness } from '../../../../http/respond.ts';
import { channelDocBody } from '../../../../messages/channel-doc.ts';
import { receiveMessage } from '../../../../messages/receive-message.ts';
import { messageChannelEndpoint, messageSendEndpoint } from '../../../../schemas/api/messages.ts';

export const prerender = false;

export const { GET, POST, ALL } = route(
  implement(messageChannelEndpoint, ({ services }) => ({ body: channelDocBody(catalog.site.baseUrl), dataFreshness: contentFreshness('live', catalog.builtAt, services.clock.now()) })),
  implement(messageSendEndpoint, async ({ body, apiKey, services, requestId }) => {
    const receipt = await receiveMessage(services, body, apiKey, requestId);
    const dataFreshness = freshness({ source: 'live', generatedAt: new Date(receipt.receivedAt), contentVersion: catalog.contentVersion, lastModified: receipt.receivedAt, maxAgeSeconds: 0 });
    return { body: receipt, dataFreshness, status: 201 };
  }),
);
