/**
 * The operator inbox behind `npm run inbox`: list, show, mark-read, reply to and export the
 * messages sent to POST /api/public/ai/message. Everything a sender wrote is printed through
 * `escapeForTerminal`, so a message can never drive the operator's terminal. Export is JSON
 * lines, where JSON escaping does the same job.
 *
 * A reply is stored with the message, and when the message came with an apiKey, the outbox
 * holds a `message.replied` event for the agent's webhooks, written in the same transaction.
 */
import { writeTransaction, type OpenDatabase } from '../../src/store/database.ts';
import { allMessages, getMessage, listMessages, markRead, saveReply, type InboxFilter, type MessageRow } from '../../src/store/message-repository.ts';
import { MESSAGE_MAX } from '../../src/schemas/api/messages.ts';
import { WebhookOutbox } from '../../src/webhooks/outbox.ts';
import { escapeForTerminal } from './terminal-text.ts';

export const usage = `Usage: npm run inbox -- <command>
  list [--unread] [--topic <topic>] [--agent <name>]   unread first, then newest first;
                                                        --agent matches the given or the linked agent's name
  show <id>                                             one message in full
  mark-read <id>                                        mark a message as read
  reply <id> <text>                                     answer a message (once); an agent that sent it
                                                        with its apiKey gets it as a message.replied webhook
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

/** Who sent it: the given name, and the registered agent the apiKey proved, when they differ or the name was left out. */
function sender(m: MessageRow): string {
  const given = m.agent_name ?? m.operator ?? 'anonymous';
  if (m.linked_agent === null) return given;
  if (m.agent_name !== null && m.agent_name.toLowerCase() === m.linked_agent.toLowerCase()) return `${m.linked_agent} (key)`;
  return m.agent_name === null ? `${m.linked_agent} (key)` : `${given} (key: ${m.linked_agent})`;
}

function line(m: MessageRow): string {
  const who = sender(m);
  const text = m.message.length > PREVIEW ? `${m.message.slice(0, PREVIEW)}…` : m.message;
  return [m.read_at ? ' ' : '*', m.id, m.received_at, `[${m.topic ?? '-'}]`, who, '-', text].map((part) => escapeForTerminal(part)).join(' ');
}

/**
 * JSON.stringify escapes C0 controls but leaves DEL, the C1 controls (0x9b is a CSI on some
 * terminals), bidi overrides and the line separators raw; written as \u escapes the line is the
 * same JSON and cannot reorder or drive what the operator sees.
 */
const RAW_IN_JSON = /[\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function exportLine(m: MessageRow): string {
  return jsonLine({
    id: m.id,
    receivedAt: m.received_at,
    readAt: m.read_at,
    topic: m.topic,
    agentName: m.agent_name,
    operator: m.operator,
    contact: m.contact,
    agentId: m.agent_id,
    linkedAgent: m.linked_agent,
    requestId: m.request_id,
    message: m.message,
    reply: m.reply,
    repliedAt: m.replied_at,
  });
}

function jsonLine(value: object): string {
  return JSON.stringify(value).replace(RAW_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Runs one inbox command; returns the process exit code. */
export async function runInbox(store: Pick<OpenDatabase, 'db' | 'prepare'>, argv: string[], out: (text: string) => void, now: () => Date = () => new Date()): Promise<number> {
  const { db } = store;
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
      field('linked to', m.linked_agent === null ? null : `${m.linked_agent} (agent id ${m.agent_id}, proved by its apiKey)`);
      field('operator', m.operator);
      field('contact', m.contact);
      out('');
      out(escapeForTerminal(m.message, { keepNewlines: true }));
      if (m.reply !== null) {
        out('');
        out(`replied ${m.replied_at}:`);
        out(escapeForTerminal(m.reply, { keepNewlines: true }));
      }
      return 0;
    }
    case 'reply': {
      const [id, ...words] = rest;
      const text = words.join(' ').trim();
      if (!id || !text) throw new UsageError('reply needs a message id and the reply text');
      if (text.length > MESSAGE_MAX) throw new UsageError(`a reply is at most ${MESSAGE_MAX} characters`);
      const outbox = new WebhookOutbox(store);
      const at = now();
      const outcome = await writeTransaction(db, async (trx, scope) => {
        scope.nothingShown();
        const m = await getMessage(trx, id);
        if (!m) return { found: false as const };
        if (!(await saveReply(trx, id, text, at))) return { found: true as const, earlier: m.replied_at };
        if (m.agent_id !== null) await outbox.messageReplied(trx, m.agent_id, m, text, at);
        return { found: true as const, agent: m.linked_agent, contact: m.contact };
      });
      if (!outcome.found) {
        out(`No message with id ${escapeForTerminal(id)}.`);
        return 1;
      }
      if ('earlier' in outcome) {
        out(`${escapeForTerminal(id)} was already answered at ${outcome.earlier}; a message takes one reply.`);
        return 1;
      }
      out(`Replied to ${escapeForTerminal(id)}; the reply is stored with the message.`);
      out(
        outcome.agent
          ? `${outcome.agent} sent it with its apiKey: its webhooks subscribed to message.replied receive the reply.`
          : `It came without an apiKey, so no webhook carries the reply${outcome.contact ? `; the sender gave a contact: ${escapeForTerminal(outcome.contact)}` : ''}.`,
      );
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
