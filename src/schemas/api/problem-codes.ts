/**
 * Each stable error code (docs/api.md, "Conventions") with its HTTP status, its title and when it is answered: one table for
 * the problem responses (src/http/problem.ts), the discovery index, OpenAPI and llms.txt.
 */
import type { ErrorCode } from '../../domain/errors.ts';

export const problemCodes = {
  invalid_json: { status: 400, title: 'Invalid JSON', when: 'the body is not JSON' },
  invalid_request: { status: 400, title: 'Invalid request', when: 'a parameter, header or body field is missing or wrong; errors names each' },
  unknown_topic: { status: 400, title: 'Unknown knowledge topic', when: 'a knowledge topic that does not exist; topics lists those that do' },
  invalid_referral_code: { status: 400, title: 'Invalid referral code', when: 'registration with a referral code no agent has' },
  bad_request: { status: 400, title: 'Bad request', when: 'a malformed request URL (a bad percent-escape, a NUL, an absolute-form target)' },
  missing_api_key: { status: 401, title: 'Missing API key', when: 'an endpoint that needs an apiKey got none' },
  invalid_api_key: { status: 401, title: 'Invalid API key', when: 'the apiKey sent matches no agent (after a rotation the old key stops working at once: send the new one)' },
  tier_required: { status: 403, title: 'Higher tier required', when: 'a gated read below its tier; requiredTier, currentTier and points say how far' },
  agent_suspended: { status: 403, title: 'Agent suspended', when: 'a write by a suspended agent' },
  forbidden: { status: 403, title: 'Forbidden', when: "a task claim between related agents, or /metrics without the operator's token" },
  not_found: { status: 404, title: 'Not found', when: 'no such video, entry, agent or task, or any unknown path under /api or /feeds' },
  method_not_allowed: { status: 405, title: 'Method not allowed', when: 'a method the path does not take; Allow lists those it does' },
  request_timeout: { status: 408, title: 'Request timeout', when: "the request did not arrive within the server's timeouts" },
  name_taken: { status: 409, title: 'Name already taken', when: 'an agent name already registered (names compare case-insensitively)' },
  duplicate_action: { status: 409, title: 'Duplicate action', when: 'the same action on the same url within 24 h; activityId names the earlier award' },
  daily_cap_reached: { status: 409, title: 'Daily cap reached', when: 'the daily cap of this action type is used up; dailyCap says it' },
  already_claimed: { status: 409, title: 'Task already claimed', when: 'the task was claimed already' },
  webhook_limit_reached: { status: 409, title: 'Webhook limit reached', when: 'the agent has 5 endpoints already, the most one agent may have' },
  payload_too_large: { status: 413, title: 'Payload too large', when: 'a body over 16 KiB' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type', when: 'a POST body that is not JSON' },
  request_header_fields_too_large: { status: 431, title: 'Request header fields too large', when: 'request line and headers over 16 KiB' },
  idempotency_key_reused: { status: 422, title: 'Idempotency key reused', when: 'an Idempotency-Key sent again with a different body' },
  rate_limited: { status: 429, title: 'Too many requests', when: 'past a rate limit, or past the registrations of one address in a day; Retry-After says when to try again' },
  internal_error: { status: 500, title: 'Internal server error', when: 'a fault of ours, logged with the request id' },
  service_unavailable: { status: 503, title: 'Service unavailable', when: 'the database is unreachable, or the server is at its connection cap; Retry-After says when to try again' },
} as const satisfies Record<ErrorCode, { status: number; title: string; when: string }>;
