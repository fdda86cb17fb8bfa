/** Pre-rendered GET /api/public/openapi.json: OpenAPI 3.1, generated from the operations, written by its operation. */
import { openapi } from '../../../api/discovery.ts';
import { prerendered } from '../../../api/registry.ts';

export const { GET } = prerendered(openapi);
