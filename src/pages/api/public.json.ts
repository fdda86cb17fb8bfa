/** Pre-rendered GET /api/public: the discovery index, written by its operation. */
import { discovery } from '../../api/discovery.ts';
import { prerendered } from '../../api/registry.ts';

export const { GET } = prerendered(discovery);
