import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { renderXml, rfc822, xmlSafe } from './xml.ts';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, parseAttributeValue: false });

describe('renderXml', () => {
  it('escapes markup characters in text and attributes so a parser reads them back unchanged', () => {
    const nasty = `Tom & Jerry's <b>"best"</b> ]]> episode`;
    const xml = renderXml({ root: { title: nasty, link: { '@_href': nasty } } });
    expect(xml).not.toContain('<b>');
    expect(xml).toContain('&amp;');
    expect(xml).toContain('&lt;b&gt;');
    const parsed = parser.parse(xml);
    expect(parsed.root.title).toBe(nasty);
    expect(parsed.root.link['@_href']).toBe(nasty);
  });

  it('starts with the XML declaration and leaves out undefined members', () => {
    const xml = renderXml({ root: { a: 'x', b: undefined } });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<root>')).toBe(true);
    expect(xml).not.toContain('<b');
  });

  it('drops characters XML 1.0 forbids, keeping tab, newline and astral characters', () => {
    expect(xmlSafe('a\u0000b\u0008c\u000Bd\tE\nF\uFFFE🌿')).toBe('abcd\tE\nF🌿');
    expect(xmlSafe('lone \uD800 surrogate')).toBe('lone  surrogate');
    const xml = renderXml({ root: { t: 'bad\u0001char' } });
    expect(parser.parse(xml).root.t).toBe('badchar');
  });
});

describe('rfc822', () => {
  it('formats an instant in GMT as RSS 2.0 dates require', () => {
    expect(rfc822('2026-03-03T09:00:00-08:00')).toBe('Tue, 03 Mar 2026 17:00:00 GMT');
  });
});
