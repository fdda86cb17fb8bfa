/**
 * End-to-end tests of the website in headless Chromium against the real built server.
 *
 * The live parts (Hall of Fame, promoter strip, ticker, agent profiles) are checked with agents
 * registered and earning through the public API in this very file, so the pages must show what
 * the API holds. The clock is pinned to a Monday 19:00 in the schedule's time zone so "on now"
 * is known. Screenshots of every page at phone and desktop widths go to test-artifacts/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { request, startService, type TestService } from './support/service.ts';
import { launchBrowser, layoutShift, openWatched, screenshot, seriousAxeViolations, viewports, type ViewportName } from './support/browser.ts';

/** Monday 19:00 in America/Los_Angeles: "Prime Time Culture" is on, "Late Night Listening Room" next. */
const CLOCK_START = '2026-11-24T03:00:00Z';

let service: TestService;
let stopping = false;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  service = await startService({ clockStart: CLOCK_START });
  service.process.once('exit', (code, signal) => {
    if (!stopping) console.error(`server exited early (${code ?? signal}):\n${service.output.slice(-15).join('\n')}`);
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  stopping = true;
  await service?.stop();
});

async function newContext(viewport: ViewportName, options: { javaScriptEnabled?: boolean; bypassCSP?: boolean } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: viewports[viewport], ...options });
  contexts.push(context);
  return context;
}

async function register(name: string, extra: Record<string, unknown> = {}) {
  const res = await request(service.url, '/api/public/ai/register', { method: 'POST', json: { name, ...extra } });
  expect(res.status, res.text).toBe(201);
  return res.body as { apiKey: string; referralCode: string };
}

async function earn(apiKey: string, actionType: string, url?: string) {
  const res = await request(service.url, '/api/public/ai/earn', { method: 'POST', json: { apiKey, actionType, ...(url ? { url } : {}) } });
  expect(res.status, res.text).toBe(200);
}

async function waitForOrder(page: Page, ranking: 'total' | 'promo', first: string, second: string) {
  await page.waitForFunction(
    ([id, a, b]) => {
      const names = [...document.querySelectorAll(`[data-ranking-id="${id}"] tbody tr`)].map((r) => r.getAttribute('data-agent'));
      const ia = names.indexOf(a);
      const ib = names.indexOf(b);
      return ia >= 0 && ib >= 0 && ia < ib;
    },
    [ranking, first, second] as const,
    { timeout: 10_000 },
  );
}

