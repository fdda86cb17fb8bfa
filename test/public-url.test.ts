/**
 * PUBLIC_URL: every absolute URL the service shows comes from one public origin. Checked two
 * ways, on the same list of answers: a build made with PUBLIC_URL=https://tv.example.org and
 * served without it, and this checkout's build (made for http://localhost:4321) served with it.
 * Either way the cards, OpenAPI `servers`, Location, the feeds, llms.txt, the discovery index,
 * problem types, knowledge permalinks, media and the concierge's sources name that origin and
 * no other of ours: not the build's, not the loopback address the server listens on, not the
 * brand's production address. About a minute and a half, most of it the copy's build.
 */
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyRepository, type RepositoryCopy } from '../scripts/lib/repo-copy.ts';
import { startService, type TestService } from './support/service.ts';

const PUBLIC_URL = 'https://tv.example.org';
/** Origins of ours that must not show: the build's default, loopback, the brand's production address. */
const OTHERS = /https?:\/\/(localhost|127\.0\.0\.1|\[::1\]|canopycove\.example)\b/;

const GETS = [
  '/.well-known/agent-card.json',
  '/.well-known/mcp/server-card',
  '/api/public/openapi.json',
  '/api/public',
  '/api/public/videos',
  '/api/public/videos?limit=3',
  '/api/public/videos/cc-001',
  '/api/public/podcast',
  '/api/public/clips',
  '/api/public/knowledge/terpenes/limonene',
  '/api/public/schedule',
  '/api/public/ai/message',
  '/api/concierge-chat',
  '/feeds/videos.xml',
  '/feeds/podcast.xml',
  '/feeds/videos.json',
  '/llms.txt',
  '/developers',
];

/** Every answer the list asks for, and the ones a write and a question give, as text. */
async function answers(service: TestService): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const path of GETS) {
    const res = await fetch(service.url + path);
    expect(res.status, path).toBe(200);
    texts[path] = await res.text();
  }
  const registered = await fetch(`${service.url}/api/public/ai/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'origin-check' }) });
  expect(registered.status).toBe(201);
  texts.Location = registered.headers.get('location') ?? '';
  const asked = await fetch(`${service.url}/api/concierge-chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'where is the podcast feed?' }) });
  texts['concierge answer'] = await asked.text();
  texts['problem type'] = await (await fetch(`${service.url}/api/public/nope`)).text();
  return texts;
}

function expectOnlyPublicUrl(texts: Record<string, string>) {
  for (const [what, text] of Object.entries(texts)) expect(OTHERS.exec(text)?.[0], `${what} names another origin of ours`).toBeUndefined();
  expect(texts.Location).toBe(`${PUBLIC_URL}/api/public/ai/agent/origin-check`);
  expect(JSON.parse(texts['/api/public/openapi.json']).servers).toEqual([{ url: PUBLIC_URL }]);
  expect(JSON.parse(texts['/.well-known/agent-card.json']).url).toBe(`${PUBLIC_URL}/a2a`);
  expect(JSON.parse(texts['/.well-known/mcp/server-card']).remotes[0].url).toBe(`${PUBLIC_URL}/mcp`);
  expect(JSON.parse(texts['/api/public']).baseUrl).toBe(PUBLIC_URL);
  expect(JSON.parse(texts['/api/public/videos/cc-001']).video.playbackUrl).toMatch(new RegExp(`^${PUBLIC_URL}/media/`));
  expect(JSON.parse(texts['/api/public/knowledge/terpenes/limonene']).entry.citeAs).toContain(`${PUBLIC_URL}/api/public/knowledge/terpenes/limonene`);
  expect(JSON.parse(texts['problem type']).type).toBe(`${PUBLIC_URL}/problems/not-found`);
  expect(texts['/feeds/videos.xml']).toContain(`<atom:link href="${PUBLIC_URL}/feeds/videos.xml"`);
  expect(texts['/llms.txt']).toContain(`${PUBLIC_URL}/api/public/openapi.json`);
  expect(JSON.parse(texts['concierge answer']).sources.map((s: { url: string }) => s.url)).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^${PUBLIC_URL}/`))]));
  // Every page of ours that a body links names this origin.
  const ours = Object.values(texts)
    .join('\n')
    .match(/https:\/\/tv\.example\.org\/[^\s"'<)]*/g);
  expect(ours?.length).toBeGreaterThan(100);
}

describe('PUBLIC_URL given at run time to a build made for another origin', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService({ env: { PUBLIC_URL } });
  });
  afterAll(() => service?.stop());

  it('advertises only that origin, in the pre-rendered files too', async () => {
    expectOnlyPublicUrl(await answers(service));
  });
});

describe('a build made with PUBLIC_URL, served without it', () => {
  let copy: RepositoryCopy;
  let service: TestService;
  beforeAll(async () => {
    copy = copyRepository(process.cwd(), 'canopy-public-url-');
    // The copy builds as npm would run it, not as a test: no test mode leaks into Astro's build.
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST')));
    await new Promise<void>((resolve, reject) =>
      execFile('npm', ['run', 'build'], { cwd: copy.dir, env: { ...env, PUBLIC_URL }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
        error ? reject(new Error(`the build failed:\n${stdout}\n${stderr}`)) : resolve(),
      ),
    );
    service = await startService({ cwd: copy.dir });
  }, 600_000);
  afterAll(async () => {
    await service?.stop();
    copy?.remove();
  });

  it('advertises only that origin, wherever it listens', async () => {
    expectOnlyPublicUrl(await answers(service));
  });
});
