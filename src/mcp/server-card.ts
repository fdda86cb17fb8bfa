/** The MCP Server Card (SEP-2127 draft shape, aligned with the registry's server.json). */
import { catalog } from '../catalog/data.ts';
import { MCP_SERVER_NAME } from './server.ts';
import { mcpTools } from './tools.ts';
import { resourceList } from './resources.ts';
import { publicOrigin } from '../public-origin.ts';

export function serverCard() {
  const base = publicOrigin();
  const reverseHost = new URL(base).hostname.split('.').reverse().join('.');
  return {
    $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
    name: `${reverseHost}/${MCP_SERVER_NAME}`,
    version: catalog.contentVersion,
    title: `${catalog.site.name} MCP server`,
    description: catalog.site.description,
    websiteUrl: `${base}/developers`,
    remotes: [
      {
        type: 'streamable-http',
        url: `${base}/mcp`,
        headers: [{ name: 'Authorization', description: 'Bearer <apiKey>: needed for writes and tier-gated reads; reads work without it.', isRequired: false, isSecret: true }],
        authentication: { required: false, schemes: ['bearer'] },
      },
    ],
    capabilities: { tools: {}, resources: {} },
    tools: mcpTools.map(({ name, title, description, inputSchema, annotations }) => ({ name, title, description, inputSchema, annotations })),
    resources: resourceList().slice(0, 2),
  };
}