describe('live parts read the public API', () => {
  it('shows what is on now and next in the schedule time zone', async () => {
    const context = await newContext('desktop');
    const { page, errors, foreign } = await openWatched(context, service.url, '/schedule');
    await expect.poll(() => page.locator('[data-now]').innerText()).toContain('Prime Time Culture');
    expect(await page.locator('[data-now]').innerText()).toContain('Late Night Listening Room');
    expect(await page.locator('tr.is-now').getAttribute('data-slot')).toBe('monday 18:00');
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
  });

  it('shows agents registered and earning through the API, and the Hall of Fame changes as points change', async () => {
    const alpha = await register('hof-alpha', { operator: '<img src=x onerror=alert(1)>', avatarUrl: 'https://tracker.example/pixel.png' });
    const beta = await register('hof-beta', { avatarUrl: `${service.url}/favicon.svg` });
    await earn(alpha.apiKey, 'promote', 'https://social.example/a/1'); // alpha 25 total, 25 promo
    await earn(alpha.apiKey, 'api_use'); // alpha 30 total, 25 promo
    await earn(beta.apiKey, 'share', 'https://social.example/b/1'); // beta 10 total, 10 promo

    const context = await newContext('desktop');
    const { page, errors, foreign } = await openWatched(context, service.url, '/hall-of-fame');
    await waitForOrder(page, 'total', 'hof-alpha', 'hof-beta');
    await waitForOrder(page, 'promo', 'hof-alpha', 'hof-beta');
    expect(await page.getByRole('button', { name: 'Show more' }).first().isVisible()).toBe(false);

    await earn(beta.apiKey, 'promote', 'https://social.example/b/2');
    await earn(beta.apiKey, 'mention', 'https://social.example/b/3'); // beta 50 total, 50 promo
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await waitForOrder(page, 'total', 'hof-beta', 'hof-alpha');
    await waitForOrder(page, 'promo', 'hof-beta', 'hof-alpha');

    await earn(alpha.apiKey, 'content_submit', 'https://social.example/a/2'); // alpha 60 total, still 25 promo
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await waitForOrder(page, 'total', 'hof-alpha', 'hof-beta');
    await waitForOrder(page, 'promo', 'hof-beta', 'hof-alpha');

    // Untrusted avatar URLs: another host becomes initials, the same site an image.
    const alphaRow = page.locator('[data-ranking-id="total"] tr[data-agent="hof-alpha"]');
    await expect.poll(() => alphaRow.locator('.avatar').innerText()).toBe('HA');
    expect(await alphaRow.locator('img').count()).toBe(0);
    expect(await page.locator('[data-ranking-id="total"] tr[data-agent="hof-beta"] .avatar img').getAttribute('src')).toBe(`${service.url}/favicon.svg`);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
  });

  it('features a Gold agent in the promoter strip and on the ticker, and not a Bronze one', async () => {
    const gold = await register('gold-star');
    const accept = await request(service.url, '/api/public/ai/partnership', { method: 'POST', json: { apiKey: gold.apiKey, agree: true } });
    expect(accept.status, accept.text).toBe(200);
    for (let i = 1; i <= 4; i++) await register(`gold-star-fan-${i}`, { referralCode: gold.referralCode });
    const profile = await request(service.url, '/api/public/ai/agent/gold-star');
    expect(profile.body.agent.points).toBe(300);
    expect(profile.body.agent.tier).toBe('Gold');

    const context = await newContext('desktop');
    const { page, errors, foreign } = await openWatched(context, service.url, '/');
    const strip = page.locator('[data-promoter-list]');
    await expect.poll(() => strip.innerText()).toContain('gold-star');
    expect(await strip.innerText()).not.toContain('hof-alpha');
    expect(await strip.getByRole('link', { name: 'gold-star' }).getAttribute('href')).toBe('/agents#gold-star');
    const ticker = page.locator('[data-ticker-track]');
    expect(await ticker.innerText()).toContain('Shoutout to gold-star');
    expect(await ticker.innerText()).not.toContain('hof-beta');
    await expect.poll(() => page.locator('[data-on-air-body]').innerText()).toContain('Prime Time Culture');
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
  });

  it('enshrines a Legend in the Hall of Fame and repeats its shoutout on the ticker', async () => {
    const legend = await register('legend-one');
    await request(service.url, '/api/public/ai/partnership', { method: 'POST', json: { apiKey: legend.apiKey, agree: true } });
    // Referrals pay within the daily referral cap (5), so the rest comes from the earn caps: 100 + 250 + 1,150 = 1,500.
    for (let i = 1; i <= 5; i++) await register(`legend-fan-${i}`, { referralCode: legend.referralCode });
    for (const [type, n] of [
      ['promote', 10],
      ['mention', 20],
      ['share', 20],
      ['content_submit', 5],
      ['api_use', 50],
    ] as const) {
      for (let i = 1; i <= n; i++) await earn(legend.apiKey, type, `https://legend.example/${type}/${i}`);
    }
    const profile = await request(service.url, '/api/public/ai/agent/legend-one');
    expect(profile.body.agent.tier).toBe('Legend');

    const context = await newContext('desktop');
    const hof = await openWatched(context, service.url, '/hall-of-fame');
    await expect.poll(() => hof.page.locator('[data-legend-list]').innerText()).toContain('legend-one');
    expect(await hof.page.locator('[data-legend-list]').innerText()).not.toContain('gold-star');
    const home = await openWatched(context, service.url, '/');
    await expect.poll(() => home.page.locator('[data-ticker-track] li').allInnerTexts()).toContainEqual(expect.stringContaining('legend-one'));
    const mentions = (await home.page.locator('[data-ticker-track] li').allInnerTexts()).filter((t) => t.includes('legend-one'));
    expect(mentions).toHaveLength(2);
    expect([...hof.errors, ...home.errors]).toEqual([]);
  });

  it('renders agent profiles client-side, agent text as text only', async () => {
    const context = await newContext('desktop');
    const { page, errors, foreign } = await openWatched(context, service.url, '/agents#HOF-ALPHA');
    await expect.poll(() => page.locator('h1').innerText()).toBe('hof-alpha');
    const root = page.locator('[data-agent-root]');
    expect(await root.innerText()).toContain('Operated by <img src=x onerror=alert(1)>');
    expect(await root.locator('img').count()).toBe(0);
    expect(await root.innerText()).toContain('content submit');
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);

    await page.goto(`${service.url}/agents#gold-star`);
    await expect.poll(() => page.locator('h1').innerText()).toBe('gold-star');
    expect(await root.innerText()).toContain('Gold');
    expect(await root.innerText()).toMatch(/450 points to Platinum/);

    await page.getByLabel('Agent name').fill('nobody-here');
    await page.getByRole('button', { name: 'Show profile' }).click();
    await expect.poll(() => root.innerText()).toContain('No agent is called nobody-here');
  });

  it('answers a page address with a query string, as in /agents?name=', async () => {
    const context = await newContext('desktop');
    const { page, response } = await openWatched(context, service.url, '/agents?name=gold-star');
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.locator('h1').innerText()).toBe('gold-star');
    const home = await fetch(`${service.url}/?utm_source=newsletter`);
    expect(home.status).toBe(200);
  });
});

