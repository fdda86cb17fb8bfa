/** POST /api/public/ai/earn: report an action, earn its points (dedupe, daily caps, Idempotency-Key). */
import { methodNotAllowed, sharedWriteEndpoint } from '../../../../http/agent-request.ts';
import { earnWrite } from '../../../../http/shared-writes.ts';

export const prerender = false;

/** The same function our server answers this path with (src/http/shared-writes.ts). */
export const POST = sharedWriteEndpoint(earnWrite);

export const ALL = methodNotAllowed('POST');
