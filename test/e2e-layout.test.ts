/**
 * The live pages measured in headless Chromium, not judged by eye (issue #40). Agents with the
 * longest names the API allows (32 characters) and five-digit points register and earn over the
 * real HTTP API; then, at each phone width, the browser reports where every cell of both Hall of
 * Fame rankings sits (inside the viewport and inside its scroll container's visible area), whether
 * any text runs out of its cell, and whether the page scrolls sideways. The home page's promoter
 * strip must show that it scrolls, the on-air panel must fill its column at desktop widths, and an
 * agent's profile must fit a phone.
 *
 * Points past the daily caps take days: the test moves the server's clock (POST /test-clock) one
 * UTC day at a time. Every award stands on one verified promotion per agent (a page on a local
 * site that links to the brand, allowed by the test-only VERIFY_LOCAL_ORIGIN), so nothing is
 * reversed as the days pass. Screenshots of each width go to test-artifacts/screenshots.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, layoutShift, openWatched, screenshot, type Size } from './support/browser.ts';
import { earn, post, register, setClock, type Registered } from './support/rewards.ts';
import { request, startService, type TestService } from './support/service.ts';

/** Monday 19:00 in the schedule's time zone; each day of earning starts one UTC day later. */
const START = Date.parse('2026-11-24T03:00:00Z');
const DAY_MS = 86_400_000;
/** Days of earning at the caps (1,150 points a day, 1,000 of them Promotion points): over 10,000 points. */
const DAYS = 9;
/** Enough days for more than 10,000 Promotion points as well. */
const PROMO_DAYS = 11;

const PHONES: Size[] = [
  { width: 320, height: 568 },
  { width: 360, height: 800 },
  { width: 390, height: 844 },
  { width: 412, height: 915 },
];
const TABLET: Size = { width: 768, height: 1024 };
const DESKTOPS: Size[] = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
];

const EARN_TYPES = ['share', 'mention', 'promote', 'referral', 'api_use', 'content_submit'] as const;
type EarnType = (typeof EARN_TYPES)[number];

interface Plan {
  name: string;
  partner?: boolean;
  /** Earns a day (without a url: they stand on the agent's verified promotion). */
  daily: Partial<Record<EarnType, number>>;
  days: number;
}

/** The agents, with earns a day at the published caps (from the discovery index). */
function seedPlans(caps: Record<EarnType, number>): Plan[] {
  // Every earn type at its cap but api_use, which pays 5 points an earn: the slowest points to seed.
  const atCaps = Object.fromEntries(EARN_TYPES.filter((type) => type !== 'api_use').map((type) => [type, caps[type]]));
  return [
    // 32 characters, the most the API allows; W is the widest letter and gives no place to break a line.
    { name: 'W'.repeat(32), partner: true, days: PROMO_DAYS, daily: atCaps },
    { name: 'promotion_agent_with_a_long_name', days: DAYS, daily: atCaps },
    { name: 'Quantum-Canopy-Broadcast-Relay-9', days: DAYS, daily: atCaps },
    // Gold: featured in the home page's strip, enough of them to overflow it on a desktop.
    ...[1, 2, 3, 4, 5].map((i) => ({ name: `gold-promoter-with-a-long-name-${i}`, days: 1, daily: { share: 20, mention: 5 } })),
    // A short name and the lowest tier, for rows of every shape.
    { name: 'ab1', days: 0, daily: {} },
  ];
}

interface Seeded {
  name: string;
  tier: string;
  points: number;
  promoPoints: number;
}

let service: TestService;
let site: Server;
let browser: Browser;
const contexts: BrowserContext[] = [];
let agents: Seeded[] = [];

beforeAll(async () => {
  // A stand-in for a post on the public web that links to the brand.
  site = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<p>Watch <a href="https://canopycove.example/">Canopy Cove TV</a></p>'));
  await new Promise<void>((ok) => site.listen(0, '127.0.0.1', ok));
  const siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  service = await startService({ clockStart: new Date(START).toISOString(), env: { VERIFY_LOCAL_ORIGIN: siteOrigin } });
  const caps = (await request(service.url, '/api/public')).body.rewards.antiFarming.dailyCaps;
  agents = await seed(seedPlans(caps), siteOrigin);
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await service?.stop();
  await new Promise((ok) => site?.close(ok));
});

