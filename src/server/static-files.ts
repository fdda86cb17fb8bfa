/**
 * The pre-rendered build (dist/client): which files exist, and how each is answered.
 *
 * Only paths found in the build can be served: the lookup is a Map of the files that exist, made
 * once at start from their names and stat (no file is read then), so no request path can reach a
 * file outside dist/client. A file's bytes are read on its first request and kept in the server's
 * one response cache, with its precompressed `.br` / `.gz` siblings (scripts/postbuild.ts) and
 * their ETags; files not asked for lately leave memory when the cache is full, and are read again.
 *
 * Extension-less API paths map to the `.json` Astro wrote (`/api/public/videos` ->
 * `videos.json`); pages map to `.html` and `index.html`.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { STATIC_MAX_AGE_SECONDS } from '../http/freshness.ts';
import type { CachedResponse } from './response-cache.ts';
import { cspForHtml, isHtml } from './security-headers.ts';

const types: Record<string, string> = {
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Feeds get their registered media types rather than the generic ones of their extension. */
const typeOverrides: Record<string, string> = {
  '/feeds/videos.xml': 'application/rss+xml; charset=utf-8',
  '/feeds/podcast.xml': 'application/rss+xml; charset=utf-8',
  '/feeds/videos.json': 'application/feed+json; charset=utf-8',
};

function cacheControlFor(path: string): string {
  // Astro's hashed bundles never change under the same name.
  if (path.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  return `public, max-age=${STATIC_MAX_AGE_SECONDS}`;
}

/** A strong ETag from the bytes: the same file gives the same tag in every process and build. */
function etagOf(body: Buffer, suffix = ''): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}${suffix}"`;
}

/** A file of the build, as known from its name and stat. */
export interface Asset {
  path: string;
  file: string;
  contentType: string;
  cacheControl: string;
  lastModified: string;
}

export class StaticFiles {
  private readonly assets = new Map<string, Asset>();

  constructor(readonly root: string) {
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
      const file = join(entry.parentPath, entry.name);
      const path = '/' + relative(root, file).split(sep).join('/');
      const contentType = typeOverrides[path] ?? types[extname(file)] ?? 'application/octet-stream';
      this.assets.set(path, { path, file, contentType, cacheControl: cacheControlFor(path), lastModified: statSync(file).mtime.toUTCString() });
    }
  }

  get size(): number {
    return this.assets.size;
  }

  /** The asset a request path names, trying the extensions our build produces. */
  lookup(pathname: string): Asset | undefined {
    const clean = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
    return (
      this.assets.get(clean) ??
      this.assets.get(`${clean}.json`) ??
      this.assets.get(`${clean}.html`) ??
      this.assets.get(`${clean === '/' ? '' : clean}/index.html`)
    );
  }

  /**
   * The asset's answer as the response cache keeps it: its bytes and siblings read from disk, each
   * with its ETag (a variant's differs from the identity one: it is another representation), and
   * an HTML page's Content-Security-Policy with the hashes of its inline scripts.
   */
  load(asset: Asset): CachedResponse {
    const identity = readFileSync(asset.file);
    const headers: Array<[string, string]> = [
      ['Content-Type', asset.contentType],
      ['Cache-Control', asset.cacheControl],
      ['Last-Modified', asset.lastModified],
    ];
    if (isHtml(asset.contentType)) headers.push(['Content-Security-Policy', cspForHtml(identity.toString('utf8'))]);
    const entry: CachedResponse = { status: 200, headers, scope: 'content', variants: { identity }, etags: { identity: etagOf(identity) }, lastModified: asset.lastModified };
    for (const [encoding, ext] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      if (!existsSync(asset.file + ext)) continue;
      const body = readFileSync(asset.file + ext);
      entry.variants[encoding] = body;
      entry.etags![encoding] = etagOf(body, `-${ext.slice(1)}`);
    }
    return entry;
  }
}
