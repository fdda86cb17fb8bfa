import { describe, expect, it } from 'vitest';
import { claimSite, isExemptHost } from './claim-hosts.ts';

describe('claimSite', () => {
  it('counts subdomains of one registrable domain as one site, and independent private-suffix sites apart', () => {
    expect(claimSite('a.evil.example')).toBe('evil.example');
    expect(claimSite('B.Evil.Example.')).toBe('evil.example');
    expect(claimSite('blog.example.co.uk')).toBe('example.co.uk');
    expect(claimSite('alice.github.io')).toBe('alice.github.io');
    expect(claimSite('127.0.0.1')).toBe('127.0.0.1');
    expect(claimSite('[2001:db8::1]')).toBe('2001:db8::1');
  });
});

describe('isExemptHost', () => {
  it('exempts the brand and the large platforms with their subdomains, nothing else', () => {
    const brand = ['canopycove.example'];
    for (const host of ['canopycove.example', 'www.canopycove.example', 'www.youtube.com', 'm.youtube.com', 'x.com', 'old.reddit.com', 'someone.substack.com', 'github.com']) {
      expect([host, isExemptHost(host, brand)]).toEqual([host, true]);
    }
    for (const host of ['evil.example', 'notyoutube.com', 'youtube.com.evil.example', 'alice.github.io']) expect([host, isExemptHost(host, brand)]).toEqual([host, false]);
  });
});
