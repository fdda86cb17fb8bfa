/**
 * What a claimed promotion's url must be, and the one form of it that dedupe compares. Pure: the
 * verifier (src/rewards/claim-verifier.ts) uses `isPublicAddress` on the addresses DNS gives it,
 * and the earn path uses `claimUrlProblem` and `normaliseClaimUrl` on what the agent sent.
 *
 * Why: a claim is paid before it is checked, so a url the verifier could never fetch (a private
 * address, a host only an intranet knows) or one that leaks credentials onto public profiles must
 * be refused up front; and trivially different spellings of one page must not earn twice.
 */

/**
 * Query parameters that only say where a visitor came from; they never change the page, so they
 * are dropped before dedupe. `utm_*` by prefix, the rest by name.
 */
export const TRACKING_PARAMS = [
  'fbclid',
  'gclid',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'twclid',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'ref_src',
  'ref_url',
] as const;
const TRACKING = new Set<string>(TRACKING_PARAMS);
const isTracking = (name: string) => name.toLowerCase().startsWith('utm_') || TRACKING.has(name.toLowerCase());

/** Host names that never name a public page: loopback names and suffixes reserved for local networks. */
const LOCAL_SUFFIXES = ['localhost', 'local', 'internal', 'intranet', 'lan', 'home.arpa', 'localdomain'] as const;

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * RFC 3986 section 6.2.2.2: a percent-encoded unreserved character is that character, and the
 * remaining escapes use upper-case hex digits.
 */
function normalisePercentEncoding(text: string): string {
  return text.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

/**
 * The form of a claimed url that dedupe compares and the ledger stores. On top of the WHATWG
 * parser's own work (lower-case scheme and host, IDNA, numeric IPv4 forms, default port dropped,
 * dot segments removed, an empty path made "/"), as RFC 3986 section 6 normalises:
 * - unreserved characters are decoded from percent-encoding, other escapes upper-cased;
 * - the #fragment goes (it never reaches a server);
 * - tracking parameters (utm_*, fbclid, gclid...) go, and an empty query with them;
 * - a trailing slash after a non-empty path goes, and a trailing dot of the host.
 */
export function normaliseClaimUrl(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  if (parsed.hostname.endsWith('.')) parsed.hostname = parsed.hostname.replace(/\.+$/, '');
  const kept = parsed.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !isTracking(decodeName(pair.split('=')[0])));
  parsed.search = kept.length ? `?${kept.join('&')}` : '';
  let path = parsed.pathname;
  if (path.length > 1 && path.endsWith('/')) path = path.replace(/\/+$/, '') || '/';
  parsed.pathname = path;
  // The parser re-encodes what it must; decoding unreserved escapes last keeps them decoded.
  return parsed.origin + normalisePercentEncoding(parsed.href.slice(parsed.origin.length));
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * Why a url cannot be claimed, or undefined when it can: public http(s) only, without
 * credentials, on a host that is neither a private, loopback, link-local or otherwise reserved
 * address (IPv4 in any numeric spelling, which the WHATWG parser turns into dotted form, and
 * IPv6 including IPv4-mapped forms) nor a name reserved for local networks. `allowedOrigins`
 * (tests only, see VERIFY_LOCAL_ORIGIN in src/config.ts) lets exactly those origins through.
 */
export function claimUrlProblem(url: string, allowedOrigins: readonly string[] = []): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an absolute http(s) URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'must be an http(s) URL';
  if (parsed.username || parsed.password) return 'must not contain credentials (user:password@)';
  if (allowedOrigins.includes(parsed.origin)) return undefined;
  const host = parsed.hostname.replace(/\.+$/, '');
  if (host.startsWith('[')) {
    return isPublicAddress(host.slice(1, -1)) ? undefined : 'must be a public address: private, loopback, link-local and reserved IPv6 ranges are refused';
  }
  if (/^[0-9.]+$/.test(host)) {
    return isPublicAddress(host) ? undefined : 'must be a public address: private, loopback, link-local and reserved IPv4 ranges are refused';
  }
  if (LOCAL_SUFFIXES.some((s) => host === s || host.endsWith(`.${s}`))) return 'must name a public host, not a loopback or local-network name';
  if (!host.includes('.')) return 'must name a public host (a single-label name only resolves on a local network)';
  return undefined;
}

// ---- addresses -----------------------------------------------------------------------------

/** IPv4 ranges that are not the public internet (RFC 6890 and its successors), as [first octets, prefix bits]. */
const V4_BLOCKED: ReadonlyArray<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

function v4ToInt(ip: string): number | undefined {
  const parts = ip.split('.');
  if (parts.length !== 4) return undefined;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return undefined;
    n = n * 256 + Number(p);
  }
  return n;
}

function v4Public(ip: string): boolean {
  const n = v4ToInt(ip);
  if (n === undefined) return false;
  return !V4_BLOCKED.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4ToInt(base)!;
    return n >= start && n < start + size;
  });
}

/** The eight 16-bit groups of an IPv6 address (with an embedded IPv4 tail), or undefined. */
function v6Groups(ip: string): number[] | undefined {
  let text = ip.split('%')[0].toLowerCase();
  const v4Tail = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (v4Tail) {
    const n = v4ToInt(v4Tail[1]);
    if (n === undefined) return undefined;
    text = `${text.slice(0, -v4Tail[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return groups.map((g) => parseInt(g, 16));
}

function v6Public(ip: string): boolean {
  const g = v6Groups(ip);
  if (!g) return false;
  const embeddedV4 = () => `${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`;
  if (g.every((x) => x === 0)) return false; // ::
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return false; // ::1
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return v4Public(embeddedV4()); // ::ffff:a.b.c.d
  if (g.slice(0, 6).every((x) => x === 0)) return false; // deprecated IPv4-compatible ::a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b) return v4Public(embeddedV4()); // NAT64 64:ff9b::/96 (and /48)
  if (g[0] === 0x2002) return false; // 6to4 carries an IPv4 address in bits 16-48: refused rather than decoded
  if (g[0] === 0x2001 && g[1] === 0x0db8) return false; // documentation
  if (g[0] === 0x2001 && g[1] < 0x200) return false; // 2001::/23 IETF protocol assignments (Teredo among them)
  if (g[0] === 0x0100 && g[1] === 0 && g[2] === 0 && g[3] === 0) return false; // discard-only
  if ((g[0] & 0xfe00) === 0xfc00) return false; // unique local fc00::/7
  if ((g[0] & 0xffc0) === 0xfe80) return false; // link-local fe80::/10
  if ((g[0] & 0xffc0) === 0xfec0) return false; // site-local fec0::/10
  if ((g[0] & 0xff00) === 0xff00) return false; // multicast
  return true;
}

/** True for an address on the public internet; false for private, loopback, link-local, reserved or unparsable ones. */
export function isPublicAddress(ip: string): boolean {
  return ip.includes(':') ? v6Public(ip) : v4Public(ip);
}
