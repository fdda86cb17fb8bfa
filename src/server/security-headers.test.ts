import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BASE_CSP, cspForHtml } from './security-headers.ts';

const sha = (s: string) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;

describe('cspForHtml', () => {
  it('is the base policy for a page without inline script', () => {
    expect(cspForHtml('<html><script type="module" src="/_astro/a.js"></script><script type="application/ld+json">{"a":1}</script></html>')).toBe(BASE_CSP);
    expect(BASE_CSP).toContain("script-src 'self';");
    const scriptSrc = BASE_CSP.split('; ').find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self'");
  });

  it('adds the hash of each executable inline script, and only those', () => {
    const a = 'console.log(1)';
    const b = '\n  import "/x.js";\n';
    const csp = cspForHtml(`<script>${a}</script><script type="module">${b}</script><script type="application/json">{}</script><script>${a}</script>`);
    expect(csp).toContain(`script-src 'self' ${sha(a)} ${sha(b)};`);
    expect(csp.match(/sha256-/g)).toHaveLength(2);
    expect(csp).toContain("style-src 'self';");
  });

  it("allows a page's inline stylesheets by their hashes, and never 'unsafe-inline'", () => {
    const css = '.a{color:red}';
    const csp = cspForHtml(`<html><head><style>${css}</style><style media="print">${css}</style></head></html>`);
    expect(csp).toContain(`style-src 'self' ${sha(css)};`);
    expect(csp).toContain("script-src 'self';");
    expect(BASE_CSP).toContain("style-src 'self';");
    expect(`${csp} ${BASE_CSP}`).not.toContain('unsafe-inline');
  });
});
