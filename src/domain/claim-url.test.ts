import { describe, expect, it } from 'vitest';
import { claimUrlProblem, isPublicAddress, normaliseClaimUrl } from './claim-url.ts';

describe('normaliseClaimUrl (RFC 3986 section 6, plus tracking parameters)', () => {
  it('folds the spellings of one page together', () => {
    expect(normaliseClaimUrl('HTTPS://Example.COM:443/a?b=1#frag')).toBe('https://example.com/a?b=1');
    expect(normaliseClaimUrl('https://example.com')).toBe('https://example.com/');
    expect(normaliseClaimUrl('https://example.com/post/1/')).toBe('https://example.com/post/1');
    expect(normaliseClaimUrl('https://example.com./post/1')).toBe('https://example.com/post/1');
    expect(normaliseClaimUrl('http://example.com:80/a/b/../c')).toBe('http://example.com/a/c');
    expect(normaliseClaimUrl('https://example.com/%70ost/%7e1?x=%2f')).toBe('https://example.com/post/~1?x=%2F');
    expect(normaliseClaimUrl('https://example.com/p?utm_source=a&id=7&UTM_Medium=b&fbclid=c&gclid=d')).toBe('https://example.com/p?id=7');
    expect(normaliseClaimUrl('https://example.com/p?utm_campaign=x')).toBe('https://example.com/p');
  });
  it('keeps what makes pages different: path case, other parameters and their order', () => {
    expect(normaliseClaimUrl('https://example.com/A')).not.toBe(normaliseClaimUrl('https://example.com/a'));
    expect(normaliseClaimUrl('https://example.com/p?page=2')).toBe('https://example.com/p?page=2');
    expect(normaliseClaimUrl('https://example.com/p?a=1&b=2')).not.toBe(normaliseClaimUrl('https://example.com/p?b=2&a=1'));
  });
});

describe('claimUrlProblem', () => {
  it('accepts public http(s) urls', () => {
    for (const url of ['https://example.com/', 'http://social.example/post/1', 'http://8.8.8.8/', 'http://[2606:4700::1]/', 'http://[::ffff:8.8.8.8]/'])
      expect([url, claimUrlProblem(url)]).toEqual([url, undefined]);
  });
  it('refuses credentials, other schemes, private, loopback, link-local and reserved addresses in any spelling, and local names', () => {
    for (const url of [
      'ftp://example.com/',
      'https://u:p@example.com/',
      'https://u@example.com/',
      'http://127.0.0.1/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://017700000001/',
      'http://0/',
      'http://10.1.2.3/',
      'http://172.31.0.1/',
      'http://192.168.0.1/',
      'http://169.254.169.254/',
      'http://100.64.0.1/',
      'http://198.18.0.1/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
      'http://[::1]/',
      'http://[::]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:a00:1]/',
      'http://[64:ff9b::a00:1]/',
      'http://[fe80::1]/',
      'http://[fc00::1]/',
      'http://[fd12:3456::1]/',
      'http://[ff02::1]/',
      'http://[2001:db8::1]/',
      'http://[2002:7f00:1::]/',
      'http://localhost/',
      'http://api.localhost/',
      'http://printer.local/',
      'http://db.internal/',
      'http://intranet/',
    ])
      expect([url, claimUrlProblem(url)]).not.toEqual([url, undefined]);
  });
  it('lets the test-only origins through, and only them', () => {
    expect(claimUrlProblem('http://127.0.0.1:4000/page', ['http://127.0.0.1:4000'])).toBeUndefined();
    expect(claimUrlProblem('http://127.0.0.1:4001/page', ['http://127.0.0.1:4000'])).toBeDefined();
    expect(claimUrlProblem('http://u:p@127.0.0.1:4000/page', ['http://127.0.0.1:4000'])).toBeDefined();
  });
});

describe('isPublicAddress', () => {
  it('tells public from non-public addresses', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('172.32.0.1')).toBe(true);
    expect(isPublicAddress('172.15.255.255')).toBe(true);
    expect(isPublicAddress('172.16.0.0')).toBe(false);
    expect(isPublicAddress('not an ip')).toBe(false);
    expect(isPublicAddress('2a00:1450:4001::200e')).toBe(true);
    expect(isPublicAddress('::ffff:192.168.1.1')).toBe(false);
  });
});
