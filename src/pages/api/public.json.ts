/** Pre-rendered GET /api/public: the discovery index. */
import { catalog } from '../../catalog/data.ts';
import { discoveryIndex } from '../../docs/discovery-index.ts';
import { contentFreshness, json } from '../../http/respond.ts';
import { endpoints } from '../../docs/endpoints.ts';

export const GET = () => json(discoveryIndex(catalog, endpoints), contentFreshness('build', catalog.builtAt));
