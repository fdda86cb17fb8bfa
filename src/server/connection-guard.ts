/**
 * Connection caps, in front of Node's HTTP handling: at most `maxConnections` open connections in
 * all and `maxPerAddress` from one client address, so that one client holding thousands of idle
 * sockets cannot use up the process's file descriptors and keep everyone else out. A connection
 * past a cap is answered at once (429 past the address's share, 503 past the total) and closed,
 * before any of its requests is read.
 *
 * Node's own `server.maxConnections` can only drop a socket silently, and it cannot count per
 * address, so the guard wraps the HTTP server's `connection` listener: a connection reaches the
 * HTTP parser only once the guard has let it in. `maxConnections` is still set, higher, as the
 * backstop for refused sockets that have not closed yet.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import type { DataFreshness } from '../http/freshness.ts';
import type { Problem } from '../http/problem.ts';
import { sendRawProblem } from './raw-problem.ts';
import { addressKey } from '../domain/client-address.ts';

export interface ConnectionGuardOptions {
  maxConnections: number;
  /** Undefined: no per-address cap (behind a proxy every connection has the proxy's address). */
  maxPerAddress: number | undefined;
  freshness: () => DataFreshness;
  log: Logger;
}

/** File descriptors kept for the database, the build's files and the logs. */
const RESERVED_DESCRIPTORS = 128;
/** Refused sockets still open while their answer goes out, at most. */
const REFUSAL_SLACK = 1024;
/** Refusals are logged as one line per reason at most this often. */
const REFUSAL_LOG_MS = 10_000;

export function guardConnections(server: Server, options: ConnectionGuardOptions): void {
  const { maxConnections, slack } = fitDescriptors(options.maxConnections, options.log);
  const perAddress = new Map<string, number>();
  let open = 0;
  const refusals = new Map<string, number>();
  // biome-ignore lint/correctness/noUnusedVariables: read by the ??= below, which Biome does not count
  let refusalLog: NodeJS.Timeout | undefined;

  function refuse(socket: Socket, reason: string, problem: Problem) {
    sendRawProblem(socket, problem, options.freshness);
    refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
    refusalLog ??= setTimeout(() => {
      refusalLog = undefined;
      options.log.warn({ refused: Object.fromEntries(refusals), open }, 'connections refused');
      refusals.clear();
    }, REFUSAL_LOG_MS).unref();
  }

  const httpListeners = server.listeners('connection') as Array<(socket: Socket) => void>;
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const address = addressKey(socket.remoteAddress ?? '');
    if (open >= maxConnections) {
      return refuse(socket, 'total', {
        code: 'service_unavailable',
        detail: `The server is at its connection limit (${maxConnections}). Retry in a moment.`,
        headers: { 'Retry-After': '1' },
      });
    }
    const fromAddress = perAddress.get(address) ?? 0;
    if (options.maxPerAddress !== undefined && fromAddress >= options.maxPerAddress) {
      return refuse(socket, 'per-address', {
        code: 'rate_limited',
        detail: `At most ${options.maxPerAddress} connections may be open from one address; close idle ones or reuse them (keep-alive).`,
        extra: { violatedPolicies: ['connections-per-address'], retryAfterSeconds: 1 },
        headers: { 'Retry-After': '1' },
      });
    }
    open += 1;
    perAddress.set(address, fromAddress + 1);
    socket.once('close', () => {
      open -= 1;
      const n = (perAddress.get(address) ?? 1) - 1;
      if (n > 0) perAddress.set(address, n);
      else perAddress.delete(address);
    });
    for (const listener of httpListeners) listener.call(server, socket);
  });
  server.maxConnections = maxConnections + slack;
}

/**
 * Keeps the caps below the process's open-file limit: past it, accepting fails for everyone
 * (EMFILE), which is the outage the caps exist to prevent. Reads the soft limit from Linux's
 * /proc; elsewhere the configured number stands.
 */
function fitDescriptors(configured: number, log: Logger): { maxConnections: number; slack: number } {
  const soft = openFileLimit();
  if (soft === undefined) return { maxConnections: configured, slack: REFUSAL_SLACK };
  const budget = Math.max(2, soft - RESERVED_DESCRIPTORS);
  const slack = Math.min(REFUSAL_SLACK, Math.floor(budget / 4));
  const maxConnections = Math.max(1, Math.min(configured, budget - slack));
  if (maxConnections < configured) log.warn({ configured, maxConnections, openFileLimit: soft }, 'MAX_CONNECTIONS lowered to fit the open-file limit (ulimit -n)');
  return { maxConnections, slack };
}

function openFileLimit(): number | undefined {
  try {
    const line = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return line && line[1] !== 'unlimited' ? Number(line[1]) : undefined;
  } catch {
    return undefined;
  }
}
