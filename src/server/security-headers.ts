/**
 * Security headers. Every response gets nosniff and a Referrer-Policy (create-server.ts); HTML gets
 * a Content-Security-Policy that allows only our own scripts and styles, with no 'unsafe-inline'.
 * An inline script or stylesheet is allowed only by its hash: pre-rendered pages are scanned once
 * at start and each page's executable inline scripts and `<style>` blocks (the build inlines every
 * page's CSS, so nothing blocks rendering) are hashed into that page's policy, so what a page
 * ships works and anything injected does not.
 */
import { createHash } from 'node:crypto';

/** On every response, whatever its type (the edge configuration writes the same lines). */
export const EVERY_RESPONSE_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
];

const directives = (scriptSrc: string, styleSrc: string) =>
  `default-src 'self'; script-src ${scriptSrc}; style-src ${styleSrc}; img-src 'self' data:; media-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'`;

export const BASE_CSP = directives("'self'", "'self'");

/** Script types a browser executes; JSON-LD and other data blocks are not scripts to CSP. */
const EXECUTABLE = /^(|text\/javascript|application\/javascript|module)$/i;
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;

const hashOf = (body: string) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
const sources = (hashes: Set<string>) => ["'self'", ...hashes].join(' ');

/** The policy for one HTML document: BASE_CSP plus the hash of each inline executable script and inline stylesheet. */
export function cspForHtml(html: string): string {
  const scripts = new Set<string>();
  for (const [, attrs, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attrs)?.[1] ?? '';
    if (!EXECUTABLE.test(type)) continue;
    scripts.add(hashOf(body));
  }
  const styles = new Set<string>();
  for (const [, body] of html.matchAll(INLINE_STYLE)) styles.add(hashOf(body));
  return scripts.size || styles.size ? directives(sources(scripts), sources(styles)) : BASE_CSP;
}

export function isHtml(contentType: unknown): boolean {
  return /^\s*text\/html\b/i.test(String(contentType ?? ''));
}
