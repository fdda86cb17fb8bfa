/** The published OpenAPI document: the endpoint list described for this build's site. */
import { catalog } from '../catalog/data.ts';
import { contentFreshness } from '../http/respond.ts';
import { endpoints, endpointTags } from './endpoints.ts';
import { buildOpenApi } from './openapi.ts';
import { publicOrigin } from '../public-origin.ts';

export function openApiDocument() {
  return {
    ...buildOpenApi(endpoints, {
      title: `${catalog.site.name} public API`,
      description: `${catalog.site.description} The same operations are MCP tools at ${publicOrigin()}/mcp (Streamable HTTP; apiKey as Authorization: Bearer).`,
      version: catalog.contentVersion,
      baseUrl: publicOrigin(),
      contactEmail: catalog.site.contact.email,
      tags: endpointTags,
    }),
    // The dataFreshness every JSON body carries, under the name an
    // OpenAPI 3.1 root admits (only `x-` extensions may be added there).
    'x-dataFreshness': contentFreshness('build', catalog.builtAt),
  };
}
