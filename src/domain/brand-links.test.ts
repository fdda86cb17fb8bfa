import { describe, expect, it } from 'vitest';
import { brandLinkIn } from './brand-links.ts';

const page = 'https://blog.example.org/posts/7';

describe('brandLinkIn', () => {
  it('finds a link to the brand host or a subdomain, in any quoting', () => {
    expect(brandLinkIn('<a href="https://canopycove.example/videos/cc-001">watch</a>', page, ['canopycove.example'])).toBe('https://canopycove.example/videos/cc-001');
    expect(brandLinkIn("<a href='https://WWW.CanopyCove.example/'>x</a>", page, ['canopycove.example'])).toBe('https://www.canopycove.example/');
    expect(brandLinkIn('<a href=https://canopycove.example/shop>x</a>', page, ['canopycove.example'])).toBe('https://canopycove.example/shop');
    expect(brandLinkIn('<a href="https://canopycove.example/knowledge?a=1&amp;b=2">x</a>', page, ['canopycove.example'])).toBe('https://canopycove.example/knowledge?a=1&b=2');
  });
  it('ignores other hosts, look-alikes, text mentions and non-http links', () => {
    expect(brandLinkIn('<p>Visit canopycove.example today</p>', page, ['canopycove.example'])).toBeUndefined();
    expect(brandLinkIn('<a href="https://canopycove.example.evil.test/">x</a>', page, ['canopycove.example'])).toBeUndefined();
    expect(brandLinkIn('<a href="https://notcanopycove.example/">x</a>', page, ['canopycove.example'])).toBeUndefined();
    expect(brandLinkIn('<a href="javascript:alert(1)">x</a><a href="/relative">y</a>', page, ['canopycove.example'])).toBeUndefined();
    expect(brandLinkIn('<a href="http://[::1">broken</a>', page, ['canopycove.example'])).toBeUndefined();
  });
  it('takes any of several brand hosts', () => {
    expect(brandLinkIn('<a href="https://tv.example.org/videos">x</a>', page, ['canopycove.example', 'tv.example.org'])).toBe('https://tv.example.org/videos');
  });
  it('resolves relative links against the page (a page on the brand host links to it)', () => {
    expect(brandLinkIn('<a href="/videos">x</a>', 'https://canopycove.example/a', ['canopycove.example'])).toBe('https://canopycove.example/videos');
  });
});
