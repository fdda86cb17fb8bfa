/** The concierge as an A2A agent: its card, and JSON-RPC message/send over real HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/service.ts';

let service: TestService;

beforeAll(async () => {
  service = await startService();
});
afterAll(() => service?.stop());

async function rpc(body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${service.url}/a2a`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
}

const send = (text: string, id = 1) =>
  rpc({ jsonrpc: '2.0', id, method: 'message/send', params: { message: { kind: 'message', role: 'user', messageId: `m-${id}`, parts: [{ kind: 'text', text }] } } });

describe('A2A', () => {
  it('publishes an agent card that names the concierge, its skill and the JSON-RPC endpoint', async () => {
    const res = await fetch(`${service.url}/.well-known/agent-card.json`);
    expect([res.status, res.headers.get('content-type'), res.headers.get('access-control-allow-origin')]).toEqual([200, 'application/json; charset=utf-8', '*']);
    const card = (await res.json()) as any;
    expect(card.name).toMatch(/concierge/);
    expect(card.url).toMatch(/\/a2a$/);
    expect(card.supportedInterfaces[0]).toMatchObject({ protocolBinding: 'JSONRPC', url: expect.stringMatching(/\/a2a$/) });
    expect(card.skills[0]).toMatchObject({ id: 'concierge', examples: expect.arrayContaining(['How do I reach Gold?']) });
    expect(card.capabilities.streaming).toBe(false);
  });

  it('answers message/send with a grounded message and its sources', async () => {
    const { status, body } = await send('How do I reach Gold?');
    expect(status).toBe(200);
    expect(body).toMatchObject({ jsonrpc: '2.0', id: 1, result: { kind: 'message', role: 'agent' } });
    const text = body.result.parts[0].text as string;
    expect(text).toContain('300');
    expect(text).toMatch(/Sources:\n- .+: https?:\/\//);
    expect(body.result.metadata.sources.length).toBeGreaterThan(0);
  });

  it('keeps the not-medical-advice line on health questions and says so when it has no answer', async () => {
    const health = await send('Is CBD good for anxiety?', 2);
    expect(health.body.result.parts[0].text).toMatch(/not medical advice/i);
    const none = await send('What is the airspeed velocity of an unladen swallow?', 3);
    expect(none.body.result.parts[0].text).toMatch(/message/i);
  });

  it('answers a malformed request with a JSON-RPC error, and other methods than POST with 405', async () => {
    const bad = await rpc({ jsonrpc: '2.0', id: 9, method: 'message/send', params: {} });
    expect(bad.body.error.code).toBeLessThan(0);
    const get = await fetch(`${service.url}/a2a`);
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST, OPTIONS']);
  });
});
