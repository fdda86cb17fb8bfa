/**
 * `npm run preview`: the whole site, pages and API alike, exactly as `npm start` serves it, rebuilt
 * when a file under content/, public/ or src/ is saved, with open pages reloading themselves.
 * Saves are seen through chokidar, which also follows a file that an editor replaced by renaming
 * a new one over it (as `sed -i`, vim and many IDEs save); Node 20's recursive `fs.watch` lost such
 * files.
 *
 * Why not `astro dev`: the API's on-demand routes need the services our own server provides
 * (database, clock, rate limits) and its path mapping (`/api/public/videos/cc-001` ->
 * `cc-001.json`), so under `astro dev` half the API answers 404 or 500. Here the real built
 * server runs behind a small local proxy. On a save the build's steps run again (content, astro
 * build, postbuild) while the running server keeps answering from memory; when
 * content is invalid the build's messages (file, field, what is wrong) are printed and the last
 * good build keeps serving. The
 * proxy adds one same-origin script to each HTML page, which polls the build number and reloads
 * the page when it changes (the pages' Content-Security-Policy allows 'self' scripts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, sep } from 'node:path';
import { watch } from 'chokidar';

export const RELOAD_SCRIPT_PATH = '/__preview/reload.js';
export const VERSION_PATH = '/__preview/version';

/** The browser side: poll the build number; reload when a new build is up. */
export const reloadScript = `(() => {
  let seen;
  const poll = async () => {
    try {
      const res = await fetch(${JSON.stringify(VERSION_PATH)}, { cache: 'no-store' });
      const { build } = await res.json();
      if (seen !== undefined && build !== seen) location.reload();
      seen = build;
    } catch {}
    setTimeout(poll, 1000);
  };
  poll();
})();
`;

/** An HTML page with the reload script added before `</body>` (or at the end). */
export function injectReload(html: string): string {
  const tag = `<script src="${RELOAD_SCRIPT_PATH}" defer></script>`;
  const at = html.lastIndexOf('</body>');
  return at < 0 ? html + tag : html.slice(0, at) + tag + html.slice(at);
}

/** Calls `fn` once, `ms` after the last of a burst of calls, with everything the burst named. */
export function debounce<T>(ms: number, fn: (items: Set<T>) => void): (item: T) => void {
  let timer: NodeJS.Timeout | undefined;
  let items = new Set<T>();
  return (item) => {
    items.add(item);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const batch = items;
      items = new Set();
      fn(batch);
    }, ms);
  };
}

function run(command: string, args: string[], cwd: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd });
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

/** Folders whose saves rebuild, and those inside them that the build writes itself. */
const watched = ['content', 'public', 'src'];
const written = ['src/generated', 'content/schemas'];

/**
 * Calls `onSave` with the repository-relative path of every file added, changed or removed under
 * content/, public/ or src/ (not under what the build writes, which would rebuild forever).
 * Resolves once the watcher is ready.
 */
export async function watchSources(root: string, onSave: (path: string) => void): Promise<{ close: () => Promise<void> }> {
  const skip = written.map((dir) => join(root, dir));
  const watcher = watch(
    watched.map((dir) => join(root, dir)),
    { ignoreInitial: true, ignored: (path) => skip.some((dir) => path === dir || path.startsWith(dir + sep)) },
  );
  watcher.on('all', (_event, path) => onSave(relative(root, path).split(sep).join('/')));
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return { close: () => watcher.close() };
}

export interface PreviewOptions {
  root: string;
  /** The address people open (the proxy). */
  port: number;
  host: string;
  /** `node` arguments that start the built server (scripts/lib/serve-command.ts). */
  serveArgs: string[];
  log?: (line: string) => void;
}

