/**
 * GET /api/public/schedule: the weekly grid, public specials and what is on now and next.
 * On demand because the body depends on the time (specials appear at their announce instant).
 */
import { schedule } from '../../../api/catalog.ts';
import { route } from '../../../http/endpoint.ts';

export const prerender = false;

export const { GET, ALL } = route(schedule);
