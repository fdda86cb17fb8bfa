/** GET: community tasks. POST { title, description, url? }: post one, +20 points. */
import { taskList, taskPost } from '../../../../api/rewards.ts';
import { route } from '../../../../http/endpoint.ts';

export const prerender = false;

export const { GET, POST, ALL } = route(taskList, taskPost);
