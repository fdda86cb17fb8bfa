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
 *
 * A server whose public origin differs from the one the build pre-rendered with (a build made for
 * port 4321 served on another, or given PUBLIC_URL at start) shows its own origin in text files:
 * the origin is replaced when a file is read, and such a file is compressed then rather than
 * taken from its precompressed siblings. It happens once per file read, never per request.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { contentType } from 'mime-types';
import { STATIC_MAX_AGE_SECONDS } from '../domain/cache-policy.ts';
import { publicOrigin } from '../public-origin.ts';
import { compress } from './compression.ts';
import type { CachedResponse } from './response-cache.ts';
import { cspForHtml, isHtml } from './security-headers.ts';

const HOST_CONFIG_FILES = new Set(['/_headers', '/_redirects']);

// One string each, shared by every asset: a 10,000-video build has some 20,000 of them.
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT_LIVED = `public, max-age=${STATIC_MAX_AGE_SECONDS}`;

function cacheControlFor(path: string): string {
  // Astro's hashed bundles never change under the same name.
  return path.startsWith('/_astro/') ? IMMUTABLE : SHORT_LIVED;
}

/** A strong ETag from the bytes: the same file gives the same tag in every process and build. */
function etagOf(body: Buffer, suffix = ''): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}${suffix}"`;
}

/** A file of the build, as known from its name and stat (its place on disk is `root` + `path`). */
export interface Asset {
  path: string;
  contentType: string;
  cacheControl: string;
  lastModified: string;
}

/** The siblings scripts/postbuild.ts writes beside a compressible file. */
const PRECOMPRESSED = [['br', '.br'] as const, ['gzip', '.gz'] as const];

/** Text the build writes absolute URLs into. */
const HAS_URLS = /^(application\/([a-z0-9.+-]+\+)?(json|xml)|text\/(html|plain))/i;

export class StaticFiles {
  private readonly byPath = new Map<string, Asset>();
  private readonly buildOrigin: string | undefined;

  /**
   * `buildOrigin`: the public origin the build pre-rendered with (build-info.json);
   * `contentTypeOf`: the media type an operation names for its file (the feeds' RSS and JSON Feed
   * types), where the file's extension would say less.
   */
  constructor(
    readonly root: string,
    options: { buildOrigin?: string; contentTypeOf?: (path: string) => string | undefined } = {},
  ) {
    this.buildOrigin = options.buildOrigin;
    // Files written in the same second share one Last-Modified string.
    const dates = new Map<number, string>();
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
      const file = join(entry.parentPath, entry.name);
      const path = `/${relative(root, file).split(sep).join('/')}`;
      // Static hosts' configuration (scripts/lib/edge/cdn-files.ts), never served by them either.
      if (HOST_CONFIG_FILES.has(path)) continue;
      const type = options.contentTypeOf?.(path) || contentType(entry.name) || 'application/octet-stream';
      const second = Math.floor(statSync(file).mtimeMs / 1000);
      let lastModified = dates.get(second);
      if (lastModified === undefined) dates.set(second, (lastModified = new Date(second * 1000).toUTCString()));
      this.byPath.set(path, { path, contentType: type, cacheControl: cacheControlFor(path), lastModified });
    }
  }

  get size(): number {
    return this.byPath.size;
  }

  /** Every file of the build, in no particular order. */
  assets(): IterableIterator<Asset> {
    return this.byPath.values();
  }

  /**
   * Every request path (without a query) that `lookup` answers with this asset: its own path, the
   * extension-less and directory forms, each also with one trailing slash. The edge configuration
   * (scripts/lib/edge/) is generated from these, so the two servers map the same paths.
   */
  requestPaths(asset: Asset): string[] {
    const bases = new Set([asset.path, asset.path.replace(/\.(json|html)$/, ''), asset.path.replace(/\/index\.html$/, '') || '/']);
    const paths: string[] = [];
    for (const base of bases) {
      for (const path of base === '/' ? [base] : [base, `${base}/`]) if (this.lookup(path) === asset) paths.push(path);
    }
    return paths;
  }

  /**
   * Whether a GET of `pathname` with a query goes to the route's on-demand twin rather than the
   * file: a query on an API path means "compute this for me" (`/api/public/videos?limit=5`).
   * Pages, feeds and files named exactly (`/agents?name=x`) have no twin: the page reads the query.
   */
  queryGoesToTwin(asset: Asset, pathname: string): boolean {
    return asset.path !== pathname && asset.path.endsWith('.json');
  }

  /** The asset a request path names, trying the extensions our build produces. */
  lookup(pathname: string): Asset | undefined {
    const clean = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
    return this.byPath.get(clean) ?? this.byPath.get(`${clean}.json`) ?? this.byPath.get(`${clean}.html`) ?? this.byPath.get(`${clean === '/' ? '' : clean}/index.html`);
  }

  /**
   * The asset's answer as the response cache keeps it: its bytes and siblings read from disk, each
   * with its ETag (a variant's differs from the identity one: it is another representation), and
   * an HTML page's Content-Security-Policy with the hashes of its inline scripts.
   */
  load(asset: Asset): CachedResponse {
    const file = join(this.root, asset.path);
    const read = readFileSync(file);
    const identity = this.withPublicOrigin(read, asset.contentType);
    const headers: Array<[string, string]> = [
      ['Content-Type', asset.contentType],
      ['Cache-Control', asset.cacheControl],
      ['Last-Modified', asset.lastModified],
    ];
    if (isHtml(asset.contentType)) headers.push(['Content-Security-Policy', cspForHtml(identity.toString('utf8'))]);
    const entry: CachedResponse = { status: 200, headers, scope: 'content', variants: { identity }, etags: { identity: etagOf(identity) }, lastModified: asset.lastModified };
    if (/^(audio|video)\//.test(asset.contentType)) entry.byteRanges = true;
    for (const [encoding, ext] of PRECOMPRESSED) {
      if (!existsSync(file + ext)) continue;
      const body = identity === read ? readFileSync(file + ext) : compress(identity, encoding);
      entry.variants[encoding] = body;
      entry.etags![encoding] = etagOf(body, `-${ext.slice(1)}`);
    }
    if (entry.variants.br || entry.variants.gzip) headers.push(['Vary', 'Accept-Encoding']);
    return entry;
  }

  /** The file's text with the build's origin replaced by the public one, or the bytes as read. */
  private withPublicOrigin(bytes: Buffer, contentType: string): Buffer {
    const from = this.buildOrigin;
    const to = publicOrigin();
    if (from === undefined || from === to || !HAS_URLS.test(contentType) || !bytes.includes(from)) return bytes;
    // Not inside a longer host or port: http://localhost:4321 leaves http://localhost:43210 alone.
    const pattern = new RegExp(`${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'g');
    return Buffer.from(bytes.toString('utf8').replace(pattern, to));
  }
}