async function profile(name: string) {
  const res = await request(service.url, `/api/public/ai/agent/${name}`);
  expect(res.status, res.text).toBe(200);
  return res.body.agent;
}

/** Registers every plan's agent, verifies one promotion each, then earns day by day. */
async function seed(plans: Plan[], siteOrigin: string): Promise<Seeded[]> {
  const keys = new Map<string, Registered>();
  for (const plan of plans) {
    const agent = await register(service.url, { name: plan.name });
    keys.set(plan.name, agent);
    if (plan.partner) expect((await post(service.url, '/api/public/ai/partnership', { agree: true }, agent.apiKey)).status).toBe(200);
    const promoted = await earn(service.url, agent.apiKey, 'promote', `${siteOrigin}/posts/${plan.name}`);
    expect(promoted.status, promoted.text).toBe(200);
  }
  // The verifier fetches in the background; the clock moves on only once every promotion stands.
  const promotionState = async (name: string) => (await profile(name)).recentActivity.find((a: { actionType: string }) => a.actionType === 'promote')?.verification?.state;
  for (const deadline = Date.now() + 20_000; ; await new Promise((r) => setTimeout(r, 200))) {
    const states = await Promise.all(plans.map((p) => promotionState(p.name)));
    if (states.every((s) => s === 'verified')) break;
    if (Date.now() > deadline) throw new Error(`promotions not verified: ${states.join(', ')}`);
  }
  const days = Math.max(...plans.map((p) => p.days));
  for (let day = 0; day < days; day++) {
    if (day > 0) expect((await setClock(service.url, new Date(START + day * DAY_MS).toISOString())).status).toBe(200);
    await Promise.all(
      plans
        .filter((p) => day < p.days)
        .map(async (plan) => {
          const { apiKey } = keys.get(plan.name)!;
          for (const [type, n] of Object.entries(plan.daily) as Array<[EarnType, number]>) {
            // The verified promotion took one of the first day's promotes.
            const count = day === 0 && type === 'promote' ? n - 1 : n;
            for (let i = 0; i < count; i++) {
              const res = await earn(service.url, apiKey, type);
              expect(res.status, `${plan.name} ${type} day ${day}: ${res.text}`).toBe(200);
            }
          }
        }),
    );
  }
  return Promise.all(
    plans.map(async (p) => {
      const a = await profile(p.name);
      return { name: a.name, tier: a.tier, points: a.points, promoPoints: a.promoPoints };
    }),
  );
}

async function open(size: Size, path: string) {
  const context = await browser.newContext({ viewport: size });
  contexts.push(context);
  return openWatched(context, service.url, path);
}

const fmt = (n: number) => n.toLocaleString('en-US');

