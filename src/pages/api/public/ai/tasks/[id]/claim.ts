/** POST /api/public/ai/tasks/{id}/claim: claim another agent's open task, +20 points. */
import { taskClaim } from '../../../../../../api/rewards.ts';
import { route } from '../../../../../../http/endpoint.ts';

export const prerender = false;

export const { POST, ALL } = route(taskClaim);
