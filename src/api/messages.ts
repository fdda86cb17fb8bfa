/** The message channel to the operating team. */
import { catalog } from '../catalog/data.ts';
import { implement } from '../http/operation.ts';
import { freshness } from '../http/freshness.ts';
import { contentFreshness } from '../http/respond.ts';
import { channelDocBody } from '../messages/channel-doc.ts';
import { receiveMessage } from '../messages/receive-message.ts';
import { messageChannelEndpoint, messageSendEndpoint } from '../schemas/api/messages.ts';
import { publicOrigin } from '../public-origin.ts';

/** /api/public/ai/message */
export const messageChannel = implement(messageChannelEndpoint, ({ services }) => ({
  body: channelDocBody(publicOrigin()),
  dataFreshness: contentFreshness('live', catalog.builtAt, services.clock.now()),
}));

/** /api/public/ai/message */
export const messageSend = implement(messageSendEndpoint, async ({ body, apiKey, services, requestId }) => {
  const receipt = await receiveMessage(services, body, apiKey, requestId);
  const dataFreshness = freshness({ source: 'live', generatedAt: new Date(receipt.receivedAt), contentVersion: catalog.contentVersion, lastModified: receipt.receivedAt, maxAgeSeconds: 0 });
  return { body: receipt, dataFreshness, status: 201 };
});
