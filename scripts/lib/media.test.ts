/** The pure parts of `npm run media`: wrapping, the spoken script, WebVTT, in-place YAML edits. */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { cueTimings, episodeScript, publicFile, sentences, setYamlNumbers, thumbnailColours, vttTime, webVtt, wrapText } from './media.ts';

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

describe('thumbnailColours', () => {
  it('reads the background rect and the label colour of a thumbnail, or nothing', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="640" height="360" fill="#6b3a1f"/><path fill="#fff"/><text x="32" fill="#e8a25c">LABEL</text></svg>';
    expect(thumbnailColours(svg)).toEqual({ background: '#6b3a1f', accent: '#e8a25c' });
    expect(thumbnailColours('<svg><circle fill="#000000"/></svg>')).toBeUndefined();
  });
});