/** Starts the preview; resolves once the first build serves. */
export async function startPreview(options: PreviewOptions): Promise<{ url: string; close: () => Promise<void> }> {
  const { root, log = (line) => console.log(`[preview] ${line}`) } = options;
  const bin = (name: string) => join(root, 'node_modules', '.bin', name);
  let build = 0;
  let upstreamPort = 0;
  let server: ChildProcess | undefined;
  let building: Promise<void> = Promise.resolve();

  /** The build's steps, as `npm run build` runs them (astro build empties dist/, so all of them). */
  async function buildSteps(): Promise<boolean> {
    const steps: Array<[string, string[]]> = [
      [bin('tsx'), ['scripts/build-content.ts']],
      [bin('astro'), ['build']],
      [bin('tsx'), ['scripts/postbuild.ts']],
    ];
    for (const [command, args] of steps) if ((await run(command, args, root)) !== 0) return false;
    return true;
  }

  async function stopServer(): Promise<void> {
    const child = server;
    server = undefined;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }

  function startServer(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, options.serveArgs, {
        cwd: root,
        env: { ...process.env, HOST: '127.0.0.1', PORT: '0' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      server = child;
      // The server logs one JSON line per request; only its "listening" line (with the port) matters here.
      let pending = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        const lines = (pending + chunk.toString()).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          if (upstreamPort || !line.includes('"msg":"listening"')) continue;
          upstreamPort = Number(new URL(JSON.parse(line).url as string).port);
          resolve();
        }
      });
      child.once('exit', (code) => {
        if (!upstreamPort) reject(new Error(`the server exited (${code}) before listening`));
      });
    });
  }

  async function rebuild(changed: Set<string>): Promise<void> {
    log(`${[...changed].slice(0, 3).join(', ')}${changed.size > 3 ? ` and ${changed.size - 3} more` : ''} changed: rebuilding`);
    const started = Date.now();
    if (!(await buildSteps())) {
      log('build failed (messages above); still serving the last good build');
      return;
    }
    await stopServer();
    upstreamPort = 0;
    await startServer();
    build++;
    log(`build ${build} serving after ${((Date.now() - started) / 1000).toFixed(1)} s; open pages reload`);
  }

  log('first build');
  if (!(await buildSteps())) throw new Error('the first build failed; fix the messages above and run npm run preview again');
  await startServer();
  build = 1;

  const proxy: Server = createServer((req, res) => handle(req, res));
  function handle(req: IncomingMessage, res: ServerResponse): void {
    const path = (req.url ?? '/').split('?')[0];
    if (path === RELOAD_SCRIPT_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(reloadScript);
      return;
    }
    if (path === VERSION_PATH) {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ build }));
      return;
    }
    if (!upstreamPort) {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '2' });
      res.end('Rebuilding; this page reloads when the new build is up.');
      return;
    }
    // Identity encoding upstream, so HTML can be edited; this is a local preview.
    const headers = { ...req.headers, host: `127.0.0.1:${upstreamPort}` };
    delete headers['accept-encoding'];
    const upstream = httpRequest({ host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers }, (up) => {
      const type = String(up.headers['content-type'] ?? '');
      if (!type.startsWith('text/html') || req.method === 'HEAD' || up.statusCode === 304) {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      up.on('data', (c: Buffer) => chunks.push(c));
      up.on('end', () => {
        const body = Buffer.from(injectReload(Buffer.concat(chunks).toString('utf8')));
        res.writeHead(up.statusCode ?? 502, { ...up.headers, 'content-length': String(body.length), 'cache-control': 'no-store' });
        res.end(body);
      });
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('The preview server is restarting; reload in a moment.');
    });
    req.pipe(upstream);
  }
  await new Promise<void>((resolve) => proxy.listen(options.port, options.host, resolve));
  const address = proxy.address() as AddressInfo;
  const url = `http://${options.host === '0.0.0.0' ? 'localhost' : options.host}:${address.port}`;

  const changed = debounce<string>(300, (batch) => {
    building = building.then(() => rebuild(batch)).catch((error: Error) => log(`rebuild failed: ${error.message}`));
  });
  const watcher = await watchSources(root, changed);
  log(`serving ${url} (pages and API); watching content/, public/ and src/`);

  return {
    url,
    close: async () => {
      await watcher.close();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await building;
      await stopServer();
    },
  };
}
