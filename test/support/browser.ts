/**
 * Headless Chromium for the end-to-end page tests: Debian's /usr/bin/chromium driven by
 * playwright-core (never a browser download), with every page watched for console errors,
 * uncaught exceptions and any request to a host other than the test server.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const AXE_PATH = resolve('node_modules/axe-core/axe.min.js');
export const SCREENSHOT_DIR = resolve('test-artifacts/screenshots');

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof viewports;
export interface Size {
  width: number;
  height: number;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
  });
}

export interface WatchedPage {
  page: Page;
  response: Response | null;
  /** Console errors and uncaught exceptions. */
  errors: string[];
  /** URLs of requests to any host other than the test server. */
  foreign: string[];
}

/** Opens `path` in a fresh page and records what must never happen on it. */
export async function openWatched(context: BrowserContext, baseUrl: string, path: string): Promise<WatchedPage> {
  const page = await context.newPage();
  const host = new URL(baseUrl).host;
  const errors: string[] = [];
  const foreign: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:' || url.protocol === 'about:') return;
    if (url.host !== host) foreign.push(req.url());
  });
  const response = await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
  return { page, response, errors, foreign };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/** Runs axe-core in the page and returns the violations of serious or critical impact. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export async function screenshot(page: Page, name: string, viewport: ViewportName | Size): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const { width, height } = typeof viewport === 'string' ? viewports[viewport] : viewport;
  const path = `${SCREENSHOT_DIR}/${name}-${width}x${height}.png`;
  // Lazy images below the fold would show as blanks in a full-page capture.
  await page.evaluate(() => {
    for (const img of document.querySelectorAll('img[loading="lazy"]')) (img as HTMLImageElement).loading = 'eager';
  });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * The layout shift a page has had so far (every shift without recent input, summed: at least the
 * cumulative layout shift Chromium reports), read from the buffered `layout-shift` entries.
 */
export async function layoutShift(page: Page): Promise<{ total: number; sources: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ total: number; sources: string[] }>((resolve) => {
        let total = 0;
        const sources: string[] = [];
        interface Shift extends PerformanceEntry {
          value: number;
          hadRecentInput: boolean;
          sources: Array<{ node?: Node | null }>;
        }
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            if (entry.hadRecentInput) continue;
            total += entry.value;
            sources.push(
              `${entry.value.toFixed(3)}: ${entry.sources.map((s) => (s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node?.nodeName))).join(', ')}`,
            );
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve({ total, sources }), 100);
      }),
  );
}
