/**
 * The operator inbox behind `npm run inbox`: list, show, mark-read and export the messages sent
 * to POST /api/public/ai/message. Everything a sender wrote is printed through
 * `escapeForTerminal`, so a message can never drive the operator's terminal. Export is JSON
 * lines, where JSON escaping does the same job.
 */
import type { Kysely } from 'kysely';
import { allMessages, getMessage, listMessages, markRead, type InboxFilter, type MessageRow, type MessagesDatabase } from '../../src/store/message-repository.ts';
import { escapeForTerminal } from './terminal-text.ts';

export const usage = `Usage: npm run inbox -- <command>
  list [--unread] [--topic <topic>] [--agent <name>]   unread first, then newest first
  show <id>                                             one message in full
  mark-read <id>                                        mark a message as read
  export                                                every message as JSON lines (oldest first)`;

export class UsageError extends Error {}

const PREVIEW = 80;

export function parseListArgs(args: string[]): InboxFilter {
  const filter: InboxFilter = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--unread') filter.unread = true;
    else if (arg === '--topic' || arg === '--agent') {
      const value = args[++i];
      if (!value) throw new UsageError(`${arg} needs a value`);
      filter[arg === '--topic' ? 'topic' : 'agent'] = value;
    } else throw new UsageError(`unknown option ${escapeForTerminal(arg)}`);
  }
  return filter;
}

function line(m: MessageRow): string {
  const who = m.agent_name ?? m.operator ?? 'anonymous';
  const text = m.message.length > PREVIEW ? `${m.message.slice(0, PREVIEW)}…` : m.message;
  return [m.read_at ? ' ' : '*', m.id, m.received_at, `[${m.topic ?? '-'}]`, who, '-', text].map((part) => escapeForTerminal(part)).join(' ');
}

export function exportLine(m: MessageRow): string {
  return JSON.stringify({
    id: m.id,
    receivedAt: m.received_at,
    readAt: m.read_at,
    topic: m.topic,
    agentName: m.agent_name,
    operator: m.operator,
    contact: m.contact,
    agentId: m.agent_id,
    requestId: m.request_id,
    message: m.message,
  });
}

/** Runs one inbox command; returns the process exit code. */
export async function runInbox(db: Kysely<MessagesDatabase>, argv: string[], out: (text: string) => void, now: () => Date = () => new Date()): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'list': {
      const rows = await listMessages(db, parseListArgs(rest));
      const unread = rows.filter((r) => !r.read_at).length;
      out(`${rows.length} message(s), ${unread} unread${rows.length ? ' (* = unread)' : ''}`);
      for (const row of rows) out(line(row));
      return 0;
    }
    case 'show': {
      const id = rest[0];
      if (!id || rest.length > 1) throw new UsageError('show needs exactly one message id');
      const m = await getMessage(db, id);
      if (!m) {
        out(`No message with id ${escapeForTerminal(id)}.`);
        return 1;
      }
      const field = (label: string, value: string | number | null) => out(`${label.padEnd(12)}${value === null ? '-' : escapeForTerminal(String(value))}`);
      field('id', m.id);
      field('received', m.received_at);
      field('read', m.read_at);
      field('topic', m.topic);
      field('agent name', m.agent_name);
      field('agent id', m.agent_id);
      field('operator', m.operator);
      field('contact', m.contact);
      out('');
      out(escapeForTerminal(m.message, { keepNewlines: true }));
      return 0;
    }
    case 'mark-read': {
      const id = rest[0];
      if (!id || rest.length > 1) throw new UsageError('mark-read needs exactly one message id');
      if (!(await markRead(db, id, now()))) {
        out(`No message with id ${escapeForTerminal(id)}.`);
        return 1;
      }
      out(`Marked ${escapeForTerminal(id)} as read.`);
      return 0;
    }
    case 'export': {
      if (rest.length) throw new UsageError('export takes no options');
      for (const row of await allMessages(db)) out(exportLine(row));
      return 0;
    }
    default:
      throw new UsageError(command ? `unknown command ${escapeForTerminal(command)}` : 'no command given');
  }
}
