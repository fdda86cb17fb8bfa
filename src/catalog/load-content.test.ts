/**
 * Content validation: the real content/ folder passes, and a broken fixture of each kind fails
 * with a message that names the file and the field. Edited files are written as YAML 1.1 tools
 * would need them (dates quoted), as the build requires.
 */
import { describe, expect, it } from 'vitest';
import { stringify, parse } from 'yaml';
import { publicMedia } from '../../scripts/lib/public-media.ts';
import { readContentDir } from '../../scripts/lib/read-content-dir.ts';
import { type BuildOptions, buildCatalog, ContentValidationError, type ContentFile } from './load-content.ts';

const real = readContentDir('content');
const builtAt = new Date('2026-11-24T00:00:00Z');

const yaml11 = { version: '1.1' } as const;

/** A copy of the real content with one file changed through `edit` (YAML data or front matter). */
function withEdit(path: string, edit: (data: any) => any): ContentFile[] {
  return real.map((f) => {
    if (f.path !== path) return f;
    if (path.endsWith('.md')) {
      const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(f.text)!;
      return { path, text: `---\n${stringify(edit(parse(front)), yaml11)}---\n${body}` };
    }
    return { path, text: stringify(edit(parse(f.text)), yaml11) };
  });
}

function problemsOf(files: ContentFile[]): string[] {
  try {
    buildCatalog(files, { builtAt });
  } catch (error) {
    if (error instanceof ContentValidationError) return error.problems;
    throw error;
  }
  return [];
}

