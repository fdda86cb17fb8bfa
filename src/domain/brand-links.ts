/**
 * What verifies a claimed promotion: the claimed page links to the brand's site or content, that
 * is, some `href` on it resolves to the brand's host (or a subdomain of it). Pure: the verifier
 * fetches the page and passes its text here.
 *
 * A regular expression over `href` attributes rather than a DOM: the verifier reads at most a few
 * hundred KiB of untrusted markup and needs one yes or no, and a link in a comment or script
 * counting too is a small price next to a parser's cost and attack surface.
 */
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&#38;': '&', '&#x26;': '&', '&quot;': '"', '&#47;': '/', '&#x2f;': '/' };

/** Whether `host` is one of the brand's hosts or a subdomain of one. */
export function isBrandHost(host: string, brandHosts: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.+$/, '');
  return brandHosts.some((brand) => h === brand.toLowerCase() || h.endsWith(`.${brand.toLowerCase()}`));
}

/** The first link on the page to one of `brandHosts`, absolute, or undefined when there is none. */
export function brandLinkIn(html: string, pageUrl: string, brandHosts: readonly string[]): string | undefined {
  for (const match of html.matchAll(HREF)) {
    const raw = (match[1] ?? match[2] ?? match[3] ?? '').trim().replace(/&(amp|quot|#38|#x26|#47|#x2f);/gi, (e) => ENTITIES[e.toLowerCase()] ?? e);
    let link: URL;
    try {
      link = new URL(raw, pageUrl);
    } catch {
      continue;
    }
    if (link.protocol !== 'http:' && link.protocol !== 'https:') continue;
    if (isBrandHost(link.hostname, brandHosts)) return link.href;
  }
  return undefined;
}
