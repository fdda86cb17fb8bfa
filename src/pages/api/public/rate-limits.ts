/**
 * GET /api/public/rate-limits: the policy in force. On demand because operators change it through
 * the environment (RATE_LIMIT_SCALE, RATE_LIMITS=off); the limiter enforces this same object.
 */
import { rateLimits } from '../../../api/discovery.ts';
import { route } from '../../../http/endpoint.ts';

export const prerender = false;

export const { GET, ALL } = route(rateLimits);
