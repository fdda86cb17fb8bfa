/**
 * Makes the demo catalog's media from its content: for every video and clip a short MP4 (the
 * title on the brand's background, at `playbackUrl`) and an SVG poster (at `thumbnail`), and for
 * every episode a spoken MP3 (read from its title and description by espeak-ng, at `audio.url`)
 * with a WebVTT transcript of the same words where the episode names one (`transcriptUrl`). Then
 * it writes what the files say of themselves (length, picture size, byte length) back into the
 * content files. `scripts/media.ts` is the command (`npm run media`).
 *
 * Videos and clips need ffmpeg alone; episodes need espeak-ng and ffmpeg. Only the tools the
 * chosen ids need are asked for. The files are committed under public/, so building and serving
 * need none of them, and lengths are read back with the same library the build checks them with
 * (scripts/lib/media-facts.ts). Every file is small on purpose (low resolution, low frame rate,
 * mono 32 kbit/s), so the whole set stays well under 8 MB.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { readMediaFacts } from './media-facts.ts';

/** Brand colours of the posters and videos; a category without its own palette uses these. */
export const brand = { background: '#1f4d2b', accent: '#7fb069', text: '#ffffff' } as const;

export interface Colours {
  background: string;
  accent: string;
}

/** The demo categories' poster colours (content/site.yaml ids); other categories get the brand's. */
const categoryColours: Record<string, Colours> = {
  cultivation: { background: '#1f4d2b', accent: '#7fb069' },
  culture: { background: '#3d2c5e', accent: '#c59bd8' },
  kitchen: { background: '#7a3b12', accent: '#f2a65a' },
  news: { background: '#3a3a3a', accent: '#e0c85c' },
  science: { background: '#12405a', accent: '#6cc3d5' },
};

export function coloursOf(category: string | undefined): Colours {
  return (category && categoryColours[category]) || { background: brand.background, accent: brand.accent };
}

export const VIDEO_SECONDS = 4;

// ---------------------------------------------------------------- pure helpers

/** Greedy word wrap to lines of at most `width` characters (a longer word gets a line of its own). */
export function wrapText(text: string, width: number, maxLines = Infinity): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines)
    return [
      ...lines.slice(0, maxLines - 1),
      `${lines
        .slice(maxLines - 1)
        .join(' ')
        .slice(0, width - 1)}…`,
    ];
  return lines;
}

/** Abbreviations whose full stop does not end a sentence. */
const abbreviations = /(?:^|\s)(?:Dr|Mr|Mrs|Ms|Prof|St|vs|e\.g|i\.e|etc|approx)\.$/i;

/** Sentences of a text, each with its closing punctuation ("Dr. Marlowe" stays one sentence). */
export function sentences(text: string): string[] {
  const pieces = (
    text
      .replace(/\s+/g, ' ')
      .trim()
      .match(/[^.!?]+(?:[.!?]+["”’)]*|$)/g) ?? []
  )
    .map((s) => s.trim())
    .filter(Boolean);
  const out: string[] = [];
  for (const piece of pieces) {
    if (out.length && abbreviations.test(out[out.length - 1])) out[out.length - 1] += ` ${piece}`;
    else out.push(piece);
  }
  return out;
}

export interface EpisodeText {
  showTitle: string;
  title: string;
  description: string;
  season?: number;
  episode?: number;
}

/** What an episode's demo audio says, one cue per entry. */
export function episodeScript(e: EpisodeText): string[] {
  const number = [e.season && `season ${e.season}`, e.episode && `episode ${e.episode}`].filter(Boolean).join(', ');
  return [
    `${e.showTitle}${number ? `, ${number}` : ''}.`,
    `${e.title.replace(/[.!?]*$/, '')}.`,
    ...sentences(e.description),
    'This is a short demo recording for a fictional show; the full episode does not exist.',
  ];
}

/** `HH:MM:SS.mmm`, the WebVTT timestamp form. */
export function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

export interface Cue {
  start: number;
  end: number;
  text: string;
}

/** A WebVTT file (https://www.w3.org/TR/webvtt1/) with one numbered cue per spoken sentence. */
export function webVtt(cues: Cue[], title?: string): string {
  const escapeCue = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/-->/g, '--&gt;');
  const header = title ? `WEBVTT - ${title.replace(/\s+/g, ' ').replace(/-->/g, '')}` : 'WEBVTT';
  const body = cues.map((c, i) => `${i + 1}\n${vttTime(c.start)} --> ${vttTime(c.end)}\n${escapeCue(c.text)}`);
  return `${header}\n\n${body.join('\n\n')}\n`;
}

/** Cue timings for spoken segments of known lengths, with `gap` seconds of silence after each. */
export function cueTimings(durations: number[], gap: number): Array<{ start: number; end: number }> {
  let at = 0;
  return durations.map((d) => {
    const cue = { start: at, end: at + d };
    at += d + gap;
    return cue;
  });
}

/**
 * Sets numeric fields of a YAML content file in place, keeping everything else byte for byte
 * (comments, flow maps, quoting). `fields` are dotted paths such as `audio.lengthBytes`; the last
 * key must appear once in the file. Throws when the result does not parse to the new values.
 */
export function setYamlNumbers(text: string, fields: Record<string, number>): string {
  let out = text;
  for (const [path, value] of Object.entries(fields)) {
    const key = path.split('.').pop()!;
    const pattern = new RegExp(`(\\b${key}:[ \\t]*)\\d+`, 'g');
    const hits = out.match(pattern)?.length ?? 0;
    if (hits !== 1) throw new Error(`${path}: expected the key "${key}" with a number exactly once, found ${hits}`);
    out = out.replace(pattern, `$1${value}`);
  }
  const data = parseYaml(out) as Record<string, unknown>;
  for (const [path, value] of Object.entries(fields)) {
    const found = path.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], data);
    if (found !== value) throw new Error(`${path}: could not be set to ${value} (reads ${String(found)})`);
  }
  return out;
}

