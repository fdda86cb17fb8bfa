import { describe, expect, it } from 'vitest';
import { podcastGuidFor, uuidV5 } from './uuid-v5.ts';

describe('uuidV5', () => {
  it('matches the RFC 9562 appendix vector (DNS namespace, www.example.com)', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('matches the podcast:guid example of the Podcasting 2.0 namespace documentation', () => {
    expect(podcastGuidFor('https://mp3s.nashownotes.com/pc20rss.xml')).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
    expect(podcastGuidFor('podnews.net/rss')).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c');
    expect(podcastGuidFor('https://podnews.net/rss////')).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c');
  });

  it('rejects a namespace that is not a UUID', () => {
    expect(() => uuidV5('x', 'nope')).toThrow(/not a UUID/);
  });
});
