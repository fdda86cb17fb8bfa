/**
 * The editors' walk, as content/README.md tells it ("Add a video, step by step"), on a copy of
 * the repository: the video file and the commands are read from the README itself, so when the
 * steps change and stop working, this fails. The copy gets the new video and its media (ffmpeg
 * only: espeak-ng is made to be missing), passes `npm run content`, builds with `npm run build`
 * (what `npm run preview` and `npm start` run) and serves: the video is in the API and on its
 * page, its media play, and the schemas the README says to commit have changed. Then the README's
 * documented mistake gives the README's documented error.
 *
 * Needs ffmpeg (.ci/run installs it). About a minute and a half, most of it the copy's build.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyRepository, type RepositoryCopy } from '../scripts/lib/repo-copy.ts';
import { request, startService, type TestService } from './support/service.ts';

const readme = readFileSync('content/README.md', 'utf8');
const section = readme.slice(readme.indexOf('## Add a video, step by step'), readme.indexOf('\n## ', readme.indexOf('## Add a video, step by step') + 1));

/** The fenced blocks of the section, in order, by language (`yaml`, `sh`, or `` for plain). */
function blocks(language: string): string[] {
  return [...section.matchAll(/^ *```(\w*)\n([\s\S]*?)^ *```$/gm)].filter((m) => m[1] === language).map((m) => m[2].replace(/^ {3}/gm, ''));
}

const videoPath = /Create `(content\/videos\/[a-z0-9-]+\.yaml)`/.exec(section)?.[1];
const videoYaml = blocks('yaml')[0];
/** `npm run ...` lines of the first shell block, without their comments. */
const commands = blocks('sh')[0]
  ?.split('\n')
  .map((line) => line.replace(/#.*$/, '').trim())
  .filter((line) => line.startsWith('npm run '));
const mistake = /Writing `([^`]+)`/.exec(section)?.[1];
const documentedError = blocks('')[0]?.trim();

/** Runs a command in the copy; never throws, so a test can look at a failure's output. */
function run(copy: RepositoryCopy, command: string, env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  const [file, ...args] = command.split(/\s+/);
  return new Promise((done) => {
    execFile(file, args, { cwd: copy.dir, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      done({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

let copy: RepositoryCopy;
let noEspeak: string;
let env: NodeJS.ProcessEnv;
let service: TestService | undefined;

beforeAll(() => {
  copy = copyRepository(resolve('.'), 'canopy-editors-walk-');
  // An editor with Node and ffmpeg only: on PATH first, an espeak-ng that is not there.
  noEspeak = mkdtempSync(join(tmpdir(), 'no-espeak-'));
  writeFileSync(join(noEspeak, 'espeak-ng'), '#!/bin/sh\necho "espeak-ng: command not found" >&2\nexit 127\n');
  chmodSync(join(noEspeak, 'espeak-ng'), 0o755);
  // The copy builds as npm would run it, not as a test: no test mode leaks into Astro's build.
  env = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST')));
  env.PATH = `${noEspeak}${delimiter}${process.env.PATH}`;
});

afterAll(async () => {
  await service?.stop();
  copy?.remove();
  if (noEspeak) rmSync(noEspeak, { recursive: true, force: true });
});

describe('content/README.md, "Add a video, step by step"', () => {
  it('says what to write and what to run', () => {
    expect(videoPath).toBe('content/videos/cc-029.yaml');
    expect(videoYaml).toMatch(/^id: cc-029$/m);
    expect(commands).toEqual(['npm run media -- cc-029', 'npm run content', 'npm run preview']);
    expect(mistake).toBe('category: gardening');
    expect(documentedError).toBe('content/videos/cc-029.yaml: category: "gardening" is not a category in content/site.yaml');
  });

  it('adds a video that the API and its page then show, made with ffmpeg alone', { timeout: 600_000 }, async () => {
    const schemasBefore = Object.fromEntries(['clip', 'schedule', 'video'].map((kind) => [kind, readFileSync(join(copy.dir, `content/schemas/${kind}.schema.json`), 'utf8')]));
    writeFileSync(join(copy.dir, videoPath!), videoYaml);

    const media = await run(copy, commands[0], env);
    expect(media.output).toContain('/media/videos/cc-029.mp4');
    expect(media.code).toBe(0);
    const written = readFileSync(join(copy.dir, videoPath!), 'utf8');
    expect(written).toMatch(/^durationSeconds: 4\b/m);
    expect(readFileSync(join(copy.dir, 'public/media/thumbs/cc-029.svg'), 'utf8')).toContain('>Seed Saving for Beginners</text>');

    const content = await run(copy, commands[1], env);
    expect(content.output).toMatch(/content ok: 25 published videos/);
    expect(content.code).toBe(0);
    // The schemas the README says to commit: clip and schedule now list cc-029; video does not change.
    for (const kind of ['clip', 'schedule']) {
      const after = readFileSync(join(copy.dir, `content/schemas/${kind}.schema.json`), 'utf8');
      expect(after, kind).not.toBe(schemasBefore[kind]);
      expect(after, kind).toContain('"cc-029"');
    }
    expect(readFileSync(join(copy.dir, 'content/schemas/video.schema.json'), 'utf8')).toBe(schemasBefore.video);

    // npm run preview runs these same build steps and serves the build as npm start does.
    const build = await run(copy, 'npm run build', env);
    expect(build.code, build.output.slice(-2000)).toBe(0);
    service = await startService({ cwd: copy.dir });

    const one = await request(service.url, '/api/public/videos/cc-029');
    expect(one.status).toBe(200);
    expect(one.body.video).toMatchObject({ id: 'cc-029', title: 'Seed Saving for Beginners', category: 'cultivation', durationSeconds: 4 });
    const list = await request(service.url, '/api/public/videos?limit=100');
    expect(list.body.items.map((v: { id: string }) => v.id)).toContain('cc-029');

    const page = await fetch(`${service.url}/videos/cc-029`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Seed Saving for Beginners');
    expect(html).toMatch(/<(?:video|source)\b[^>]*src="[^"]*\/media\/videos\/cc-029\.mp4"/);

    for (const path of ['/media/videos/cc-029.mp4', '/media/thumbs/cc-029.svg']) {
      const res = await fetch(service.url + path);
      expect(res.status, path).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(copy.dir, 'public', path))), path).toBe(true);
    }
  });

  it('answers the documented mistake with the documented error, and builds nothing', { timeout: 120_000 }, async () => {
    // The video as the steps above left it, built once more so there is a catalog to keep.
    const file = join(copy.dir, videoPath!);
    const good = readFileSync(file, 'utf8');
    const first = await run(copy, 'npm run content', env);
    expect(first.code, first.output).toBe(0);
    const catalog = join(copy.dir, 'src/generated/catalog.json');
    const before = readFileSync(catalog, 'utf8');
    writeFileSync(file, good.replace(/^category: .*$/m, mistake!));
    const content = await run(copy, 'npm run content', env);
    expect(content.code).not.toBe(0);
    expect(content.output).toContain(documentedError);
    expect(readFileSync(catalog, 'utf8')).toBe(before);
  });
});
