/** Pre-rendered GET /api/public/openapi.json: OpenAPI 3.1 generated from the validating schemas. */
import { catalog } from '../../../catalog/data.ts';
import { buildOpenApi } from '../../../docs/openapi.ts';
import { contentFreshness } from '../../../http/respond.ts';
import { endpoints, endpointTags } from '../../../docs/endpoints.ts';

export const GET = () =>
  new Response(
    JSON.stringify({
      ...buildOpenApi(endpoints, {
        title: `${catalog.site.name} public API`,
        description: catalog.site.description,
        version: catalog.contentVersion,
        baseUrl: catalog.site.baseUrl,
        contactEmail: catalog.site.contact.email,
        tags: endpointTags,
      }),
      // CONTRACT.md section 1: the dataFreshness every JSON body carries, under the name an
      // OpenAPI 3.1 root admits (only `x-` extensions may be added there).
      'x-dataFreshness': contentFreshness('build', catalog.builtAt),
    }),
    { headers: { 'Content-Type': 'application/json; charset=utf-8' } },
  );