// ---------------------------------------------------------------- posters

/** Text for SVG content and attribute values. */
function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface PosterSpec {
  id: string;
  title: string;
  /** Small caps line at the top, e.g. `CANOPY COVE TV · CULTIVATION`. */
  label: string;
  colours: Colours;
}

/** A video's 640x360 SVG poster: the label, the title wrapped to 30 characters a line, the id. */
export function videoPoster(spec: PosterSpec): string {
  const { background, accent } = spec.colours;
  const lines = wrapText(spec.title, 30, 4).map((line, i) => `<text x="32" y="${200 + 34 * i}" font-family="sans-serif" font-size="26" font-weight="bold" fill="#fff">${xml(line)}</text>`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360" role="img" aria-label="${xml(spec.title)} (placeholder thumbnail)">` +
    `<rect width="640" height="360" fill="${background}"/>` +
    `<path d="M540 30C604.0 78.0 588.0 158.0 540 190C492.0 158.0 476.0 78.0 540 30Z" fill="${accent}" opacity="0.5"/>` +
    `<text x="32" y="60" font-family="sans-serif" font-size="18" fill="${accent}">${xml(spec.label)}</text>` +
    lines.join('') +
    `<text x="608" y="336" text-anchor="end" font-family="sans-serif" font-size="16" fill="${accent}">${xml(spec.id)}</text></svg>\n`
  );
}

