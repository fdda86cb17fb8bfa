/** The published OpenAPI document: the endpoint list described for this build's site. */
import { catalog } from '../catalog/data.ts';
import { contentFreshness } from '../http/respond.ts';
import { webhookEventDocs } from '../schemas/api/webhooks.ts';
import { endpoints, endpointTags } from './endpoints.ts';
import { buildOpenApi } from './openapi.ts';

export function openApiDocument() {
  return {
    ...buildOpenApi(endpoints, {
      title: `${catalog.site.name} public API`,
      description: `${catalog.site.description} The same operations are MCP tools at ${catalog.site.baseUrl}/mcp (Streamable HTTP; apiKey as Authorization: Bearer).`,
      version: catalog.contentVersion,
      baseUrl: catalog.site.baseUrl,
      contactEmail: catalog.site.contact.email,
      tags: endpointTags,
      webhooks: { tag: 'Webhooks', events: webhookEventDocs },
    }),
    // CONTRACT.md section 1: the dataFreshness every JSON body carries, under the name an
    // OpenAPI 3.1 root admits (only `x-` extensions may be added there).
    'x-dataFreshness': contentFreshness('build', catalog.builtAt),
  };
}
