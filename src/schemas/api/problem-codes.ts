/**
 * Each stable error code (docs/api.md, "Conventions") with its HTTP status and title: one table for
 * the problem responses (src/http/problem.ts), the discovery index, OpenAPI and llms.txt.
 */
import type { ErrorCode } from '../../domain/errors.ts';

export const problemCodes = {
  invalid_json: { status: 400, title: 'Invalid JSON' },
  invalid_request: { status: 400, title: 'Invalid request' },
  unknown_topic: { status: 400, title: 'Unknown knowledge topic' },
  invalid_referral_code: { status: 400, title: 'Invalid referral code' },
  bad_request: { status: 400, title: 'Bad request' },
  missing_api_key: { status: 401, title: 'Missing API key' },
  invalid_api_key: { status: 401, title: 'Invalid API key' },
  tier_required: { status: 403, title: 'Higher tier required' },
  agent_suspended: { status: 403, title: 'Agent suspended' },
  forbidden: { status: 403, title: 'Forbidden' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  request_timeout: { status: 408, title: 'Request timeout' },
  name_taken: { status: 409, title: 'Name already taken' },
  duplicate_action: { status: 409, title: 'Duplicate action' },
  daily_cap_reached: { status: 409, title: 'Daily cap reached' },
  already_claimed: { status: 409, title: 'Task already claimed' },
  webhook_limit_reached: { status: 409, title: 'Webhook limit reached' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  request_header_fields_too_large: { status: 431, title: 'Request header fields too large' },
  idempotency_key_reused: { status: 422, title: 'Idempotency key reused' },
  rate_limited: { status: 429, title: 'Too many requests' },
  internal_error: { status: 500, title: 'Internal server error' },
  service_unavailable: { status: 503, title: 'Service unavailable' },
} as const satisfies Record<ErrorCode, { status: number; title: string }>;