/** A clip's 360x640 (9:16) SVG poster: the label, the title centred 16 characters a line, id and length. */
export function clipPoster(spec: PosterSpec & { seconds: number }): string {
  const { background, accent } = spec.colours;
  const lines = wrapText(spec.title, 16, 6).map(
    (line, i) => `<text x="180" y="${400 + 34 * i}" text-anchor="middle" font-family="sans-serif" font-size="26" font-weight="bold" fill="#fff">${xml(line)}</text>`,
  );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="640" viewBox="0 0 360 640" role="img" aria-label="${xml(spec.title)} (placeholder clip thumbnail)">` +
    `<rect width="360" height="640" fill="${background}"/>` +
    `<path d="M180 110C268.0 176.0 246.0 286.0 180 330C114.0 286.0 92.0 176.0 180 110Z" fill="${accent}" opacity="0.5"/>` +
    `<text x="180" y="60" text-anchor="middle" font-family="sans-serif" font-size="18" fill="${accent}">${xml(spec.label)}</text>` +
    lines.join('') +
    `<text x="180" y="610" text-anchor="middle" font-family="sans-serif" font-size="16" fill="${accent}">${xml(spec.id)} · ${spec.seconds}s</text></svg>\n`
  );
}

// ---------------------------------------------------------------- the tools

export interface Tools {
  /** Runs a command and returns its standard output. */
  run(command: string, args: string[]): string;
}

export const systemTools: Tools = {
  run(command, args) {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 16 * 1024 * 1024 });
  },
};

/** The commands each kind of media is made with. */
export const toolsByKind = { video: ['ffmpeg'], clip: ['ffmpeg'], episode: ['espeak-ng', 'ffmpeg'] } as const;

/** Those of `names` that do not run here. */
export function missingTools(names: readonly string[], tools: Tools = systemTools): string[] {
  return names.filter((name) => {
    try {
      tools.run(name, [name === 'ffmpeg' ? '-version' : '--version']);
      return false;
    } catch {
      return true;
    }
  });
}

/** ffmpeg's filter-graph escaping for a value inside single quotes. */
function filterPath(path: string): string {
  return path.replace(/\\/g, '\\\\').replace(/:/g, '\\:').replace(/'/g, "\\'");
}

/**
 * A fontconfig pattern for drawtext's `fontfile`: when it names no file, drawtext asks fontconfig
 * (which Debian's ffmpeg is built with) for the best match, so no font path is needed.
 */
function font(style: 'Bold' | 'Book'): string {
  return filterPath(`DejaVu Sans:style=${style}`);
}

export interface VideoSpec {
  /** Where to write the .mp4. */
  out: string;
  title: string;
  /** Small caps line above the title, e.g. `CANOPY COVE TV · CULTIVATION`. */
  label: string;
  width: number;
  height: number;
  colours: Colours;
}

/**
 * A few seconds of H.264 (yuv420p, the `moov` atom first so playback starts before the download
 * ends): the background, the label, the wrapped title and a bar that fills as it plays.
 */
export function renderVideo(spec: VideoSpec, tools: Tools = systemTools): void {
  const work = mkdtempSync(join(tmpdir(), 'cc-media-'));
  const { background, accent } = spec.colours;
  try {
    const vertical = spec.height > spec.width;
    const titleSize = Math.round(spec.width / (vertical ? 11 : 17));
    const labelSize = Math.round(titleSize * 0.55);
    const margin = Math.round(spec.width * 0.07);
    const charsPerLine = Math.floor((spec.width - 2 * margin) / (titleSize * 0.56));
    const titleFile = join(work, 'title.txt');
    const labelFile = join(work, 'label.txt');
    const footFile = join(work, 'foot.txt');
    writeFileSync(titleFile, wrapText(spec.title, charsPerLine, vertical ? 7 : 4).join('\n'));
    writeFileSync(labelFile, spec.label);
    writeFileSync(footFile, 'Fictional demo video');
    const bar = Math.max(3, Math.round(spec.height / 45));
    const filters = [
      `drawtext=fontfile='${font('Book')}':textfile='${filterPath(labelFile)}':fontcolor=${accent}:fontsize=${labelSize}:x=${margin}:y=${margin}`,
      `drawtext=fontfile='${font('Bold')}':textfile='${filterPath(titleFile)}':fontcolor=${brand.text}:fontsize=${titleSize}:line_spacing=${Math.round(titleSize * 0.25)}:x=${margin}:y=(h-text_h)/2`,
      `drawtext=fontfile='${font('Book')}':textfile='${filterPath(footFile)}':fontcolor=${accent}:fontsize=${labelSize}:x=${margin}:y=h-${margin}-${labelSize}-${bar * 2}`,
    ].join(',');
    // The bar slides in from the left over the video's length (overlay evaluates x per frame).
    const graph = `[0:v]${filters}[bg];[bg][1:v]overlay=x='-w+w*t/${VIDEO_SECONDS}':y=H-h:shortest=1[v]`;
    mkdirSync(dirname(spec.out), { recursive: true });
    tools.run('ffmpeg', [
      '-y',
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `color=c=${background}:s=${spec.width}x${spec.height}:r=12:d=${VIDEO_SECONDS}`,
      '-f',
      'lavfi',
      '-i',
      `color=c=${accent}:s=${spec.width}x${bar}:r=12:d=${VIDEO_SECONDS}`,
      '-filter_complex',
      graph,
      '-map',
      '[v]',
      '-c:v',
      'libx264',
      '-preset',
      'veryslow',
      '-crf',
      '32',
      '-tune',
      'stillimage',
      '-profile:v',
      'main',
      '-pix_fmt',
      'yuv420p',
      '-g',
      '48',
      '-movflags',
      '+faststart',
      '-map_metadata',
      '-1',
      '-fflags',
      '+bitexact',
      '-flags:v',
      '+bitexact',
      spec.out,
    ]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export interface EpisodeSpec {
  /** Where to write the .mp3. */
  out: string;
  /** Where to write the .vtt, when the episode names a transcript. */
  transcriptOut?: string;
  lines: string[];
  title: string;
}

/** Pause between spoken sentences, in seconds. */
const SENTENCE_GAP = 0.35;
const SAMPLE_RATE = 22050;

/**
 * Speaks each line with espeak-ng, joins the lines with short pauses, encodes mono MP3 at
 * 32 kbit/s, and writes a transcript whose cues are the lines at the times they are spoken.
 */
export async function renderEpisode(spec: EpisodeSpec, tools: Tools = systemTools): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'cc-media-'));
  try {
    const durations: number[] = [];
    const parts: string[] = [];
    for (const [i, line] of spec.lines.entries()) {
      const wav = join(work, `line-${i}.wav`);
      tools.run('espeak-ng', ['-v', 'en-us', '-s', '165', '-w', wav, line]);
      durations.push((await readMediaFacts(wav)).seconds);
      parts.push(wav);
    }
    const inputs = parts.flatMap((p) => ['-i', p]);
    // Each line is resampled to one rate and padded with the pause, then all are joined.
    const chains = parts.map((_, i) => `[${i}:a]aresample=${SAMPLE_RATE},aformat=channel_layouts=mono,apad=pad_dur=${SENTENCE_GAP}[a${i}]`);
    const concat = `${parts.map((_, i) => `[a${i}]`).join('')}concat=n=${parts.length}:v=0:a=1[out]`;
    mkdirSync(dirname(spec.out), { recursive: true });
    tools.run('ffmpeg', [
      '-y',
      '-v',
      'error',
      ...inputs,
      '-filter_complex',
      [...chains, concat].join(';'),
      '-map',
      '[out]',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '32k',
      '-ar',
      String(SAMPLE_RATE),
      '-ac',
      '1',
      '-map_metadata',
      '-1',
      '-fflags',
      '+bitexact',
      '-flags:a',
      '+bitexact',
      '-write_xing',
      '1',
      '-id3v2_version',
      '0',
      spec.out,
    ]);
    if (spec.transcriptOut) {
      const cues = cueTimings(durations, SENTENCE_GAP).map((t, i) => ({ ...t, text: spec.lines[i] }));
      mkdirSync(dirname(spec.transcriptOut), { recursive: true });
      writeFileSync(spec.transcriptOut, webVtt(cues, spec.title));
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- the plan

interface VideoFile {
  id: string;
  title: string;
  category: string;
  thumbnail: string;
  playbackUrl: string;
}
interface ClipFile {
  id: string;
  videoId: string;
  title: string;
  thumbnail: string;
  playbackUrl: string;
}
interface EpisodeFile {
  id: string;
  title: string;
  description: string;
  season?: number;
  episode?: number;
  audio: { url: string };
  transcriptUrl?: string;
}

/** One entry whose media `npm run media` makes. */
export interface MediaJob {
  kind: keyof typeof toolsByKind;
  id: string;
  /** The content file, whose numbers are written back. */
  contentFile: string;
}

export interface MediaReport {
  file: string;
  bytes: number;
  seconds: number;
}

export interface MediaOptions {
  contentDir: string;
  publicDir: string;
  /** Only entries whose id is listed (all when empty). */
  only?: string[];
}

/** A site path (`/media/x.mp4`) as a file under public/, or undefined when it is not local. */
export function publicFile(publicDir: string, sitePath: string): string | undefined {
  if (!sitePath.startsWith('/') || sitePath.startsWith('//') || sitePath.split('/').includes('..')) return undefined;
  return join(publicDir, sitePath);
}

function readYaml<T>(file: string): T {
  return parseYaml(readFileSync(file, 'utf8')) as T;
}

function listYaml(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => join(dir, f));
}

const folders = { video: 'videos', clip: 'clips', episode: 'podcast/episodes' } as const;

/**
 * The entries to make media for, and the ids asked for that name no video, clip or episode (an
 * editor who runs `npm run media -- cc-029` before saving content/videos/cc-029.yaml is told so).
 */
export function planMedia(options: MediaOptions): { jobs: MediaJob[]; unknown: string[] } {
  const wanted = (id: string) => !options.only?.length || options.only.includes(id);
  const jobs = (Object.keys(folders) as Array<keyof typeof folders>).flatMap((kind) =>
    listYaml(join(options.contentDir, folders[kind]))
      .map((contentFile) => ({ kind, id: basename(contentFile, '.yaml'), contentFile }))
      .filter((job) => wanted(job.id)),
  );
  const unknown = (options.only ?? []).filter((id) => !jobs.some((job) => job.id === id));
  return { jobs, unknown };
}

/** The commands a set of jobs needs, each once. */
export function toolsFor(jobs: MediaJob[]): string[] {
  return [...new Set(jobs.flatMap((job) => toolsByKind[job.kind]))];
}

/**
 * Renders the jobs' media and writes back into each content file what its files say of
 * themselves. Returns the audio and video files it wrote.
 */
export async function generateMedia(options: MediaOptions & { jobs: MediaJob[]; tools?: Tools; log?: (line: string) => void }): Promise<MediaReport[]> {
  const { contentDir, publicDir, jobs, tools = systemTools, log = () => undefined } = options;
  const site = readYaml<{ name: string; categories: Array<{ id: string; name: string }> }>(join(contentDir, 'site.yaml'));
  const show = readYaml<{ title: string }>(join(contentDir, 'podcast/show.yaml'));
  const categoryName = new Map(site.categories.map((c) => [c.id, c.name]));
  const videoCategory = new Map(listYaml(join(contentDir, 'videos')).map((f) => [basename(f, '.yaml'), readYaml<VideoFile>(f).category]));
  const brandLabel = site.name.toUpperCase();
  const reports: MediaReport[] = [];
  const relative = (file: string) => file.slice(publicDir.length);
  const record = async (file: string) => {
    const facts = await readMediaFacts(file);
    const report = { file, bytes: statSync(file).size, seconds: facts.seconds };
    reports.push(report);
    log(`${relative(file)}  ${(report.bytes / 1024).toFixed(1)} KiB  ${report.seconds.toFixed(2)} s`);
    return { ...report, ...facts };
  };
  /** Writes an SVG poster where the content names a local .svg thumbnail (a photo stays as it is). */
  const poster = (sitePath: string, svg: () => string) => {
    const file = publicFile(publicDir, sitePath);
    if (!file?.endsWith('.svg')) return;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, svg());
    log(`${relative(file)}  poster`);
  };
  const writeBack = (file: string, fields: Record<string, number>) => {
    const text = readFileSync(file, 'utf8');
    const updated = setYamlNumbers(text, fields);
    if (updated !== text) writeFileSync(file, updated);
  };
  const wholeSeconds = (seconds: number) => Math.max(1, Math.round(seconds));

  for (const job of jobs) {
    if (job.kind === 'video') {
      const video = readYaml<VideoFile>(job.contentFile);
      const colours = coloursOf(video.category);
      const label = `${brandLabel} · ${(categoryName.get(video.category) ?? video.category).toUpperCase()}`;
      poster(video.thumbnail, () => videoPoster({ id: video.id, title: video.title, label, colours }));
      const out = publicFile(publicDir, video.playbackUrl);
      if (!out) continue;
      renderVideo({ out, title: video.title, label, width: 320, height: 180, colours }, tools);
      writeBack(job.contentFile, { durationSeconds: wholeSeconds((await record(out)).seconds) });
    } else if (job.kind === 'clip') {
      const clip = readYaml<ClipFile>(job.contentFile);
      const colours = coloursOf(videoCategory.get(clip.videoId));
      const label = `${brandLabel} · CLIP`;
      const out = publicFile(publicDir, clip.playbackUrl);
      if (!out) continue;
      renderVideo({ out, title: clip.title, label, width: 180, height: 320, colours }, tools);
      const facts = await record(out);
      poster(clip.thumbnail, () => clipPoster({ id: clip.id, title: clip.title, label, colours, seconds: wholeSeconds(facts.seconds) }));
      writeBack(job.contentFile, { durationSeconds: wholeSeconds(facts.seconds), ...(facts.width && facts.height ? { width: facts.width, height: facts.height } : {}) });
    } else {
      const episode = readYaml<EpisodeFile>(job.contentFile);
      const out = publicFile(publicDir, episode.audio.url);
      if (!out) continue;
      const transcriptOut = episode.transcriptUrl ? publicFile(publicDir, episode.transcriptUrl) : undefined;
      const lines = episodeScript({ showTitle: show.title, title: episode.title, description: episode.description, season: episode.season, episode: episode.episode });
      await renderEpisode({ out, transcriptOut, lines, title: episode.title }, tools);
      const report = await record(out);
      if (transcriptOut) log(`${relative(transcriptOut)}  ${(statSync(transcriptOut).size / 1024).toFixed(1)} KiB`);
      writeBack(job.contentFile, { durationSeconds: wholeSeconds(report.seconds), 'audio.lengthBytes': report.bytes });
    }
  }
  return reports;
}
