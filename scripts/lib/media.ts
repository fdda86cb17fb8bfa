/**
 * Makes the demo catalog's media from its content: a short video for every video and clip
 * (`playbackUrl`, the title on the brand's background), a spoken MP3 for every episode
 * (`audio.url`, read from its title and description by espeak-ng) and a WebVTT transcript of the
 * same words where the episode names one (`transcriptUrl`), then writes the real durations and
 * byte lengths back into the content files. `scripts/media.ts` is the command (`npm run media`).
 *
 * The tools (ffmpeg, ffprobe, espeak-ng, fc-match) are needed only to regenerate: the files are
 * committed under public/. A video takes the colours of its SVG thumbnail, so it looks like its
 * poster. The text helpers at the top are pure and unit-tested; the rest runs
 * the tools. Every file is small on purpose (low resolution, low frame rate, mono 32 kbit/s), so
 * the whole set stays well under 8 MB.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse as parseYaml } from 'yaml';

/** Brand colours of the thumbnails (public/media/thumbs/*.svg). */
export const brand = { background: '#1f4d2b', accent: '#7fb069', text: '#ffffff' } as const;

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

/** Whether the commands `npm run media` needs are installed; the names of those missing. */
export function missingTools(tools: Tools = systemTools): string[] {
  return ['ffmpeg', 'ffprobe', 'espeak-ng', 'fc-match'].filter((name) => {
    try {
      tools.run(name, name === 'fc-match' ? ['--version'] : name === 'espeak-ng' ? ['--version'] : ['-version']);
      return false;
    } catch {
      return true;
    }
  });
}

/** Duration in seconds of a media file, read by ffprobe. */
export function probeSeconds(file: string, tools: Tools = systemTools): number {
  const out = tools.run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', file]);
  const seconds = Number(out.trim());
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`ffprobe could not read a duration from ${file}: ${out.trim()}`);
  return seconds;
}

function fontFile(tools: Tools, style: string): string {
  return tools.run('fc-match', ['-f', '%{file}', `DejaVu Sans:style=${style}`]).trim();
}

