/**
 * Security headers. Every response gets nosniff and a Referrer-Policy (create-server.ts); HTML gets
 * a Content-Security-Policy that allows only our own scripts. An inline script is allowed only by
 * its hash: pre-rendered pages are scanned once at start and each page's executable inline
 * scripts are hashed into that page's policy, so a page that ships one keeps working and an
 * injected one does not run.
 */
import { createHash } from 'node:crypto';

/** On every response, whatever its type (the edge configuration writes the same lines). */
export const EVERY_RESPONSE_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
];

const directives = (scriptSrc: string) =>
  [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "media-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

export const BASE_CSP = directives("'self'");

/** Script types a browser executes; JSON-LD and other data blocks are not scripts to CSP. */
const EXECUTABLE = /^(|text\/javascript|application\/javascript|module)$/i;
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** The policy for one HTML document: BASE_CSP plus the hash of each inline executable script. */
export function cspForHtml(html: string): string {
  const hashes = new Set<string>();
  for (const [, attrs, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attrs)?.[1] ?? '';
    if (!EXECUTABLE.test(type)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes.size ? directives(["'self'", ...hashes].join(' ')) : BASE_CSP;
}

export function isHtml(contentType: unknown): boolean {
  return /^\s*text\/html\b/i.test(String(contentType ?? ''));
}
