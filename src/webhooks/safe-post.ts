/**
 * Sends one webhook attempt without becoming a way into private networks:
 * - the url passes `webhookUrlProblem` again (the rules, or the loopback setting, may have
 *   changed since registration);
 * - a host name is resolved by our own lookup, which refuses when any address it resolves to is
 *   not public, and the connection goes to the address that lookup vetted (no second resolution
 *   that a rebinding DNS server could answer differently); the connected socket's address is
 *   checked once more;
 * - redirects are not followed (a 3xx is an answer like any other non-2xx: a failed attempt);
 * - one deadline covers connect, TLS, request and response; at most `maxResponseBytes` of the
 *   response body are read, then the connection is closed.
 * The body and headers are the caller's: nothing else (no cookies, no credentials) is sent.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import { isPublicAddress } from '../domain/claim-url.ts';
import { isLoopbackLiteral, webhookUrlProblem } from './webhook-url.ts';

export interface PostPolicy {
  timeoutMs: number;
  maxResponseBytes: number;
  /** WEBHOOK_ALLOW_LOOPBACK: loopback address literals may be reached (tests, local development). */
  allowLoopback: boolean;
  userAgent: string;
  /** The resolver (dns.lookup); a unit test hands in its own answers. */
  resolve?: typeof dnsLookup;
}

/** What the receiver answered, or why no answer came (a sentence for the delivery log). */
export type PostResult = { status: number; excerpt: string } | { error: string };

/** Refused before or at connect: the message names the rule. */
class Refused extends Error {}

const describeError = (error: Error & { code?: string }) => (error instanceof Refused ? error.message : `${error.code ? `${error.code}: ` : ''}${error.message}`.slice(0, 200));

/** A lookup that hands out only public addresses, and says which rule refused otherwise. */
function vettedLookup(resolve: typeof dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((a) => !isPublicAddress(a.address));
      if (refused || !addresses.length) {
        return callback(new Refused(`refused at connect: ${hostname} resolves to ${refused?.address ?? 'no address'}, not a public address (webhooks go to public addresses only)`), '', 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** Keeps readable text of a receiver's answer: no control characters, at most 200 characters. */
function excerptOf(chunks: Buffer[]): string {
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .trim()
    .slice(0, 200);
}

export function postWebhook(url: string, headers: Record<string, string>, body: string, policy: PostPolicy): Promise<PostResult> {
  const problem = webhookUrlProblem(url, policy.allowLoopback);
  if (problem) return Promise.resolve({ error: `refused: the url ${problem}` });
  const target = new URL(url);
  const loopbackTarget = policy.allowLoopback && isLoopbackLiteral(target.hostname);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(target, {
      method: 'POST',
      lookup: vettedLookup(policy.resolve ?? dnsLookup),
      agent: false,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': policy.userAgent,
      },
    });
    const timer = setTimeout(() => req.destroy(new Refused(`timed out after ${policy.timeoutMs} ms`)), policy.timeoutMs);
    req.once('socket', (socket: Socket) => {
      // Literal addresses skip the lookup: the connected address is checked for every request.
      socket.once('connect', () => {
        const address = socket.remoteAddress ?? '';
        if (isPublicAddress(address) || (loopbackTarget && isLoopbackLiteral(address.replace(/^::ffff:/, '')))) return;
        req.destroy(new Refused(`refused at connect: ${target.hostname} is ${address}, not a public address (webhooks go to public addresses only)`));
      });
    });
    req.once('error', (error) => finish({ error: describeError(error) }));
    req.once('response', (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        res.destroy();
        finish({ status, excerpt: excerptOf(chunks) });
      };
      res.on('data', (chunk: Buffer) => {
        const room = policy.maxResponseBytes - size;
        chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        size += Math.min(chunk.length, room);
        if (size >= policy.maxResponseBytes) done();
      });
      res.once('end', done);
      res.once('error', done);
    });
    req.end(body);
  });
}