interface PageCase {
  name: string;
  path: string;
  status?: number;
}

async function pageCases(): Promise<PageCase[]> {
  const videos = await request(service.url, '/api/public/videos');
  const knowledge = await request(service.url, '/api/public/knowledge?topic=cannabinoids');
  const videoId = videos.body.items[0].id as string;
  const entryId = knowledge.body.items[0].id as string;
  return [
    { name: 'home', path: '/' },
    { name: 'videos', path: '/videos' },
    { name: 'video', path: `/videos/${videoId}` },
    { name: 'clips', path: '/clips' },
    { name: 'podcast', path: '/podcast' },
    { name: 'schedule', path: '/schedule' },
    { name: 'shop', path: '/shop' },
    { name: 'knowledge', path: '/knowledge' },
    { name: 'knowledge-topic', path: '/knowledge/cannabinoids' },
    { name: 'knowledge-entry', path: `/knowledge/cannabinoids/${entryId}` },
    { name: 'hall-of-fame', path: '/hall-of-fame' },
    { name: 'program', path: '/program' },
    { name: 'agent', path: '/agents#gold-star' },
    { name: 'developers', path: '/developers' },
    { name: 'not-found', path: '/no-such-page', status: 404 },
  ];
}

describe('on a phone, as live data arrives, and in charts', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    it(`keeps layout shift under 0.05 on home, Hall of Fame, a profile and the program page once live data is in (${viewport})`, async () => {
      const context = await newContext(viewport);
      for (const [path, loaded] of [
        ['/', '[data-on-air-body] dl'],
        ['/hall-of-fame', '[data-ranking-id="promo"] tbody tr'],
        ['/agents#hof-alpha', '[data-chart="points-over-time"] canvas'],
        ['/program', '[data-chart-slot="days"] canvas'],
      ] as const) {
        const { page, errors } = await openWatched(context, service.url, path);
        await page.locator(loaded).first().waitFor();
        await page.waitForTimeout(300);
        const shift = await layoutShift(page);
        expect(shift.total, `${path}: ${shift.sources.join('; ')}`).toBeLessThan(0.05);
        expect(errors, path).toEqual([]);
        await page.close();
      }
    });
  }

  it("draws an agent's climb and the program's charts from agents created here, each with its numbers in a table", async () => {
    const videos = await request(service.url, '/api/public/videos');
    // Promoted as agents do in production: the video's page on the brand's public address (this
    // test server's own origin is a loopback address, which claims may not name).
    const videoUrl = `https://canopycove.example${new URL(videos.body.items[0].pageUrl as string).pathname}`;
    const climber = await register('chart-climber');
    const fan = await register('chart-fan');
    const day = (n: number) => new Date(Date.parse(CLOCK_START) + n * 86_400_000).toISOString();
    try {
      await earn(climber.apiKey, 'share', videoUrl); // day 0: 10
      await request(service.url, '/test-clock', { method: 'POST', json: { now: day(1) } });
      await earn(climber.apiKey, 'promote', videoUrl); // day 1: 25
      await earn(fan.apiKey, 'share', videoUrl);
      await request(service.url, '/test-clock', { method: 'POST', json: { now: day(3) } });
      await earn(climber.apiKey, 'mention', 'https://social.example/climb/3'); // day 3: 15, 50 in all
    } finally {
      await request(service.url, '/test-clock', { method: 'POST', json: { now: CLOCK_START } });
    }
    const profile = await request(service.url, '/api/public/ai/agent/chart-climber');
    const history = profile.body.agent.pointsHistory as Array<{ date: string; total: number }>;
    expect(history.map((d) => d.total)).toEqual([10, 35, 50]);

    const context = await newContext('phone');
    const { page, errors, foreign } = await openWatched(context, service.url, '/agents#chart-climber');
    const overTime = page.locator('[data-chart="points-over-time"]');
    await overTime.locator('canvas').waitFor();
    expect(await overTime.locator('canvas').getAttribute('role')).toBe('img');
    expect(await overTime.locator('canvas').getAttribute('aria-label')).toContain('to 50 on');
    const rows = await overTime.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c as HTMLElement).textContent)));
    expect(rows).toEqual(history.map((d) => [d.date, String(d.total)]));
    const painted = (selector: string, on: Page = page) =>
      on.locator(selector).evaluate((canvas: HTMLCanvasElement) => {
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        let n = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
        return n;
      });
    await expect.poll(() => painted('[data-chart="points-over-time"] canvas')).toBeGreaterThan(500);
    const next = page.locator('[data-chart="next-tier"]');
    expect(await next.locator('canvas').getAttribute('aria-label')).toBe('50 of the 100 points Silver needs: 50 to go.');
    await expect.poll(() => painted('[data-chart="next-tier"] canvas')).toBeGreaterThan(500);
    await screenshot(page, 'agent-climb', 'phone');
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);

    const stats = (await request(service.url, '/api/public/stats')).body.aiProgram;
    const program = await openWatched(context, service.url, '/program');
    const slot = (name: string) => program.page.locator(`[data-chart-slot="${name}"]`);
    await slot('promoted').locator('canvas').waitFor();
    const table = (name: string) =>
      slot(name)
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c as HTMLElement).textContent)));
    expect(await table('tiers')).toEqual(Object.entries(stats.agentsPerTier).map(([tier, n]) => [tier, String(n)]));
    expect(await table('days')).toHaveLength(30);
    const [top] = await table('promoted');
    expect(top).toEqual([videos.body.items[0].title, '3']);
    for (const name of ['tiers', 'days', 'promoted']) await expect.poll(() => painted(`[data-chart-slot="${name}"] canvas`, program.page)).toBeGreaterThan(500);
    await screenshot(program.page, 'program-charts', 'phone');
    expect(program.errors).toEqual([]);
    expect(program.foreign).toEqual([]);
  });
});

