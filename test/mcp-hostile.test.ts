/**
 * Hostile input through /mcp, sent as raw HTTP so nothing is cleaned up on the way: bodies that
 * are not JSON or not JSON-RPC, unknown methods and tools, arguments of the wrong type or far too
 * large, batches (of a thousand calls, and of as many as fit the body limit). Nothing may answer
 * 5xx, and the program's data must be exactly as before (stats, every total equal to its ledger).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, register } from './support/rewards.ts';
import { request, startService, type TestService } from './support/service.ts';

let service: TestService;
const ACCEPT = 'application/json, text/event-stream';

beforeAll(async () => {
  service = await startService();
});
afterAll(() => service?.stop());

async function mcp(body: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const res = await fetch(`${service.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers }, body });
  return { status: res.status, text: await res.text() };
}

const call = (id: number, name: string, args: unknown) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

/** What the program shows: the public stats without their timestamps. */
async function programState(): Promise<unknown> {
  const stats = (await request(service.url, '/api/public/stats')).body;
  return { ...stats, dataFreshness: undefined };
}

describe('hostile input through MCP', () => {
  it('never answers 5xx and changes nothing', async () => {
    const agent = await register(service.url, { name: `mcp-hostile-${Date.now()}` });
    const before = await programState();
    const bearer = { authorization: `Bearer ${agent.apiKey}` };
    const huge = 'x'.repeat(15_000);
    const bodies: Array<[string, string, Record<string, string>?]> = [
      ['not JSON', '{"jsonrpc":"2.0","id":1,"method":'],
      ['empty', ''],
      ['a JSON string', '"tools/call"'],
      ['null', 'null'],
      ['no jsonrpc member', JSON.stringify({ id: 1, method: 'tools/list' })],
      ['an unknown method', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/delete_everything' })],
      ['an unknown tool', JSON.stringify(call(1, 'drop_tables', {}))],
      ['a tool name that is not a string', JSON.stringify(call(1, 42 as unknown as string, {}))],
      ['arguments that are a string', JSON.stringify(call(1, 'videos', 'limit=5'))],
      ['arguments of the wrong type', JSON.stringify(call(1, 'videos', { limit: 'many', featured: [1, 2] }))],
      ['an earn of the wrong types, with a key', JSON.stringify(call(1, 'earn', { actionType: 7, url: { href: 'x' } })), bearer],
      ['an earn of an unknown action', JSON.stringify(call(1, 'earn', { actionType: 'mint_points', url: 'https://example.com/a' })), bearer],
      ['an earn without a key', JSON.stringify(call(1, 'earn', { actionType: 'promote', url: 'https://example.com/b' }))],
      ['an earn with a made-up key', JSON.stringify(call(1, 'earn', { actionType: 'promote', url: 'https://example.com/c' })), { authorization: 'Bearer cc_live_not_a_real_key' }],
      ['huge arguments', JSON.stringify(call(1, 'concierge_ask', { message: huge }))],
      ['a huge tool name', JSON.stringify(call(1, huge, {}))],
      ['a body over the 16 KiB limit', JSON.stringify(call(1, 'videos', { search: 'y'.repeat(20_000) }))],
      ['a batch of a thousand calls', JSON.stringify(Array.from({ length: 1000 }, (_, i) => call(i, 'stats', {})))],
      ['a batch of as many earns as fit', JSON.stringify(Array.from({ length: 100 }, (_, i) => call(i, 'earn', { actionType: 'share', url: `https://example.com/batch/${i}` }))), bearer],
      ['deeply nested arguments', JSON.stringify(call(1, 'videos', JSON.parse(`${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`)))],
    ];
    for (const [what, body, headers] of bodies) {
      const res = await mcp(body, headers);
      expect(res.status, `${what}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
      expect(res.text, what).not.toMatch(/at \S+ \(|node_modules|\/work\//);
      // A tool call that reached a tool but was wrong is a tool error, never a success.
      if (res.status === 200 && body.startsWith('{') && body.includes('"tools/call"')) {
        const message = JSON.parse(res.text) as { result?: { isError?: boolean }; error?: unknown };
        expect(message.result?.isError === true || message.error !== undefined, `${what}: ${res.text.slice(0, 300)}`).toBe(true);
      }
    }
    // A __proto__ key pollutes nothing: the call is the plain list, and the next one too (20 by default).
    const polluting = await mcp('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"videos","arguments":{"__proto__":{"limit":1000}}}}');
    expect(polluting.status).toBeLessThan(500);
    const plain = JSON.parse((await mcp(JSON.stringify(call(2, 'videos', {})))).text) as { result: { structuredContent: { items: unknown[] } } };
    expect(plain.result.structuredContent.items).toHaveLength(20);
    // Still serving, and nothing changed: the stats, the agent's points, every total.
    expect((await mcp(JSON.stringify(call(1, 'stats', {})))).status).toBe(200);
    expect(await programState()).toEqual(before);
    expect((await request(service.url, `/api/public/ai/agent/${agent.name}`)).body.agent.points).toBe(0);
    expect((await admin(service.databasePath, 'check')).code).toBe(0);
  });
});
