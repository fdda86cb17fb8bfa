/**
 * Fetches a claimed page for the verifier without becoming a way into private networks:
 * - every hop's url must pass `claimUrlProblem` (public http(s), no credentials, no private
 *   address literal), redirects included, and at most `maxRedirects` of them are followed;
 * - a host name is resolved by our own lookup, which refuses when any address it resolves to is
 *   not public, and the connection goes to the address that lookup vetted (no second resolution
 *   an attacker's DNS could answer differently);
 * - one deadline covers connect, headers and body; at most `maxBytes` are read.
 * No cookies, no credentials, no body is sent.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { claimUrlProblem, isPublicAddress } from '../domain/claim-url.ts';

export interface FetchPolicy {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Origins allowed although private (tests only: VERIFY_LOCAL_ORIGIN). */
  allowedOrigins: readonly string[];
  userAgent: string;
}

export interface FetchedPage {
  /** The url the page was finally read from, after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: string;
  truncated: boolean;
}

/** Why a page could not be read: shown to operators as the check's last result. */
class FetchRefused extends Error {}

/** DNS lookup that only ever hands out public addresses. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || !addresses.length) return callback(new FetchRefused(`${hostname} resolves to a non-public address`), '', 0);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};

/**
 * Names reserved for documentation and testing (RFC 2606, RFC 6761): no published page can live
 * there, so asking the network would only leak test traffic. Such a claim stays unverified.
 */
const RESERVED = /(^|\.)(example|test|invalid)$|(^|\.)example\.(com|net|org)$/i;

export async function fetchPublicPage(url: string, policy: FetchPolicy): Promise<FetchedPage> {
  const deadline = Date.now() + policy.timeoutMs;
  let current = url;
  for (let hop = 0; ; hop++) {
    const problem = claimUrlProblem(current, policy.allowedOrigins);
    if (problem) throw new FetchRefused(hop ? `redirect to ${current} refused: ${problem}` : `${current}: ${problem}`);
    if (RESERVED.test(new URL(current).hostname)) throw new FetchRefused(`${new URL(current).hostname} is reserved for documentation (RFC 2606): no page to read`);
    const response = await fetchOnce(current, policy, deadline);
    const location = response.status >= 300 && response.status < 400 ? response.location : undefined;
    if (location === undefined) return response.page;
    if (hop >= policy.maxRedirects) throw new FetchRefused(`more than ${policy.maxRedirects} redirects`);
    try {
      current = new URL(location, current).href;
    } catch {
      throw new FetchRefused('redirect to a malformed url');
    }
  }
}

function fetchOnce(url: string, policy: FetchPolicy, deadline: number): Promise<{ status: number; location?: string; page: FetchedPage }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new FetchRefused(`timed out after ${policy.timeoutMs} ms`));
    const req = send(target, {
      method: 'GET',
      lookup: publicLookup,
      headers: { 'user-agent': policy.userAgent, accept: 'text/html,application/xhtml+xml;q=0.9,text/*;q=0.5', 'accept-encoding': 'identity' },
      agent: false,
    });
    const timer = setTimeout(() => req.destroy(new FetchRefused(`timed out after ${policy.timeoutMs} ms`)), remaining);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error instanceof FetchRefused ? error : new FetchRefused(error.message.slice(0, 200)));
    };
    req.once('error', fail);
    req.once('response', (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      const contentType = String(res.headers['content-type'] ?? '');
      if (status >= 300 && status < 400 && typeof res.headers.location === 'string') {
        clearTimeout(timer);
        res.destroy();
        return resolve({ status, location: res.headers.location, page: { url, status, contentType, body: '', truncated: false } });
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      const finish = () => {
        clearTimeout(timer);
        resolve({ status, page: { url, status, contentType, body: Buffer.concat(chunks).toString('utf8'), truncated } });
      };
      res.on('data', (chunk: Buffer) => {
        if (truncated) return;
        const room = policy.maxBytes - size;
        chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        size += Math.min(chunk.length, room);
        if (size >= policy.maxBytes) {
          truncated = true;
          res.destroy();
          finish();
        }
      });
      res.once('end', finish);
      res.once('error', (error) => (truncated ? undefined : fail(error)));
    });
    req.end();
  });
}