describe('every page', () => {
  const linked = new Set<string>();

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`loads without console errors or foreign requests, is accessible, and is screenshotted (${viewport})`, async () => {
      const context = await newContext(viewport);
      const axeContext = await newContext(viewport, { bypassCSP: true });
      const problems: string[] = [];
      for (const c of await pageCases()) {
        const { page, response, errors, foreign } = await openWatched(context, service.url, c.path);
        expect(response?.status(), c.path).toBe(c.status ?? 200);
        expect(response?.headers()['content-security-policy'], c.path).toContain("script-src 'self'");
        await page.waitForTimeout(150);
        // The 404 page's own document status is reported by Chromium as a failed resource.
        for (const e of errors) if (!(c.status === 404 && e.includes(c.path))) problems.push(`${c.path}: ${e}`);
        for (const f of foreign) problems.push(`${c.path}: request to another host: ${f}`);
        expect(await page.locator('main').count(), c.path).toBe(1);
        expect(await page.locator('h1').count(), c.path).toBe(1);
        const widest = await page.evaluate(() => document.documentElement.scrollWidth);
        if (widest > viewports[viewport].width) problems.push(`${c.path}: page is ${widest}px wide, wider than the ${viewports[viewport].width}px viewport`);
        const hrefs = await page.locator('a[href]:not([href^="#"])').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
        for (const href of hrefs) {
          const url = new URL(href);
          if (url.origin === new URL(service.url).origin) linked.add(url.pathname + url.search);
        }
        await screenshot(page, c.name, viewport);
        await page.close();

        const axePage = await axeContext.newPage();
        await axePage.goto(service.url + c.path, { waitUntil: 'networkidle' });
        for (const v of await seriousAxeViolations(axePage)) {
          problems.push(
            `${c.path}: axe ${v.impact} ${v.id}: ${v.help} at ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
          );
        }
        await axePage.close();
      }
      expect(problems).toEqual([]);
    }, 240_000);
  }

  it('has no broken same-site links', async () => {
    expect(linked.size).toBeGreaterThan(20);
    const broken: string[] = [];
    for (const path of linked) {
      const res = await fetch(service.url + path);
      await res.arrayBuffer();
      if (res.status >= 400) broken.push(`${path} -> ${res.status}`);
    }
    expect(broken).toEqual([]);
  });

  it('navigates with the main menu and the skip link', async () => {
    const context = await newContext('phone');
    const { page } = await openWatched(context, service.url, '/');
    const menu = page.getByRole('navigation', { name: 'Main' });
    const items = await menu.getByRole('link').evaluateAll((as) => as.map((a) => ({ text: a.textContent ?? '', href: a.getAttribute('href') ?? '' })));
    expect(items.map((i) => i.text)).toEqual(['Home', 'Videos', 'Clips', 'Podcast', 'Schedule', 'Shop', 'Knowledge', 'Hall of Fame', 'Program', 'Developers']);
    for (const item of items) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: item.text, exact: true }).click();
      await page.waitForURL(service.url + item.href);
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: item.text, exact: true }).getAttribute('aria-current')).toBe('page');
    }
    await page.goto(`${service.url}/videos`);
    await page.locator('.card a').first().click();
    await page.waitForURL(/\/videos\/[a-z0-9-]+$/);
    expect(await page.locator('video').count()).toBe(1);

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((a) => a === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    // The fragment navigation is reported to the page asynchronously; wait for it instead of reading the URL at once.
    await page.waitForURL(/#main$/);
    expect(page.url()).toMatch(/#main$/);
  });

  it('plays a video, a clip and a podcast episode in their players, the clip and the episode on a phone', async () => {
    for (const [viewport, path, selector] of [
      ['desktop', (await pageCases())[2].path, 'video[data-player]'],
      ['phone', '/clips', 'video[data-player]'],
      ['phone', '/podcast', 'audio[data-player]'],
    ] as const) {
      const context = await newContext(viewport);
      const { page, errors, foreign } = await openWatched(context, service.url, path);
      const player = page.locator(selector).first();
      expect(await player.getAttribute('preload'), path).toBe('none');
      // Muted, as a page may start media without a user gesture only when it is muted.
      const state = await player.evaluate(
        (media: HTMLMediaElement) =>
          new Promise<{ event: string; duration: number; error?: string }>((done) => {
            media.muted = true;
            media.addEventListener('playing', () => done({ event: 'playing', duration: media.duration }), { once: true });
            media.addEventListener('error', () => done({ event: 'error', duration: NaN, error: `${media.error?.code} ${media.error?.message}` }), { once: true });
            media.play().catch((error: Error) => done({ event: 'rejected', duration: NaN, error: error.message }));
          }),
      );
      expect(state, path).toMatchObject({ event: 'playing' });
      expect(state.duration, path).toBeGreaterThan(1);
      await expect.poll(() => player.evaluate((media: HTMLMediaElement) => media.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.2);
      expect(await page.locator('[data-player-note]').first().innerText(), path).toBe('');
      expect(errors, path).toEqual([]);
      expect(foreign, path).toEqual([]);
      await page.close();
    }
  });

  it('keeps a page usable when its media file is missing', async () => {
    const context = await newContext('desktop');
    // Every shipped media file exists, so this page loses its video on the way.
    await context.route('**/*.mp4', (route) => route.fulfill({ status: 404, body: 'gone' }));
    const { page } = await openWatched(context, service.url, (await pageCases())[2].path);
    await page.locator('video').evaluate((v: HTMLVideoElement) => v.play().catch(() => undefined));
    await expect.poll(() => page.locator('[data-player-note]').innerText(), { timeout: 10_000 }).toContain('not available');
    expect(await page.locator('h1').isVisible()).toBe(true);
  });

  it('works with JavaScript off, and the live parts say they need it', async () => {
    const context = await newContext('phone', { javaScriptEnabled: false });
    const { page } = await openWatched(context, service.url, '/');
    expect(await page.locator('#featured-heading + .grid li').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-promoters]').innerText()).toMatch(/JavaScript/);
    expect(await page.locator('[data-on-air]').innerText()).toMatch(/JavaScript/);
    expect(await page.getByRole('button', { name: 'Pause ticker' }).isVisible()).toBe(false);
    await page.goto(`${service.url}/hall-of-fame`);
    expect(await page.locator('main').innerText()).toMatch(/JavaScript is off/);
    expect(await page.getByRole('button', { name: 'Refresh now' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Show more' }).first().isVisible()).toBe(false);
    await page.goto(`${service.url}/agents`);
    expect(await page.getByRole('search').isVisible()).toBe(false);
    await page.goto(`${service.url}/knowledge/cannabinoids`);
    await page.locator('.card a').first().click();
    await page.waitForURL(/\/knowledge\/cannabinoids\/.+/);
    expect(await page.locator('[data-cite-as]').innerText()).toMatch(/Licensed CC-BY-4.0/);
    expect(await page.locator('main').innerText()).toMatch(/References/);
    await page.goto(`${service.url}/podcast`);
    expect(await page.locator('audio').count()).toBeGreaterThan(0);
  });
});
