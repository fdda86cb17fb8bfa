/**
 * Every pre-rendered page is valid HTML to a validator nobody on the team wrote (issue #33):
 * html-validate with its whole recommended rule set, none turned off, over the files the build
 * wrote to dist/client, exactly as the server and a CDN send them. Each page also ends at its
 * </html>: the Nu HTML Checker stops at "Stray start tag script" when anything follows it.
 *
 * `npm test` builds first; run `npm run build` before `npx vitest` on its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';

const ROOT = 'dist/client';
const pages = readdirSync(ROOT, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.html'))
  .sort();
const validator = new HtmlValidate({ extends: ['html-validate:recommended'] });

describe('pre-rendered HTML', () => {
  it('covers every kind of page the build writes', () => {
    expect(pages).toEqual(expect.arrayContaining(['index.html', '404.html', 'hall-of-fame.html', 'agents.html', 'developers.html', 'schedule.html']));
    expect(pages.filter((p) => p.startsWith('videos/')).length).toBeGreaterThan(10);
    expect(pages.filter((p) => p.startsWith('knowledge/')).length).toBeGreaterThan(10);
  });

  it('passes html-validate:recommended on every page', async () => {
    const problems: string[] = [];
    for (const page of pages) {
      const report = await validator.validateFile(join(ROOT, page));
      for (const result of report.results) {
        for (const m of result.messages) problems.push(`${page}:${m.line}:${m.column} ${m.ruleId}: ${m.message} (${m.selector ?? 'document'})`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('ends every page at </html>, with nothing after it', () => {
    const trailing = pages.filter((page) => !readFileSync(join(ROOT, page), 'utf8').trimEnd().endsWith('</html>'));
    expect(trailing).toEqual([]);
  });
});
