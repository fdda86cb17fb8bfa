/**
 * The pure parts of `npm run media`: wrapping, the spoken script, WebVTT, in-place YAML edits,
 * the posters, and which tools a set of ids needs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { clipPoster, coloursOf, cueTimings, episodeScript, missingTools, planMedia, publicFile, sentences, setYamlNumbers, toolsFor, videoPoster, vttTime, webVtt, wrapText } from './media.ts';

describe('wrapText', () => {
  it('wraps at word boundaries and shortens past the last line', () => {
    expect(wrapText('Seed to Sprout: A Beginner’s Germination Guide', 16)).toEqual(['Seed to Sprout:', 'A Beginner’s', 'Germination', 'Guide']);
    expect(wrapText('one two three four five six', 9, 2)).toEqual(['one two', 'three fo…']);
    expect(wrapText('Supercalifragilistic word', 5)).toEqual(['Supercalifragilistic', 'word']);
  });
});

describe('the spoken script', () => {
  it('says the show, the episode number, the title, each sentence, and that it is a demo', () => {
    const lines = episodeScript({ showTitle: 'Canopy Cove Radio', title: 'Festival Season', description: 'Field recordings. Plus a wrap-up!', season: 1, episode: 5 });
    expect(lines).toEqual([
      'Canopy Cove Radio, season 1, episode 5.',
      'Festival Season.',
      'Field recordings.',
      'Plus a wrap-up!',
      'This is a short demo recording for a fictional show; the full episode does not exist.',
    ]);
    expect(sentences('A trailer: who we are. Dr. Ines Marlowe joins. End')).toEqual(['A trailer: who we are.', 'Dr. Ines Marlowe joins.', 'End']);
  });
});

describe('WebVTT', () => {
  it('formats timestamps and numbered cues, escaping markup', () => {
    expect(vttTime(0)).toBe('00:00:00.000');
    expect(vttTime(3723.4567)).toBe('01:02:03.457');
    const cues = cueTimings([1.5, 2], 0.25).map((t, i) => ({ ...t, text: ['Hello <b>world</b>', 'A --> B & C'][i] }));
    expect(cues.map((c) => [c.start, c.end])).toEqual([
      [0, 1.5],
      [1.75, 3.75],
    ]);
    expect(webVtt(cues, 'Title')).toBe('WEBVTT - Title\n\n1\n00:00:00.000 --> 00:00:01.500\nHello &lt;b&gt;world&lt;/b&gt;\n\n2\n00:00:01.750 --> 00:00:03.750\nA --&gt; B &amp; C\n');
  });
});

describe('setYamlNumbers', () => {
  const episode = [
    'id: ep-002',
    'title: Dirt # not a comment in a plain scalar? it is one',
    'durationSeconds: 2714',
    'audio: { url: /media/podcast/ep-002.mp3, type: audio/mpeg, lengthBytes: 43424000 }',
    '# a comment that stays',
    '',
  ].join('\n');

  it('changes only the numbers, leaving flow maps and comments as they were', () => {
    const out = setYamlNumbers(episode, { durationSeconds: 19, 'audio.lengthBytes': 75833 });
    expect(out).toBe(episode.replace('2714', '19').replace('43424000', '75833'));
    expect(parse(out)).toMatchObject({ durationSeconds: 19, audio: { lengthBytes: 75833 } });
  });

  it('refuses a key it cannot find exactly once', () => {
    expect(() => setYamlNumbers('id: x\n', { durationSeconds: 4 })).toThrow(/durationSeconds: expected the key "durationSeconds" with a number exactly once, found 0/);
  });
});

describe('publicFile', () => {
  it('maps site paths under public/ and refuses anything else', () => {
    expect(publicFile('/repo/public', '/media/videos/cc-001.mp4')).toBe('/repo/public/media/videos/cc-001.mp4');
    expect(publicFile('/repo/public', 'https://cdn.example/x.mp4')).toBeUndefined();
    expect(publicFile('/repo/public', '//cdn.example/x.mp4')).toBeUndefined();
    expect(publicFile('/repo/public', '/media/../../etc/passwd')).toBeUndefined();
  });
});

describe('posters', () => {
  it('reproduces every committed video poster from its title and category', () => {
    const site = parse(readFileSync('content/site.yaml', 'utf8')) as { name: string; categories: Array<{ id: string; name: string }> };
    const files = readdirSync('content/videos').filter((f) => f.endsWith('.yaml'));
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) {
      const video = parse(readFileSync(join('content/videos', f), 'utf8')) as { id: string; title: string; category: string; thumbnail: string };
      const category = site.categories.find((c) => c.id === video.category)!.name.toUpperCase();
      const svg = videoPoster({ id: video.id, title: video.title, label: `${site.name.toUpperCase()} · ${category}`, colours: coloursOf(video.category) });
      expect(svg, video.id).toBe(readFileSync(join('public', video.thumbnail), 'utf8'));
    }
  });

  it('escapes markup, and gives a clip its length; an unknown category takes the brand colours', () => {
    const svg = clipPoster({ id: 'clip-099', title: 'Salt & <Pepper> "Live"', label: 'CANOPY COVE TV · CLIP', colours: coloursOf('gardening'), seconds: 4 });
    expect(svg).toContain('aria-label="Salt &amp; &lt;Pepper&gt; &quot;Live&quot; (placeholder clip thumbnail)"');
    expect(svg).toContain('>Salt &amp; &lt;Pepper&gt;</text>');
    expect(svg).toContain('>clip-099 · 4s</text>');
    expect(svg).toContain('fill="#1f4d2b"');
  });
});

describe('the tools an editor needs', () => {
  const options = { contentDir: 'content', publicDir: 'public' };

  it('asks ffmpeg alone for videos and clips, and espeak-ng too only for episodes', () => {
    expect(toolsFor(planMedia({ ...options, only: ['cc-001'] }).jobs)).toEqual(['ffmpeg']);
    expect(toolsFor(planMedia({ ...options, only: ['clip-001', 'cc-002'] }).jobs)).toEqual(['ffmpeg']);
    expect(toolsFor(planMedia({ ...options, only: ['ep-001'] }).jobs)).toEqual(['espeak-ng', 'ffmpeg']);
    expect(new Set(toolsFor(planMedia(options).jobs))).toEqual(new Set(['ffmpeg', 'espeak-ng']));
  });

  it('names the ids that are no video, clip or episode', () => {
    expect(planMedia({ ...options, only: ['cc-001', 'cc-999'] })).toMatchObject({ jobs: [{ kind: 'video', id: 'cc-001' }], unknown: ['cc-999'] });
  });

  it('names the commands that do not run', () => {
    const installed = new Set(['ffmpeg']);
    const tools = {
      run(command: string) {
        if (!installed.has(command)) throw new Error(`spawn ${command} ENOENT`);
        return '';
      },
    };
    expect(missingTools(['espeak-ng', 'ffmpeg'], tools)).toEqual(['espeak-ng']);
    expect(missingTools(['ffmpeg'], tools)).toEqual([]);
  });
});
