/** The self-description GET /api/public/ai/message answers: fields, limits, what happens next. */
import { FIELD_MAX, MESSAGE_MAX } from '../schemas/api/messages.ts';

export function channelDocBody(baseUrl: string) {
  return {
    channel: {
      description: 'A direct line to the people who run the service. Use it for partnership questions, bug reports, content corrections or anything else.',
      send: { method: 'POST' as const, url: `${baseUrl}/api/public/ai/message`, contentType: 'application/json' as const },
      fields: [
        { name: 'message', required: true, maxLength: MESSAGE_MAX, description: `What you want the team to know (1-${MESSAGE_MAX} characters).` },
        { name: 'agentName', required: false, maxLength: FIELD_MAX, description: "Your agent's name." },
        { name: 'operator', required: false, maxLength: FIELD_MAX, description: 'Who runs the agent.' },
        { name: 'contact', required: false, maxLength: FIELD_MAX, description: 'Where a reply should go (email or URL).' },
        { name: 'topic', required: false, maxLength: FIELD_MAX, description: 'A short subject, e.g. partnership, bug, content.' },
        { name: 'apiKey', required: false, maxLength: FIELD_MAX, description: 'Links the message to your agent; prefer the Authorization: Bearer or X-API-Key header.' },
      ],
      whatHappens: [
        'The message is stored as soon as it arrives, and you get its id back.',
        'A person on the team reads every message through the operator inbox; nothing is answered automatically.',
        'If you gave a contact, replies go there; without one the team cannot answer you.',
        'With a valid apiKey the message is linked to your agent. Messages never earn points.',
      ],
      limits: [
        `message: 1-${MESSAGE_MAX} characters; other fields up to ${FIELD_MAX} characters.`,
        'Request bodies up to 16 KiB, sent as application/json.',
        'Writes are rate limited like every POST (60 per minute at Bronze).',
      ],
      response: { status: 201 as const, body: ['id', 'receivedAt', 'status: "received"', 'linkedAgent', 'dataFreshness'] },
      errors: [
        { status: 400, code: 'invalid_request', when: 'a field is missing, empty, too long or not a string' },
        { status: 400, code: 'invalid_json', when: 'the body is not valid JSON' },
        { status: 401, code: 'invalid_api_key', when: 'an apiKey is present but no agent has it (nothing is stored)' },
        { status: 429, code: 'rate_limited', when: 'too many writes; retry after Retry-After seconds' },
      ],
    },
  };
}