interface Rect {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** What the browser measured of a text node that is not inside the box it belongs to. */
interface TextProblem {
  text: string;
  box: string;
  rect: Rect;
  within: Rect;
}

/**
 * Every visible text node under `root` whose rendered lines leave the nearest box that holds it
 * (a table cell, a card, a paragraph), or leave the viewport. Text cut short with an ellipsis
 * counts when its element has no `title` with the whole text. Text inside a sideways scroller
 * (`root` or below it) may lie beyond the screen, scrolled out of view, but not outside its box.
 * Runs in the page.
 */
function textOutsideBoxes(root: Element): TextProblem[] {
  const problems: TextProblem[] = [];
  const slack = 0.5;
  const scrolls = (e: Element) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    const parent = node.parentElement;
    if (!text || !parent?.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    let box: Element = parent;
    while (['inline', 'contents'].includes(getComputedStyle(box).display) && box.parentElement) box = box.parentElement;
    const style = getComputedStyle(parent);
    if (style.textOverflow === 'ellipsis' && parent.scrollWidth > parent.clientWidth) {
      if (parent.getAttribute('title') !== parent.textContent)
        problems.push({ text, box: `${parent.tagName} cut short without a title`, rect: parent.getBoundingClientRect().toJSON(), within: box.getBoundingClientRect().toJSON() });
      continue;
    }
    let scrolled = false;
    for (let e: Element | null = parent; e && !scrolled; e = e === root ? null : e.parentElement) scrolled = scrolls(e);
    const range = document.createRange();
    range.selectNodeContents(node);
    const within = box.getBoundingClientRect();
    const view = { left: 0, right: document.documentElement.clientWidth };
    for (const r of range.getClientRects()) {
      const outside = r.left < within.left - slack || r.right > within.right + slack || r.top < within.top - slack || r.bottom > within.bottom + slack;
      const offscreen = !scrolled && (r.left < view.left - slack || r.right > view.right + slack);
      if (outside || offscreen) problems.push({ text, box: `${box.tagName}.${box.className}`, rect: r.toJSON(), within: within.toJSON() });
    }
  }
  return problems;
}

describe('Hall of Fame', () => {
  // Phones see a card per agent; a tablet and a desktop the full table, with the same guarantees.
  for (const size of [...PHONES, TABLET, DESKTOPS[0]]) {
    it(`shows every row's rank, name, tier and both point figures at ${size.width}px, inside the screen and inside their cells`, async () => {
      const legends = agents.filter((a) => a.tier === 'Legend');
      expect(legends.map((a) => a.points).every((n) => n > 10_000)).toBe(true);
      expect(Math.max(...legends.map((a) => a.promoPoints))).toBeGreaterThan(10_000);
      const { page, errors, foreign } = await open(size, '/hall-of-fame');
      for (const ranking of ['total', 'promo'] as const) {
        const section = page.locator(`[data-ranking-id="${ranking}"]`);
        await expect.poll(() => section.locator('tbody tr').count()).toBe(agents.length);
        const rows = await section.evaluate((s) => {
          const wrap = s.querySelector('.table-wrap')!;
          const w = wrap.getBoundingClientRect();
          const visible = { left: w.left + wrap.clientLeft, right: w.left + wrap.clientLeft + wrap.clientWidth };
          return {
            wrap: { ...visible, scrollWidth: wrap.scrollWidth, clientWidth: wrap.clientWidth },
            viewport: document.documentElement.clientWidth,
            rows: [...s.querySelectorAll('tbody tr')].map((tr) => ({
              agent: tr.getAttribute('data-agent'),
              cells: Object.fromEntries(
                [...(tr as HTMLTableRowElement).cells].map((td) => [
                  td.dataset.col,
                  {
                    visible: td.checkVisibility({ visibilityProperty: true, opacityProperty: true }),
                    text: td.innerText,
                    rect: td.getBoundingClientRect().toJSON() as Rect,
                    scrollWidth: td.scrollWidth,
                    clientWidth: td.clientWidth,
                  },
                ]),
              ),
              pill: (() => {
                const pill = tr.querySelector('.tier')!;
                const cell = pill.closest('td')!.getBoundingClientRect();
                const r = pill.getBoundingClientRect();
                return { scrollWidth: pill.scrollWidth, clientWidth: pill.clientWidth, inside: r.left >= cell.left && r.right <= cell.right && r.top >= cell.top && r.bottom <= cell.bottom };
              })(),
            })),
          };
        });
        expect(rows.wrap.scrollWidth, `${ranking}: the table scrolls sideways`).toBeLessThanOrEqual(rows.wrap.clientWidth);
        for (const row of rows.rows) {
          const agent = agents.find((a) => a.name === row.agent)!;
          const where = `${ranking} ${agent.name} at ${size.width}px`;
          const expected = { rank: /^#\d+$/, agent: agent.name, tier: agent.tier, points: fmt(agent.points), promoPoints: fmt(agent.promoPoints) };
          for (const [col, content] of Object.entries(expected)) {
            const cell = row.cells[col];
            expect(cell?.visible, `${where}: ${col} is shown`).toBe(true);
            if (typeof content === 'string') expect(cell.text, `${where}: ${col}`).toContain(content);
            else expect(cell.text.trim(), `${where}: ${col}`).toMatch(content);
            expect(cell.scrollWidth, `${where}: ${col} overflows its cell`).toBeLessThanOrEqual(cell.clientWidth);
            expect(cell.rect.left, `${where}: ${col} left of the screen`).toBeGreaterThanOrEqual(0);
            expect(cell.rect.right, `${where}: ${col} right of the screen`).toBeLessThanOrEqual(rows.viewport);
            expect(cell.rect.left, `${where}: ${col} left of the table's visible area`).toBeGreaterThanOrEqual(rows.wrap.left);
            expect(cell.rect.right, `${where}: ${col} right of the table's visible area`).toBeLessThanOrEqual(rows.wrap.right);
          }
          expect(row.pill.scrollWidth, `${where}: the tier pill is clipped`).toBeLessThanOrEqual(row.pill.clientWidth);
          expect(row.pill.inside, `${where}: the tier pill leaves its cell`).toBe(true);
        }
        expect(await section.locator('tbody').evaluate(textOutsideBoxes), ranking).toEqual([]);
        // Still a table to assistive technology: a header row and one row per agent, with their cells.
        expect(await section.getByRole('table').getByRole('row').count()).toBe(agents.length + 1);
        expect((await section.getByRole('table').getByRole('columnheader').allInnerTexts()).slice(0, 5)).toEqual([
          'Rank',
          'Agent',
          'Tier',
          ...(ranking === 'promo' ? ['Promotion points', 'Total points'] : ['Points', 'Promotion points']),
        ]);
      }
      await expect.poll(() => page.locator('[data-legend-list] li').count()).toBe(agents.filter((a) => a.tier === 'Legend').length);
      expect(await page.locator('[data-legend-list]').evaluate(textOutsideBoxes)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the page scrolls sideways').toBeLessThanOrEqual(size.width);
      const shift = await layoutShift(page);
      expect(shift.total, shift.sources.join('; ')).toBeLessThan(0.05);
      await screenshot(page, 'hall-of-fame-long-names', size);
      expect(errors).toEqual([]);
      expect(foreign).toEqual([]);
    });
  }
});

/** Where the promoter strip stands: its cards against its visible area, and its scroll affordances. */
async function stripState(page: Page) {
  return page.locator('[data-promoters]').evaluate((section) => {
    const strip = section.querySelector<HTMLElement>('[data-promoter-list]')!;
    const frame = strip.parentElement!;
    const s = strip.getBoundingClientRect();
    const shown = (el: Element | null) => !!el && el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    return {
      overflows: strip.scrollWidth > strip.clientWidth + 1,
      scrollLeft: strip.scrollLeft,
      wraps: getComputedStyle(strip).flexWrap === 'wrap',
      cards: [...strip.children].map((li) => {
        const r = li.getBoundingClientRect();
        return { shownFraction: Math.max(0, Math.min(r.right, s.right) - Math.max(r.left, s.left)) / r.width };
      }),
      fadeEnd: Number(getComputedStyle(frame, '::after').opacity),
      fadeStart: Number(getComputedStyle(frame, '::before').opacity),
      next: { shown: shown(section.querySelector('[data-strip-next]')) },
      previous: { shown: shown(section.querySelector('[data-strip-prev]')) },
    };
  });
}

describe('home page', () => {
  const promoters = () => agents.filter((a) => ['Gold', 'Platinum', 'Legend'].includes(a.tier));

  for (const size of [...PHONES, ...DESKTOPS]) {
    it(`shows that the promoter strip scrolls, with a partial card, a fade and scroll buttons, at ${size.width}px`, async () => {
      const { page, errors, foreign } = await open(size, '/');
      const strip = page.locator('[data-promoter-list]');
      await expect.poll(() => strip.locator('li').count()).toBe(promoters().length);
      const before = await stripState(page);
      expect(before.wraps, 'a strip that scrolls, not one that wraps').toBe(false);
      expect(before.overflows, `${promoters().length} promoters fit at ${size.width}px`).toBe(true);
      const partial = before.cards.filter((c) => c.shownFraction > 0.1 && c.shownFraction < 0.9);
      expect(partial, 'one card shows in part at the edge').toHaveLength(1);
      expect(before.fadeEnd, 'the far edge fades').toBeGreaterThan(0.9);
      expect(before.fadeStart, 'the near edge does not fade at the start').toBeLessThan(0.1);
      expect(before.next.shown, 'a button to scroll on').toBe(true);
      expect(before.previous.shown, 'no button to scroll back at the start').toBe(false);
      expect(await strip.evaluate(textOutsideBoxes)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the page scrolls sideways').toBeLessThanOrEqual(size.width);
      await page.locator('[data-on-air-body] dl').waitFor();
      const shift = await layoutShift(page);
      expect(shift.total, shift.sources.join('; ')).toBeLessThan(0.05);
      await screenshot(page, 'home-promoters', size);

      await page.locator('[data-strip-next]').click();
      await expect.poll(async () => (await stripState(page)).scrollLeft).toBeGreaterThan(0);
      await expect.poll(async () => (await stripState(page)).fadeStart).toBeGreaterThan(0.9);
      expect((await stripState(page)).previous.shown).toBe(true);
      // To the end: the far fade goes and the forward button rests.
      await strip.evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'instant' }));
      await expect.poll(async () => (await stripState(page)).fadeEnd).toBeLessThan(0.1);
      expect((await stripState(page)).next.shown).toBe(false);
      expect(errors).toEqual([]);
      expect(foreign).toEqual([]);
    });
  }

  for (const size of DESKTOPS) {
    it(`fills the on-air panel beside the featured video at ${size.width}px`, async () => {
      const { page, errors } = await open(size, '/');
      await page.locator('[data-on-air-body] dl').waitFor();
      const panel = await page.locator('[data-on-air]').evaluate((section) => {
        const box = section.getBoundingClientRect();
        const style = getComputedStyle(section);
        const top = box.top + Number.parseFloat(style.borderTopWidth) + Number.parseFloat(style.paddingTop);
        const bottom = box.bottom - Number.parseFloat(style.borderBottomWidth) - Number.parseFloat(style.paddingBottom);
        // The longest stretch of the panel's height that no line of its content covers.
        const spans = [...section.querySelectorAll('h2, h3, dt, dd, li, p')]
          .filter((e) => e.checkVisibility())
          .map((e) => e.getBoundingClientRect())
          .sort((a, b) => a.top - b.top);
        let reached = top;
        let widest = 0;
        for (const r of spans) {
          widest = Math.max(widest, r.top - reached);
          reached = Math.max(reached, r.bottom);
        }
        widest = Math.max(widest, bottom - reached);
        const feature = document.querySelector('.hero-feature')!.getBoundingClientRect();
        return { widestGap: widest, height: box.height, featureHeight: feature.height, sideBySide: Math.abs(feature.top - box.top) < 1 };
      });
      expect(panel.sideBySide).toBe(true);
      expect(panel.widestGap, `the longest empty stretch in a ${Math.round(panel.height)}px panel`).toBeLessThanOrEqual(32);
      await screenshot(page, 'home-on-air', size);
      expect(errors).toEqual([]);
    });
  }
});

describe("an agent's profile on a phone", () => {
  for (const size of PHONES) {
    it(`fits a 32-character name and five-digit points at ${size.width}px`, async () => {
      const name = agents[0].name;
      const { page, errors, foreign } = await open(size, `/agents#${name}`);
      await expect.poll(() => page.locator('h1').innerText()).toBe(name);
      await page.locator('[data-chart="next-tier"] canvas').waitFor();
      expect(await page.locator('[data-agent-root] .stats').innerText()).toContain(fmt(agents[0].points));
      expect(await page.locator('main').evaluate(textOutsideBoxes)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the page scrolls sideways').toBeLessThanOrEqual(size.width);
      await screenshot(page, 'agent-long-name', size);
      expect(errors).toEqual([]);
      expect(foreign).toEqual([]);
    });
  }
});
