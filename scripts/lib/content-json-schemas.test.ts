/**
 * The JSON Schemas editors' IDEs use, checked with a real JSON Schema validator (Ajv, draft-07 as
 * the YAML language server reads it): the committed files are what the build generates, every
 * committed content file passes its schema as read by a YAML 1.2 parser (yaml, as the build and
 * the YAML language server read it) and by a YAML 1.1 parser (js-yaml, as ajv-cli and many other
 * tools read it), a broken fixture is flagged where the build would flag it, and
 * .vscode/settings.json maps each schema onto its files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import { load as loadYaml11 } from 'js-yaml';
import addFormats from 'ajv-formats';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { contentJsonSchemaFiles, contentKinds } from './content-json-schemas.ts';

const contentDir = 'content';
const generated = contentJsonSchemaFiles(contentDir);

function validator(name: string) {
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats.default(ajv);
  return ajv.compile(JSON.parse(generated.get(`${name}.schema.json`)!));
}

/** The repository's files a kind's globs match (`*` within one folder only). */
function filesOf(globs: string[]): string[] {
  return globs.flatMap((glob) => {
    const dir = glob.slice(0, glob.lastIndexOf('/'));
    const pattern = new RegExp(
      `^${glob
        .slice(dir.length + 1)
        .replace(/\./g, '\\.')
        .replace(/\*/g, '[^/]*')}$`,
    );
    return readdirSync(dir)
      .filter((f) => pattern.test(f) && f !== 'README.md')
      .map((f) => join(dir, f));
  });
}

/** The YAML of a content file: the whole file, or a Markdown entry's front matter. */
function yamlOf(file: string): string {
  const text = readFileSync(file, 'utf8');
  return file.endsWith('.md') ? /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)![1] : text;
}

const parsers = { 'YAML 1.2 (yaml)': (text: string) => parseYaml(text), 'YAML 1.1 (js-yaml)': (text: string) => loadYaml11(text) };

function dataOf(file: string): unknown {
  return parseYaml(yamlOf(file));
}

const brief = (errors: ErrorObject[] | null | undefined) => (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.keyword}: ${e.message}`);

describe('content JSON Schemas', () => {
  it('are committed exactly as npm run content writes them', () => {
    const committed = readdirSync(join(contentDir, 'schemas'))
      .filter((f) => f.endsWith('.schema.json'))
      .sort();
    expect(committed).toEqual([...generated.keys()].sort());
    for (const [name, text] of generated) expect(readFileSync(join(contentDir, 'schemas', name), 'utf8'), `${name} is stale: run npm run content`).toBe(text);
  });

  it.each(Object.entries(parsers))('accept every committed content file as read by %s', (_parser, parse) => {
    const problems: string[] = [];
    let checked = 0;
    for (const kind of contentKinds) {
      const validate = validator(kind.name);
      const files = filesOf(kind.files);
      expect(files.length, kind.name).toBeGreaterThan(0);
      for (const file of files) {
        checked++;
        if (!validate(parse(yamlOf(file)))) problems.push(`${file}: ${brief(validate.errors).join('; ')}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });

  it('would fail an unquoted date under YAML 1.1, which is why the build requires quotes', () => {
    const text = readFileSync('content/videos/cc-001.yaml', 'utf8');
    const unquoted = text.replace(/publishedAt: "([^"]+)"/, 'publishedAt: $1');
    expect(unquoted).not.toBe(text);
    const validate = validator('video');
    expect(validate(parseYaml(unquoted))).toBe(true);
    expect(validate(loadYaml11(unquoted))).toBe(false);
    expect(brief(validate.errors)).toEqual(['/publishedAt type: must be string']);
  });

  it('flag a video whose category is not one of site.yaml, as the build does', () => {
    const video = parseYaml(readFileSync('content/videos/cc-001.yaml', 'utf8')) as Record<string, unknown>;
    const validate = validator('video');
    expect(validate(video)).toBe(true);
    expect(validate({ ...video, category: 'gardening' })).toBe(false);
    expect(validate.errors).toEqual([expect.objectContaining({ instancePath: '/category', keyword: 'enum', params: { allowedValues: ['cultivation', 'culture', 'kitchen', 'news', 'science'] } })]);
  });

  it('flag unknown fields, wrong types and missing fields, and knowledge front matter too', () => {
    const video = parseYaml(readFileSync('content/videos/cc-001.yaml', 'utf8')) as Record<string, unknown>;
    const validate = validator('video');
    const { title: _title, ...untitled } = video;
    expect(validate({ ...untitled, colour: 'green', durationSeconds: 'long', status: 'live' })).toBe(false);
    expect(brief(validate.errors)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/ required: .*title/),
        expect.stringMatching(/^\/ additionalProperties:/),
        expect.stringMatching(/^\/durationSeconds type:/),
        expect.stringMatching(/^\/status enum:/),
      ]),
    );
    const entry = validator('knowledge-entry');
    const front = dataOf('content/knowledge/terpenes/linalool.md') as Record<string, unknown>;
    expect(entry(front)).toBe(true);
    expect(entry({ ...front, related: ['unicorn'] })).toBe(false);
    expect(brief(entry.errors)).toEqual([expect.stringMatching(/^\/related\/0 enum:/)]);
  });

  it('are mapped onto their files for the YAML language server in .vscode/settings.json', () => {
    const settings = JSON.parse(readFileSync('.vscode/settings.json', 'utf8')) as { 'yaml.schemas': Record<string, string | string[]> };
    const yamlKinds = contentKinds.filter((k) => !k.frontMatter);
    const expected = Object.fromEntries(yamlKinds.map((k) => [`./content/schemas/${k.name}.schema.json`, k.files.map((f) => `/${f}`)]));
    const mapped = Object.fromEntries(Object.entries(settings['yaml.schemas']).map(([schema, globs]) => [schema, [globs].flat()]));
    expect(mapped).toEqual(expected);
  });
});
