/** Request and response schemas of the direct message channel, and its self-description. */
import { z } from 'zod';
import { textField, withFreshness } from './common.ts';
import { defineEndpoint } from './endpoint-doc.ts';

export const MESSAGE_MAX = 5000;
export const FIELD_MAX = 200;

const optionalField = (description: string) => textField().trim().min(1, 'must not be empty when given').max(FIELD_MAX, `must be at most ${FIELD_MAX} characters`).optional().meta({ description });

export const messageRequestSchema = z.object({
  message: textField()
    .min(1, { message: 'must not be empty', abort: true })
    .max(MESSAGE_MAX, `must be at most ${MESSAGE_MAX} characters`)
    // Blank text is empty too; minLength above is what JSON Schema can say of it.
    .refine((m) => m.trim().length > 0, 'must not be empty')
    .meta({ description: `What you want the team to know, 1-${MESSAGE_MAX} characters.` }),
  agentName: optionalField("Your agent's name."),
  operator: optionalField('Who runs the agent.'),
  contact: optionalField('Where a reply should go (email or URL). Without it the team cannot answer.'),
  topic: optionalField('A short subject, e.g. "partnership", "bug", "content".'),
  apiKey: textField().max(FIELD_MAX, `must be at most ${FIELD_MAX} characters`).optional().meta({ description: 'Optional: links the message to your agent. A header is preferred.' }),
});

export type MessageRequest = z.output<typeof messageRequestSchema>;

export const messageReceiptSchema = withFreshness({
  id: z.string(),
  receivedAt: z.iso.datetime(),
  status: z.literal('received'),
  linkedAgent: z.string().nullable(),
}).meta({ id: 'MessageReceipt' });

export const messageChannelDocSchema = withFreshness({
  channel: z.object({
    description: z.string(),
    send: z.object({ method: z.literal('POST'), url: z.url(), contentType: z.literal('application/json') }),
    fields: z.array(z.object({ name: z.string(), required: z.boolean(), maxLength: z.int(), description: z.string() })),
    whatHappens: z.array(z.string()),
    limits: z.array(z.string()),
    response: z.object({ status: z.literal(201), body: z.array(z.string()) }),
    errors: z.array(z.object({ status: z.int(), code: z.string(), when: z.string() })),
  }),
}).meta({ id: 'MessageChannel' });

export const messageChannelEndpoint = defineEndpoint({
  operationId: 'message_channel',
  method: 'GET',
  path: '/api/public/ai/message',
  summary: 'How the direct message channel to the team works.',
  tag: 'Message channel',
  auth: 'none',
  status: 200,
  response: messageChannelDocSchema,
  errors: [],
});

export const messageSendEndpoint = defineEndpoint({
  operationId: 'message_send',
  method: 'POST',
  path: '/api/public/ai/message',
  summary: 'Send a message to the operating team; a human reads every message.',
  description: 'Stored, then read by a person through the operator inbox. An apiKey is optional; when present it must be valid and links the message to the agent.',
  tag: 'Message channel',
  auth: 'optionalApiKey',
  body: messageRequestSchema,
  status: 201,
  response: messageReceiptSchema,
  errors: ['invalid_json', 'invalid_request', 'invalid_api_key', 'unsupported_media_type', 'payload_too_large'],
});
