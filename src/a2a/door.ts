/** /a2a as the front server sees it (src/http/route-table.ts): a question to the concierge, counted as a read. */
import type { Door } from '../http/route-table.ts';

export const a2aDoor: Door = { path: '/a2a', classify: () => ({ rateClass: 'read' }) };
