/**
 * The documentation describes the service as built, and stands alone in a clone:
 * - README.md stays short; every relative link in README.md, docs/ and content/README.md reaches a
 *   file (and heading) of the repository, and links outside it go only to example hosts;
 * - nothing in the repository points readers at files a clone does not have;
 * - the README's configuration table names every environment variable the code reads;
 * - every operation of the served OpenAPI document has a curl example in docs/api.md, and every
 *   GET example there answers 2xx from the real server (with the apiKey of a Legend agent, so the
 *   tier-gated examples run too).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, normalize, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, register } from './support/rewards.ts';
import { request, startService, type TestService } from './support/service.ts';

const README_MAX_LINES = 250;
const DOC_FILES = [
  'README.md',
  'content/README.md',
  ...readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
/** Hosts a document may link to: the local service and the reserved example domains. */
const EXAMPLE_HOST = /^(localhost|127\.0\.0\.1|([a-z0-9-]+\.)*example(\.[a-z]+)?)$/i;
/** Files a clone does not have, spelled in pieces so this file does not name them itself. */
const ABSENT = [['..', 'shared'].join('/'), ...['SPEC', 'CONTRACT', 'STYLE'].map((n) => `${n}.md`), ['the registry', 'these machines reach'].join(' ')];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', '.astro', 'data', 'test-artifacts', 'out', 'generated']);
const TEXT = new Set(['.ts', '.mjs', '.cjs', '.js', '.astro', '.md', '.yaml', '.yml', '.json', '.css', '.svg', '.vtt']);

const read = (path: string) => readFileSync(path, 'utf8');

function repoFiles(dir = '.'): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = dir === '.' ? name : join(dir, name);
    if (statSync(path).isDirectory()) return SKIPPED_DIRS.has(name) ? [] : repoFiles(path);
    return TEXT.has(extname(name)) || path === '.ci/run' ? [path] : [];
  });
}

/** Markdown without fenced code blocks and inline code, where `[a](b)` is not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const base = heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

/** Every link target of a Markdown file, outside code. */
function linksOf(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]);
}

/** A curl command of the docs, as a request. */
interface CurlExample {
  line: string;
  method: string;
  url: URL;
  headers: Array<[string, string]>;
  body?: string;
}

/** Shell words of one command (up to an unquoted pipe), with `$NAME` expanded outside single quotes. */
function shellWords(command: string, vars: Record<string, string>): string[] | undefined {
  const words: string[] = [];
  let word: string | undefined;
  let quote: '"' | "'" | undefined;
  let unknownVariable = false;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (c === '$' && /[A-Z_]/.test(command[i + 1] ?? '')) {
      const name = /^[A-Z_][A-Z0-9_]*/.exec(command.slice(i + 1))![0];
      if (vars[name] === undefined) unknownVariable = true;
      word = (word ?? '') + (vars[name] ?? '');
      i += name.length;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      word ??= '';
    } else if (c === '|') break;
    else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? '') + c;
  }
  if (word !== undefined) words.push(word);
  return unknownVariable ? undefined : words;
}

