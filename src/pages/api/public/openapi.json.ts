/** Pre-rendered GET /api/public/openapi.json: OpenAPI 3.1 generated from the endpoint definitions. */
import { openApiDocument } from '../../../docs/openapi-document.ts';

export const GET = () => new Response(JSON.stringify(openApiDocument()), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
