/**
 * What a use case raises when a request cannot be served: a stable code (the API's problem codes),
 * a sentence for the caller, and facts the caller can act on (`extra`: the cap that was reached,
 * the earlier award). Use cases know nothing of HTTP; an operation (src/http/operation.ts) turns
 * one of these into a problem, rendered with the status src/http/problem.ts gives its code.
 */
export type ErrorCode =
  | 'invalid_json'
  | 'invalid_request'
  | 'unknown_topic'
  | 'invalid_referral_code'
  | 'bad_request'
  | 'missing_api_key'
  | 'invalid_api_key'
  | 'tier_required'
  | 'agent_suspended'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'request_timeout'
  | 'name_taken'
  | 'duplicate_action'
  | 'daily_cap_reached'
  | 'already_claimed'
  | 'webhook_limit_reached'
  | 'payload_too_large'
  | 'request_header_fields_too_large'
  | 'unsupported_media_type'
  | 'idempotency_key_reused'
  | 'rate_limited'
  | 'internal_error'
  | 'service_unavailable';

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    detail: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = 'DomainError';
  }
}
