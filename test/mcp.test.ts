/**
 * The MCP server at /mcp, through the official SDK's client over real HTTP: tools are the
 * endpoint definitions, calls follow the HTTP API's rules and ledger, problems are tool errors.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from './support/rewards.ts';
import { startService, type TestService } from './support/service.ts';

let service: TestService;

/**
 * The SDK's own Ajv validator, compiling a tool's output schema when a call first needs it. By
 * default the client compiles every tool's schema as soon as it lists them: on a loaded 2-core
 * machine that blocked this process for about 5 s, the server's keep-alive timeout, and the next
 * request then went out on a connection the server was closing ("other side closed").
 */
const ajv = new AjvJsonSchemaValidator();
const compiledOnUse: jsonSchemaValidator = {
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    let compiled: JsonSchemaValidator<T> | undefined;
    return (input) => (compiled ??= ajv.getValidator<T>(schema))(input);
  },
};

async function connect(apiKey?: string): Promise<Client> {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' }, { jsonSchemaValidator: compiledOnUse });
  const headers: Record<string, string> = apiKey ? { Authorization: `Bearer ${apiKey}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', service.url), { requestInit: { headers } }));
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult;
const errorText = (result: CallToolResult) => (result.content[0] as { text: string }).text;

beforeAll(async () => {
  service = await startService();
});
afterAll(() => service?.stop());

describe('MCP server at /mcp', () => {
  it('lists a tool for every implemented endpoint, with input and output schemas and read-only hints', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const name of [
      'videos',
      'video',
      'podcast',
      'schedule',
      'products',
      'clips',
      'knowledge',
      'knowledge_entry',
      'stats',
      'leaderboard',
      'profile',
      'reputation',
      'register',
      'earn',
      'share',
      'partnership_terms',
      'partnership_accept',
      'task_list',
      'task_post',
      'task_claim',
      'exclusive',
      'feed',
      'message_send',
      'concierge_ask',
      'webhook_create',
      'webhook_list',
      'webhook_delete',
      'webhook_test',
      'webhook_deliveries',
      'webhook_secret_rotate',
    ]) {
      expect(names).toContain(name);
    }
    const earn = tools.find((t) => t.name === 'earn')!;
    expect(earn.inputSchema.properties).toHaveProperty('actionType');
    expect(earn.inputSchema.properties).not.toHaveProperty('apiKey');
    expect(earn.outputSchema?.type).toBe('object');
    expect(earn.annotations?.readOnlyHint).toBe(false);
    expect(tools.find((t) => t.name === 'videos')!.annotations?.readOnlyHint).toBe(true);
    await client.close();
  });

  it('reads the catalog with structured results the output schemas validate', async () => {
    const client = await connect();
    const list = await call(client, 'videos', { limit: 2 });
    expect(list.isError).toBeFalsy();
    const items = (list.structuredContent as { items: { id: string }[] }).items;
    expect(items).toHaveLength(2);
    const one = await call(client, 'video', { id: items[0].id });
    expect((one.structuredContent as { video: { id: string } }).video.id).toBe(items[0].id);
    const entry = await call(client, 'knowledge_entry', { topic: 'cannabinoids', id: 'cannabidiol' });
    expect((entry.structuredContent as { entry: { citeAs: string } }).entry.citeAs).toMatch(/CC-BY-4.0|Canopy/);
    // The knowledge text search, equal to its HTTP twin.
    const search = await call(client, 'knowledge', { search: 'cannabidiol' });
    const http = await (await fetch(`${service.url}/api/public/knowledge?search=cannabidiol`)).json();
    expect({ ...(search.structuredContent as object), dataFreshness: 0 }).toEqual({ ...http, dataFreshness: 0 });
    expect((search.structuredContent as { items: { id: string }[] }).items.map((e) => e.id)).toContain('cannabidiol');
    const missing = await call(client, 'video', { id: 'no-such-video' });
    expect([missing.isError, errorText(missing)]).toEqual([true, expect.stringMatching(/^not_found \(404\)/)]);
    const bad = await call(client, 'videos', { limit: 500 });
    expect([bad.isError, errorText(bad)]).toEqual([true, expect.stringMatching(/^invalid_request \(400\).*limit/)]);
    // A missing path argument is named, never a 404 of the path it would have made.
    const noTopic = await call(client, 'knowledge_entry', {});
    expect([noTopic.isError, errorText(noTopic)]).toEqual([true, expect.stringMatching(/^invalid_request \(400\): Invalid arguments for tool knowledge_entry: topic is required.*id is required/)]);
    expect((noTopic._meta as { problem: { errors: { path: string }[] } }).problem.errors.map((e) => e.path)).toEqual(['topic', 'id']);
    // An unknown tool is a protocol error, -32602, as the MCP specification has it.
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('no_such_tool') });
    // So is an unknown resource, -32002.
    await expect(client.readResource({ uri: `${service.url}/api/public/knowledge/terpenes/no-such-entry` })).rejects.toMatchObject({ code: -32002 });
    await client.close();
  });

  it('registers, then earns with the Bearer key into the same ledger as HTTP; a repeat is duplicate_action', async () => {
    const anonymous = await connect();
    const registered = await call(anonymous, 'register', { name: 'mcp-agent', operator: 'MCP Test' });
    expect(registered.isError).toBeFalsy();
    const apiKey = (registered.structuredContent as { apiKey: string }).apiKey;
    expect(errorText(registered)).toContain('shown only this once');
    const noKey = await call(anonymous, 'earn', { actionType: 'share', url: 'https://social.example/mcp/1' });
    expect([noKey.isError, errorText(noKey)]).toEqual([true, expect.stringMatching(/^missing_api_key \(401\).*Authorization: Bearer/)]);
    await anonymous.close();

    const agent = await connect(apiKey);
    const earned = await call(agent, 'earn', { actionType: 'share', url: 'https://social.example/mcp/1' });
    expect((earned.structuredContent as { activity: { points: number } }).activity.points).toBe(10);
    const again = await call(agent, 'earn', { actionType: 'share', url: 'https://social.example/mcp/1/' });
    expect([again.isError, errorText(again)]).toEqual([true, expect.stringMatching(/^duplicate_action \(409\)/)]);
    await agent.close();

    const profile = (await (await fetch(`${service.url}/api/public/ai/agent/mcp-agent`)).json()) as { agent: { points: number } };
    expect(profile.agent.points).toBe(10);
    const check = await admin(service.databasePath, 'check');
    expect(check.code, check.stderr).toBe(0);
  });

  it('serves knowledge entries, the OpenAPI document and llms.txt as resources', async () => {
    const client = await connect();
    const { resources } = await client.listResources();
    const entry = resources.find((r) => r.uri.endsWith('/api/public/knowledge/cannabinoids/cannabidiol'))!;
    const read = await client.readResource({ uri: entry.uri });
    expect(JSON.parse((read.contents[0] as { text: string }).text).entry.references.length).toBeGreaterThan(0);
    const openapi = resources.find((r) => r.uri.endsWith('/api/public/openapi.json'))!;
    expect(JSON.parse(((await client.readResource({ uri: openapi.uri })).contents[0] as { text: string }).text).openapi).toBe('3.1.0');
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(expect.arrayContaining([expect.stringMatching(/\{topic\}\/\{id\}$/)]));
    await client.close();
  });

  it('answers a tools/call refused by the rate limits as a tool error with its retry time, counted with HTTP by its operation’s class', async () => {
    // Writes are 6 a minute at this scale. A write tool counts as a write, a read tool as a read.
    const limited = await startService({ env: { RATE_LIMITS: 'on', RATE_LIMIT_SCALE: '0.1' } });
    try {
      const client = new Client({ name: 'mcp-test-limited', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', limited.url)));
      let refused: CallToolResult | undefined;
      let served = 0;
      for (let i = 0; i < 10 && !refused; i++) {
        const result = (await client.callTool({ name: 'register', arguments: { name: `mcp-limited-${i}` } })) as CallToolResult;
        if (result.isError) refused = result;
        else served += 1;
      }
      expect(served).toBeGreaterThan(0);
      expect(refused, 'a tool call was refused').toBeDefined();
      expect(errorText(refused!)).toMatch(/^rate_limited \(429\): .*Retry after \d+ s\.$/);
      const problem = refused!._meta?.problem as Record<string, unknown>;
      expect(problem.code).toBe('rate_limited');
      expect(problem.retryAfterSeconds).toBeGreaterThan(0);
      expect(problem.violatedPolicies).toEqual(['writes-min']);
      // The same client's HTTP writes share the count: refused too, as a problem.
      const http = await fetch(`${limited.url}/api/public/ai/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'after-mcp' }) });
      expect(http.status).toBe(429);
      expect(http.headers.get('retry-after')).toMatch(/^\d+$/);
      // A read tool is a read: it is served while writes are refused.
      const read = (await client.callTool({ name: 'stats', arguments: {} })) as CallToolResult;
      expect(read.isError, errorText(read)).toBeFalsy();
      await client.close();
    } finally {
      await limited.stop();
    }
  });

  it('is discoverable: a server card at the well-known path, the discovery index, llms.txt and the developers page', async () => {
    const card = await fetch(`${service.url}/.well-known/mcp/server-card`);
    expect([card.status, card.headers.get('access-control-allow-origin')]).toEqual([200, '*']);
    const body = (await card.json()) as { name: string; remotes: { type: string; url: string }[]; tools: { name: string }[] };
    expect(body.remotes[0]).toMatchObject({ type: 'streamable-http', url: expect.stringMatching(/\/mcp$/) });
    expect(body.tools.map((t) => t.name)).toContain('earn');
    const index = (await (await fetch(`${service.url}/api/public`)).json()) as { documentation: Record<string, string> };
    expect(index.documentation.mcp).toMatch(/\/mcp$/);
    expect(await (await fetch(`${service.url}/llms.txt`)).text()).toContain('/mcp');
    expect(await (await fetch(`${service.url}/developers`)).text()).toContain('Bearer &lt;API_KEY&gt;');
  });
});