describe('content/', () => {
  it('is valid as committed, with the dataset and demo sizes the issue asks for', () => {
    const catalog = buildCatalog(real, { builtAt });
    expect(catalog.videos.length).toBeGreaterThanOrEqual(24);
    expect(catalog.videos.every((v) => v.status === 'approved')).toBe(true);
    expect(new Set(catalog.videos.map((v) => v.category)).size).toBeGreaterThanOrEqual(4);
    expect(catalog.podcast.episodes.length).toBeGreaterThanOrEqual(8);
    expect(catalog.products.length).toBeGreaterThanOrEqual(10);
    expect(catalog.products.filter((p) => p.type === 'bundle').length).toBeGreaterThanOrEqual(2);
    expect(catalog.clips.length).toBeGreaterThanOrEqual(12);
    const counts: Record<string, number> = {};
    for (const e of catalog.knowledge.entries) counts[e.topic] = (counts[e.topic] ?? 0) + 1;
    expect(counts).toEqual({ cannabinoids: 6, terpenes: 7, medical: 6, methods: 4, glossary: 10 });
    expect(catalog.knowledge.dataset).toMatchObject({ version: '1.0.0', license: 'CC-BY-4.0' });
    expect(catalog.contentVersion).toMatch(/^1\.0\.0\+[0-9a-f]{8}$/);
    for (const e of catalog.knowledge.entries) expect(e.references.length).toBeGreaterThan(0);
  });

  it('leaves drafts, pending, rejected and archived videos out of the catalog', () => {
    const unpublished = real.filter((f) => f.path.startsWith('content/videos/') && !/status: approved/.test(f.text));
    expect(unpublished.length).toBeGreaterThanOrEqual(1);
    const catalog = buildCatalog(real, { builtAt });
    for (const f of unpublished) expect(catalog.videos.some((v) => f.path.endsWith(`/${v.id}.yaml`))).toBe(false);
  });

  it('never dates lastModified after the build, even with specials announced later', () => {
    // Built a second before the last special is announced: after every other date in content.
    const lastAnnounced = Math.max(...buildCatalog(real, { builtAt }).schedule.specials.map((s) => Date.parse(s.announceAt)));
    const beforeIt = new Date(lastAnnounced - 1000);
    const catalog = buildCatalog(real, { builtAt: beforeIt });
    expect(catalog.schedule.specials.some((s) => Date.parse(s.announceAt) > beforeIt.getTime())).toBe(true);
    for (const [part, when] of Object.entries(catalog.lastModified)) expect(Date.parse(when), part).toBeLessThanOrEqual(beforeIt.getTime());
  });

  it('changes the content version when any file changes', () => {
    const a = buildCatalog(real, { builtAt }).contentVersion;
    const b = buildCatalog(
      withEdit('content/videos/cc-001.yaml', (v) => ({ ...v, title: `${v.title}!` })),
      { builtAt },
    ).contentVersion;
    expect(a).not.toBe(b);
  });

  const cases: Array<[string, string, (d: any) => any, RegExp]> = [
    ['site', 'content/site.yaml', (d) => ({ ...d, baseUrl: 'not a url' }), /content\/site\.yaml: baseUrl:/],
    ['video type', 'content/videos/cc-001.yaml', (d) => ({ ...d, durationSeconds: 'long' }), /content\/videos\/cc-001\.yaml: durationSeconds:/],
    ['video status', 'content/videos/cc-001.yaml', (d) => ({ ...d, status: 'live' }), /content\/videos\/cc-001\.yaml: status:/],
    ['video category ref', 'content/videos/cc-001.yaml', (d) => ({ ...d, category: 'nope' }), /content\/videos\/cc-001\.yaml: category: "nope" is not a category/],
    ['video id = file', 'content/videos/cc-001.yaml', (d) => ({ ...d, id: 'cc-999' }), /content\/videos\/cc-001\.yaml: id: must equal the file name/],
    ['unknown field', 'content/videos/cc-001.yaml', (d) => ({ ...d, colour: 'green' }), /content\/videos\/cc-001\.yaml: \(file\): .*colour/],
    ['show', 'content/podcast/show.yaml', (d) => ({ ...d, guid: 'x' }), /content\/podcast\/show\.yaml: guid:/],
    ['episode', 'content/podcast/episodes/ep-002.yaml', (d) => ({ ...d, audio: { ...d.audio, lengthBytes: -1 } }), /ep-002\.yaml: audio\.lengthBytes:/],
    ['schedule zone', 'content/schedule.yaml', (d) => ({ ...d, timeZone: 'Mars/Olympus' }), /content\/schedule\.yaml: timeZone:/],
    ['schedule gap', 'content/schedule.yaml', (d) => ({ ...d, slots: d.slots.slice(1) }), /content\/schedule\.yaml: slots.*gap on monday from 00:00/],
    ['schedule overlap', 'content/schedule.yaml', (d) => ({ ...d, slots: [...d.slots, { ...d.slots[0], end: '23:00' }] }), /content\/schedule\.yaml: slots\.\d+\.start: overlap on monday/],
    [
      'schedule video ref',
      'content/schedule.yaml',
      (d) => ({ ...d, slots: d.slots.map((s: any, i: number) => (i === 0 ? { ...s, videoId: 'cc-999' } : s)) }),
      /content\/schedule\.yaml: slots\.0\.videoId: "cc-999" is not an approved video/,
    ],
    ['special dates', 'content/schedule.yaml', (d) => ({ ...d, specials: [{ ...d.specials[0], endsAt: d.specials[0].startsAt }] }), /content\/schedule\.yaml: specials\.0\.endsAt:/],
    ['price', 'content/shop/mug-cove-logo.yaml', (d) => ({ ...d, price: { amount: 14, currency: 'USD' } }), /mug-cove-logo\.yaml: price\.amount:/],
    ['clip ratio', 'content/clips/clip-001.yaml', (d) => ({ ...d, width: 1920, height: 1080 }), /clip-001\.yaml: height: clips must be vertical 9:16/],
    ['clip length', 'content/clips/clip-001.yaml', (d) => ({ ...d, durationSeconds: 181 }), /clip-001\.yaml: durationSeconds:/],
    ['clip video ref', 'content/clips/clip-001.yaml', (d) => ({ ...d, videoId: 'cc-010' }), /clip-001\.yaml: videoId: "cc-010" is not an approved video/],
    ['dataset', 'content/knowledge/dataset.yaml', (d) => ({ ...d, license: 'MIT' }), /content\/knowledge\/dataset\.yaml: license:/],
    [
      'reference',
      'content/knowledge/cannabinoids/cannabidiol.md',
      (d) => ({ ...d, references: [{ authors: 'A', title: 'T', year: 2020 }] }),
      /cannabidiol\.md: references\.0: a reference needs a url or a doi/,
    ],
    [
      'citation without reference',
      'content/knowledge/terpenes/humulene.md',
      (d) => ({ ...d, references: d.references.filter((r: any) => r.year !== 2022) }),
      /humulene\.md: body: citation "Smith et al\. 2022" has no matching entry in references/,
    ],
    [
      'reference never cited',
      'content/knowledge/terpenes/linalool.md',
      (d) => ({ ...d, references: [...d.references, { authors: 'Doe J, Roe R', title: 'Uncited', journal: 'J', year: 2020, doi: '10.1000/x' }] }),
      /linalool\.md: references\.3: "Doe J, Roe R" \(2020\) is never cited in the text/,
    ],
    ['related ref', 'content/knowledge/cannabinoids/cannabidiol.md', (d) => ({ ...d, related: ['unicorn'] }), /cannabidiol\.md: related\.0: "unicorn" is not a knowledge entry/],
  ];
  it.each(cases)('rejects a broken %s naming file and field', (_kind, path, edit, message) => {
    expect(real.some((f) => f.path === path)).toBe(true);
    const problems = problemsOf(withEdit(path, edit));
    expect(problems.join('\n')).toMatch(message);
  });

  it('ships every media file the content names, each as long and as large as content says', async () => {
    const media = await publicMedia('public');
    expect(() => buildCatalog(real, { builtAt, media })).not.toThrow();
  });

  /** The problems of a build whose media lookup is `media`. */
  function mediaProblems(files: ContentFile[], media: BuildOptions['media']): string[] {
    try {
      buildCatalog(files, { builtAt, media });
    } catch (error) {
      if (error instanceof ContentValidationError) return error.problems;
      throw error;
    }
    return [];
  }

  it('rejects a media path with no file, and an enclosure length that is not the file size', async () => {
    const shipped = await publicMedia('public');
    const media = (sitePath: string) => (sitePath === '/media/videos/cc-002.mp4' ? undefined : shipped(sitePath));
    const edited = withEdit('content/podcast/episodes/ep-002.yaml', (d) => ({ ...d, audio: { ...d.audio, lengthBytes: d.audio.lengthBytes + 1 } }));
    const size = shipped('/media/podcast/ep-002.mp3')!.bytes;
    expect(mediaProblems(edited, media)).toEqual([
      'content/videos/cc-002.yaml: playbackUrl: /media/videos/cc-002.mp4 is not a file in public/media/videos/cc-002.mp4 (add it, or run npm run media for videos, clips and episodes)',
      `content/podcast/episodes/ep-002.yaml: audio.lengthBytes: ${size + 1} does not match public/media/podcast/ep-002.mp3, which is ${size} bytes (npm run media writes the real values)`,
    ]);
  });

  it('rejects durations and picture sizes that are not the files’, naming the file, the field and both values', async () => {
    const media = await publicMedia('public');
    const video = withEdit('content/videos/cc-001.yaml', (d) => ({ ...d, durationSeconds: 900 }));
    const clip = withEdit('content/clips/clip-001.yaml', (d) => ({ ...d, width: 1080, height: 1920 }));
    const episode = withEdit('content/podcast/episodes/ep-002.yaml', (d) => ({ ...d, durationSeconds: 2714 }));
    expect(mediaProblems(video, media)).toEqual([
      'content/videos/cc-001.yaml: durationSeconds: 900 does not match public/media/videos/cc-001.mp4, which is 4 s long (npm run media writes the real values)',
    ]);
    expect(mediaProblems(clip, media)).toEqual([
      'content/clips/clip-001.yaml: width: 1080 does not match public/media/clips/clip-001.mp4, which is 180 pixels wide (npm run media writes the real values)',
      'content/clips/clip-001.yaml: height: 1920 does not match public/media/clips/clip-001.mp4, which is 320 pixels high (npm run media writes the real values)',
    ]);
    expect(mediaProblems(episode, media)).toEqual([
      'content/podcast/episodes/ep-002.yaml: durationSeconds: 2714 does not match public/media/podcast/ep-002.mp3, which is 18.9 s long (npm run media writes the real values)',
    ]);
    // A whole number of seconds within one second of the file's length states it.
    expect(
      mediaProblems(
        withEdit('content/podcast/episodes/ep-002.yaml', (d) => ({ ...d, durationSeconds: 18 })),
        media,
      ),
    ).toEqual([]);
  });

  it('rejects an audio or video file it cannot read, with the reason', async () => {
    const shipped = await publicMedia('public');
    const media = (sitePath: string) => (sitePath === '/media/clips/clip-002.mp4' ? { bytes: 6, unreadable: 'no MP4 movie header (moov) found' } : shipped(sitePath));
    expect(mediaProblems(real, media)).toEqual(['content/clips/clip-002.yaml: playbackUrl: public/media/clips/clip-002.mp4 could not be read as audio or video: no MP4 movie header (moov) found']);
  });

  it('rejects values that YAML 1.1 tools read as something other than text: unquoted dates, yes/no, 06:00', () => {
    const video = real.map((f) => (f.path === 'content/videos/cc-001.yaml' ? { ...f, text: f.text.replace(/publishedAt: "([^"]+)"/, 'publishedAt: $1') } : f));
    expect(problemsOf(video)).toEqual([
      'content/videos/cc-001.yaml: publishedAt: write "2026-03-03T17:00:00Z" in quotes; unquoted, YAML 1.1 tools (js-yaml, ajv-cli, many editors) read it as a date, not text',
    ]);
    const entry = real.map((f) => (f.path === 'content/knowledge/terpenes/linalool.md' ? { ...f, text: f.text.replace(/updated: "([^"]+)"/, 'updated: $1') } : f));
    expect(problemsOf(entry).join('\n')).toMatch(/^content\/knowledge\/terpenes\/linalool\.md: updated: write "\d{4}-\d{2}-\d{2}" in quotes; .* read it as a date, not text$/);
    const clock = real.map((f) => (f.path === 'content/schedule.yaml' ? { ...f, text: f.text.replace('start: "06:00"', 'start: 06:00') } : f));
    expect(problemsOf(clock).join('\n')).toMatch(/content\/schedule\.yaml: slots\.\d+\.start: write "06:00" in quotes; unquoted, YAML 1\.1 tools .* read it as the number 360, not text/);
  });

  it('rejects a bundle that references a missing item', () => {
    const bundle = real.find((f) => f.path.startsWith('content/shop/') && /type: bundle/.test(f.text))!;
    const problems = problemsOf(withEdit(bundle.path, (d) => ({ ...d, items: [...d.items, 'ghost-item'] })));
    expect(problems.join('\n')).toMatch(new RegExp(`${bundle.path.replace(/[.]/g, '\\.')}: items\\.\\d+: "ghost-item" is not a product`));
  });

  it('rejects a topic with the wrong number of entries, and unparseable YAML', () => {
    const fewer = real.filter((f) => f.path !== 'content/knowledge/terpenes/myrcene.md');
    expect(problemsOf(fewer).join('\n')).toMatch(/content\/knowledge\/terpenes\/: must hold exactly 7 entries \(found 6\)/);
    const broken = real.map((f) => (f.path === 'content/videos/cc-002.yaml' ? { ...f, text: 'title: [unclosed' } : f));
    expect(problemsOf(broken).join('\n')).toMatch(/content\/videos\/cc-002\.yaml: not valid YAML/);
  });
});
