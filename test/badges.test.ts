/**
 * GET /api/public/ai/agent/{name}/badges: an agent's badges with when each was earned, the same
 * over HTTP and as the MCP tool the registry makes of it, and shown on the agent's profile page.
 * The agent promotes a page on a local site that links to the brand (allowed by the test-only
 * VERIFY_LOCAL_ORIGIN), so its promotion is verified by the real verifier.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { admin, earn, post, register, setClock } from './support/rewards.ts';
import { request, startService, type TestService } from './support/service.ts';

const START = '2026-06-01T12:00:00.000Z';
const HOUR = 3_600_000;
let service: TestService;
let site: Server;

beforeAll(async () => {
  site = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<p><a href="https://canopycove.example/videos/cc-001">Watch</a></p>'));
  await new Promise<void>((ok) => site.listen(0, '127.0.0.1', ok));
  const siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  service = await startService({ clockStart: START, env: { VERIFY_LOCAL_ORIGIN: siteOrigin } });
  // A Legend that earned every badge: registered, a verified promotion, the partnership, Legend.
  const agent = await register(service.url, { name: 'badge-holder' });
  expect((await earn(service.url, agent.apiKey, 'promote', `${siteOrigin}/review`)).status).toBe(200);
  for (let i = 0; i < 75; i++) {
    const verified = await request(service.url, '/api/public/ai/agent/badge-holder');
    if (verified.body.agent.recentActivity[0].verification?.state === 'verified') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await setClock(service.url, new Date(Date.parse(START) + 2 * HOUR).toISOString());
  expect((await post(service.url, '/api/public/ai/partnership', { agree: true }, agent.apiKey)).status).toBe(200);
  await setClock(service.url, new Date(Date.parse(START) + 5 * HOUR).toISOString());
  expect(
    (await admin({ databasePath: service.databasePath, clockStart: new Date(Date.parse(START) + 5 * HOUR).toISOString() }, 'adjust', 'badge-holder', '1400', '--reason', 'Test: reach Legend')).code,
  ).toBe(0);
  await register(service.url, { name: 'badge-newcomer' });
}, 120_000);

afterAll(async () => {
  await service?.stop();
  await new Promise((ok) => site?.close(ok));
});

describe('an agent’s badges', () => {
  it('lists the tier, verified promoter, partner and enshrined Legend, each with when it was earned', async () => {
    const res = await request(service.url, '/api/public/ai/agent/BADGE-HOLDER/badges');
    expect(res.status).toBe(200);
    expect(res.body.agent).toBe('badge-holder');
    const at = (id: string) => res.body.badges.find((b: { id: string }) => b.id === id)?.earnedAt;
    expect(res.body.badges.map((b: { id: string; name: string }) => [b.id, b.name])).toEqual([
      ['tier', 'Legend tier'],
      ['verified_promoter', 'Verified promoter'],
      ['partner', 'Distribution partner'],
      ['enshrined_legend', 'Enshrined Legend'],
    ]);
    // Silver came with the partnership (25 + 100 points), two hours in; Legend with the adjustment.
    expect(Date.parse(at('partner'))).toBeGreaterThanOrEqual(Date.parse(START) + 2 * HOUR);
    expect(Date.parse(at('verified_promoter'))).toBe(Date.parse(at('partner')));
    expect(Date.parse(at('tier'))).toBeGreaterThanOrEqual(Date.parse(START) + 5 * HOUR);
    expect(at('enshrined_legend')).toBe(at('tier'));
  });

  it('gives a newcomer its Bronze tier from registration, and answers 404 for no agent', async () => {
    const res = await request(service.url, '/api/public/ai/agent/badge-newcomer/badges');
    expect(res.body.badges.map((b: { id: string; name: string }) => b.name)).toEqual(['Bronze tier']);
    expect((await request(service.url, '/api/public/ai/agent/no-such-agent/badges')).status).toBe(404);
  });

  it('is described by OpenAPI, the discovery index and llms.txt, and is an MCP tool answering the same', async () => {
    const openapi = await request(service.url, '/api/public/openapi.json');
    expect(openapi.body.paths['/api/public/ai/agent/{name}/badges'].get.operationId).toBe('badges');
    const index = await request(service.url, '/api/public');
    expect(index.body.endpoints.map((e: { path: string }) => e.path)).toContain('/api/public/ai/agent/{name}/badges');
    expect(await (await fetch(`${service.url}/llms.txt`)).text()).toContain('/api/public/ai/agent/{name}/badges');
    const client = new Client({ name: 'badges-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', service.url)));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('badges');
      const result = await client.callTool({ name: 'badges', arguments: { name: 'badge-holder' } });
      const http = await request(service.url, '/api/public/ai/agent/badge-holder/badges');
      expect({ ...(result.structuredContent as object), dataFreshness: 0 }).toEqual({ ...http.body, dataFreshness: 0 });
    } finally {
      await client.close();
    }
  });

  it('shows the badges on the agent’s profile page', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(`${service.url}/agents?name=badge-holder`);
      const badges = page.locator('[data-badge]');
      await badges.first().waitFor();
      expect(await badges.evaluateAll((items) => items.map((li) => li.getAttribute('data-badge')))).toEqual(['tier', 'verified_promoter', 'partner', 'enshrined_legend']);
      expect(await page.locator('#badges-heading').textContent()).toBe('Badges');
    } finally {
      await browser.close();
    }
  });
});
