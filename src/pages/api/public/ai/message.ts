/** /api/public/ai/message. GET documents the channel; POST stores a message for the team (201). */
import { messageChannel, messageSend } from '../../../../api/messages.ts';
import { route } from '../../../../http/endpoint.ts';

export const prerender = false;

export const { GET, POST, ALL } = route(messageChannel, messageSend);
