/** POST /api/public/ai/share: earn with actionType share (+10) for a required url. */
import { methodNotAllowed, sharedWriteEndpoint } from '../../../../http/agent-request.ts';
import { shareWrite } from '../../../../http/shared-writes.ts';

export const prerender = false;

/** The same function our server answers this path with (src/http/shared-writes.ts). */
export const POST = sharedWriteEndpoint(shareWrite);

export const ALL = methodNotAllowed('POST');