/** ffmpeg's filter-graph escaping for a value inside single quotes. */
function filterPath(path: string): string {
  return path.replace(/\\/g, '\\\\').replace(/:/g, '\\:').replace(/'/g, "\\'");
}

export interface VideoSpec {
  /** Where to write the .mp4. */
  out: string;
  title: string;
  /** Small caps line above the title, e.g. `CANOPY COVE TV · CULTIVATION`. */
  label: string;
  width: number;
  height: number;
  /** Background and accent colours; the brand's by default. */
  colours?: { background: string; accent: string };
}

/**
 * The background and accent colours of an SVG thumbnail made like public/media/thumbs/*.svg (a
 * full-size rect, then the label text), so a video looks like its poster; undefined otherwise.
 */
export function thumbnailColours(svg: string): { background: string; accent: string } | undefined {
  const background = /<rect\b[^>]*\bfill="(#[0-9a-fA-F]{6})"/.exec(svg)?.[1];
  const accent = /<text\b[^>]*\bfill="(#[0-9a-fA-F]{6})"/.exec(svg)?.[1];
  return background && accent ? { background, accent } : undefined;
}

/**
 * A few seconds of H.264 (yuv420p, the `moov` atom first so playback starts before the download
 * ends): the brand background, the label, the wrapped title and a bar that fills as it plays.
 */
export function renderVideo(spec: VideoSpec, tools: Tools = systemTools): void {
  const work = mkdtempSync(join(tmpdir(), 'cc-media-'));
  const { background, accent } = spec.colours ?? brand;
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
    const bold = filterPath(fontFile(tools, 'Bold'));
    const regular = filterPath(fontFile(tools, 'Book'));
    const bar = Math.max(3, Math.round(spec.height / 45));
    const filters = [
      `drawtext=fontfile='${regular}':textfile='${filterPath(labelFile)}':fontcolor=${accent}:fontsize=${labelSize}:x=${margin}:y=${margin}`,
      `drawtext=fontfile='${bold}':textfile='${filterPath(titleFile)}':fontcolor=${brand.text}:fontsize=${titleSize}:line_spacing=${Math.round(titleSize * 0.25)}:x=${margin}:y=(h-text_h)/2`,
      `drawtext=fontfile='${regular}':textfile='${filterPath(footFile)}':fontcolor=${accent}:fontsize=${labelSize}:x=${margin}:y=h-${margin}-${labelSize}-${bar * 2}`,
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
export function renderEpisode(spec: EpisodeSpec, tools: Tools = systemTools): void {
  const work = mkdtempSync(join(tmpdir(), 'cc-media-'));
  try {
    const durations: number[] = [];
    const parts: string[] = [];
    spec.lines.forEach((line, i) => {
      const wav = join(work, `line-${i}.wav`);
      tools.run('espeak-ng', ['-v', 'en-us', '-s', '165', '-w', wav, line]);
      durations.push(probeSeconds(wav, tools));
      parts.push(wav);
    });
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
  durationSeconds: number;
}
interface ClipFile {
  id: string;
  title: string;
  thumbnail: string;
  playbackUrl: string;
  durationSeconds: number;
  width: number;
  height: number;
}
interface EpisodeFile {
  id: string;
  title: string;
  description: string;
  season?: number;
  episode?: number;
  durationSeconds: number;
  audio: { url: string; lengthBytes: number };
  transcriptUrl?: string;
}

export interface MediaReport {
  file: string;
  bytes: number;
  seconds: number;
}

export interface GenerateMediaOptions {
  contentDir: string;
  publicDir: string;
  /** Only entries whose id is listed (all when empty). */
  only?: string[];
  tools?: Tools;
  log?: (line: string) => void;
}

/** A site path (`/media/x.mp4`) as a file under public/, or undefined when it is not local. */
export function publicFile(publicDir: string, sitePath: string): string | undefined {
  if (!sitePath.startsWith('/') || sitePath.startsWith('//') || sitePath.split('/').includes('..')) return undefined;
  return join(publicDir, sitePath);
}

function readYaml<T>(file: string): { text: string; data: T } {
  const text = readFileSync(file, 'utf8');
  return { text, data: parseYaml(text) as T };
}

function listYaml(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => join(dir, f));
}

/**
 * Renders every local media file the content names and writes back each file's real duration
 * (and, for episodes, byte length) into its content file. Returns what it wrote.
 */
export function generateMedia(options: GenerateMediaOptions): MediaReport[] {
  const { contentDir, publicDir, tools = systemTools, log = () => undefined } = options;
  const wanted = (id: string) => !options.only?.length || options.only.includes(id);
  const site = parseYaml(readFileSync(join(contentDir, 'site.yaml'), 'utf8')) as { name: string; categories: Array<{ id: string; name: string }> };
  const show = parseYaml(readFileSync(join(contentDir, 'podcast/show.yaml'), 'utf8')) as { title: string };
  const categoryName = new Map(site.categories.map((c) => [c.id, c.name]));
  const reports: MediaReport[] = [];
  const record = (file: string) => {
    const report = { file, bytes: statSync(file).size, seconds: probeSeconds(file, tools) };
    reports.push(report);
    log(`${file.slice(publicDir.length)}  ${(report.bytes / 1024).toFixed(1)} KiB  ${report.seconds.toFixed(2)} s`);
    return report;
  };
  const coloursOf = (thumbnail: string) => {
    const file = publicFile(publicDir, thumbnail);
    return file?.endsWith('.svg') && existsSync(file) ? thumbnailColours(readFileSync(file, 'utf8')) : undefined;
  };
  const writeBack = (file: string, text: string, fields: Record<string, number>) => {
    const updated = setYamlNumbers(text, fields);
    if (updated !== text) writeFileSync(file, updated);
  };

  for (const file of listYaml(join(contentDir, 'videos'))) {
    const { text, data } = readYaml<VideoFile>(file);
    const out = publicFile(publicDir, data.playbackUrl);
    if (!out || !wanted(data.id)) continue;
    const label = `${site.name.toUpperCase()} · ${(categoryName.get(data.category) ?? data.category).toUpperCase()}`;
    renderVideo({ out, title: data.title, label, width: 320, height: 180, colours: coloursOf(data.thumbnail) }, tools);
    writeBack(file, text, { durationSeconds: Math.max(1, Math.round(record(out).seconds)) });
  }
  for (const file of listYaml(join(contentDir, 'clips'))) {
    const { text, data } = readYaml<ClipFile>(file);
    const out = publicFile(publicDir, data.playbackUrl);
    if (!out || !wanted(data.id)) continue;
    renderVideo({ out, title: data.title, label: `${site.name.toUpperCase()} · CLIP`, width: 180, height: 320, colours: coloursOf(data.thumbnail) }, tools);
    writeBack(file, text, { durationSeconds: Math.max(1, Math.round(record(out).seconds)) });
  }
  for (const file of listYaml(join(contentDir, 'podcast/episodes'))) {
    const { text, data } = readYaml<EpisodeFile>(file);
    const out = publicFile(publicDir, data.audio.url);
    if (!out || !wanted(data.id)) continue;
    const transcriptOut = data.transcriptUrl ? publicFile(publicDir, data.transcriptUrl) : undefined;
    const lines = episodeScript({ showTitle: show.title, title: data.title, description: data.description, season: data.season, episode: data.episode });
    renderEpisode({ out, transcriptOut, lines, title: data.title }, tools);
    const report = record(out);
    if (transcriptOut) log(`${transcriptOut.slice(publicDir.length)}  ${(statSync(transcriptOut).size / 1024).toFixed(1)} KiB`);
    writeBack(file, text, { durationSeconds: Math.max(1, Math.round(report.seconds)), 'audio.lengthBytes': report.bytes });
  }
  return reports;
}