/** The curl commands of a Markdown file's sh blocks, continuation lines joined. */
function curlExamples(markdown: string, vars: Record<string, string>): { examples: CurlExample[]; unparsed: string[] } {
  const examples: CurlExample[] = [];
  const unparsed: string[] = [];
  for (const [, block] of markdown.matchAll(/^```(?:sh|bash)\n([\s\S]*?)^```/gm)) {
    for (const line of block.replace(/\\\n\s*/g, ' ').split('\n')) {
      const command = line.replace(/\s+#.*$/, '').trim();
      if (!command.startsWith('curl ')) continue;
      const words = shellWords(command, vars);
      if (!words) {
        unparsed.push(command);
        continue;
      }
      let method: string | undefined;
      let head = false;
      let url: URL | undefined;
      let body: string | undefined;
      const headers: Array<[string, string]> = [];
      for (let i = 1; i < words.length; i++) {
        const w = words[i];
        if (w === '-X' || w === '--request') method = words[++i];
        else if (w === '-H' || w === '--header') {
          const h = words[++i];
          headers.push([h.slice(0, h.indexOf(':')).trim(), h.slice(h.indexOf(':') + 1).trim()]);
        } else if (w === '-d' || w === '--data') body = words[++i];
        else if (w === '--head') head = true;
        else if (/^-[a-zA-Z]+$/.test(w)) head ||= w.includes('I');
        else if (/^https?:\/\//.test(w)) url = new URL(w);
      }
      if (!url) {
        unparsed.push(command);
        continue;
      }
      examples.push({ line: command, method: method ?? (body !== undefined ? 'POST' : head ? 'HEAD' : 'GET'), url, headers, body });
    }
  }
  return { examples, unparsed };
}

/** `/api/public/videos/{id}` as a pattern for concrete paths. */
const pathPattern = (template: string) => new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);

describe('the README and docs', () => {
  it(`keep README.md under ${README_MAX_LINES} lines`, () => {
    expect(read('README.md').split('\n').length).toBeLessThan(README_MAX_LINES);
  });

  it('link only to files and headings of the repository, or to example hosts', () => {
    const broken: string[] = [];
    for (const file of DOC_FILES) {
      for (const target of linksOf(read(file))) {
        if (/^[a-z]+:/i.test(target)) {
          const host = URL.canParse(target) ? new URL(target).hostname : '';
          if (!/^https?:/.test(target) || !EXAMPLE_HOST.test(host)) broken.push(`${file}: ${target} leaves the repository`);
          continue;
        }
        const [path, anchor] = target.split('#');
        const resolved = path ? normalize(join(dirname(file), decodeURIComponent(path))) : file;
        if (resolved.startsWith('..') || relative('.', resolved).startsWith('..')) {
          broken.push(`${file}: ${target} points outside the repository`);
          continue;
        }
        let exists = true;
        try {
          statSync(resolved);
        } catch {
          exists = false;
        }
        if (!exists) broken.push(`${file}: ${target} names no file`);
        else if (anchor && resolved.endsWith('.md') && !anchorsOf(read(resolved)).has(anchor)) broken.push(`${file}: ${target} names no heading of ${resolved}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('point nobody at files a clone does not have, anywhere in the repository', () => {
    const mentions = repoFiles().flatMap((file) => {
      const text = read(file);
      return ABSENT.filter((name) => text.includes(name)).map((name) => `${file}: ${name}`);
    });
    expect(mentions).toEqual([]);
  });

  it('list in the README every environment variable the code reads', () => {
    const code = repoFiles().filter((f) => /^(src|scripts|bench)\//.test(f) && !f.includes('.test.'));
    const names = new Set<string>();
    for (const file of code) {
      const text = read(file);
      for (const pattern of [/\benv\.([A-Z][A-Z0-9_]+)/g, /\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g, /\bseconds\('([A-Z][A-Z0-9_]+)'/g]) {
        for (const [, name] of text.matchAll(pattern)) names.add(name);
      }
    }
    // The scan must see the variables it is meant to see, or it proves nothing.
    expect([...names]).toEqual(expect.arrayContaining(['PORT', 'PUBLIC_URL', 'DATABASE_URL', 'HEADERS_TIMEOUT_S', 'CLUSTER_SIZE', 'BENCH_DATABASE_URL']));
    const readme = read('README.md');
    expect([...names].filter((name) => !readme.includes(`\`${name}\``)).sort()).toEqual([]);
  });
});

describe('docs/api.md against the real server', () => {
  let service: TestService;
  let key: string;
  const apiDoc = read('docs/api.md');

  beforeAll(async () => {
    service = await startService();
    // The examples' agent, at Legend, so the tier-gated reads answer as documented.
    key = (await register(service.url, { name: 'scout-7', operator: 'Example Labs' })).apiKey;
    const adjusted = await admin(service.databasePath, 'adjust', 'scout-7', '1500', '--reason', 'docs examples run at Legend');
    expect(adjusted.code, adjusted.stderr).toBe(0);
  });

  afterAll(async () => {
    await service?.stop();
  });

  it('has a curl example for every operation of the OpenAPI document', async () => {
    const openapi = (await request(service.url, '/api/public/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const { examples } = curlExamples(apiDoc, { KEY: 'k', OTHER_KEY: 'k' });
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(openapi.paths)) {
      const pattern = pathPattern(path);
      for (const method of Object.keys(operations).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))) {
        if (!examples.some((e) => e.method === method.toUpperCase() && pattern.test(e.url.pathname))) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(Object.keys(openapi.paths).length).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('answers every GET example with 2xx', async () => {
    const { examples, unparsed } = curlExamples(apiDoc, { KEY: key });
    // Only examples with a placeholder to fill in (<nextCursor>) or another agent's key are left out.
    expect(unparsed.filter((line) => !/\$OTHER_KEY/.test(line))).toEqual([]);
    const reads = examples.filter((e) => (e.method === 'GET' || e.method === 'HEAD') && !/[<>]/.test(e.line));
    expect(reads.every((e) => e.url.origin === 'http://localhost:4321' || e.url.origin === 'http://127.0.0.1:4321')).toBe(true);
    const failures: string[] = [];
    for (const example of reads) {
      const res = await fetch(service.url + example.url.pathname + example.url.search, { method: example.method, headers: example.headers });
      await res.arrayBuffer();
      if (res.status < 200 || res.status > 299) failures.push(`${res.status} ${example.line}`);
    }
    expect(reads.length).toBeGreaterThan(30);
    expect(failures).toEqual([]);
  });
});
