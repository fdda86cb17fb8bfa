/**
 * XML output shared by the RSS feeds. fast-xml-parser's XMLBuilder escapes `& < > " '` in text and
 * attributes; what it does not do is drop the control characters XML 1.0 forbids outright, which
 * would make a strict parser reject the whole feed over one stray byte in an editor's text. So
 * every string goes through `xmlSafe` before it reaches the builder.
 */
import { XMLBuilder } from 'fast-xml-parser';

/** A node for XMLBuilder: `@_name` keys are attributes, `#text` is the text content. */
export type XmlNode = { [key: string]: XmlValue };
export type XmlValue = string | number | XmlNode | XmlNode[] | string[] | undefined;

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
});

// Characters outside XML 1.0's Char production: C0 controls other than tab, LF and CR, lone
// surrogates, and U+FFFE/U+FFFF.
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlSafe(text: string): string {
  return text.replace(INVALID_XML_CHARS, '');
}

function sanitize(value: XmlValue): XmlValue {
  if (typeof value === 'string') return xmlSafe(value);
  if (Array.isArray(value)) return value.map((v) => sanitize(v)) as XmlNode[] | string[];
  if (value && typeof value === 'object') {
    const out: XmlNode = {};
    for (const [key, v] of Object.entries(value)) if (v !== undefined) out[key] = sanitize(v);
    return out;
  }
  return value;
}

/** A complete XML document with its declaration; `undefined` members are left out. */
export function renderXml(root: XmlNode): string {
  const body = builder.build(sanitize(root)) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}

/** RFC 822 date-time as RSS 2.0 wants it (`Tue, 03 Mar 2026 17:00:00 GMT`). */
export function rfc822(instant: string): string {
  return new Date(instant).toUTCString();
}

export const ATOM_NS = 'http://www.w3.org/2005/Atom';
