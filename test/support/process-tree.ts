/**
 * The processes a command started, read from /proc (Linux), to check that stopping it left none
 * behind. Each is kept with its start time, so a pid the system hands to a new process later is
 * not mistaken for the one that was there.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessEntry {
  pid: number;
  /** Start time in clock ticks since boot (field 22 of /proc/<pid>/stat). */
  start: string;
  /** The command line, for messages. */
  command: string;
}

/** pid, parent pid, state and start time; undefined if the process is gone. */
function stat(pid: number): { ppid: number; state: string; start: string } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces; the fields after it are plain.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], ppid: Number(fields[1]), start: fields[19] };
  } catch {
    return undefined;
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return '';
  }
}

/** Every process below `root` (children, their children...), in no particular order. */
export function descendants(root: number): ProcessEntry[] {
  const parents = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(Number(name));
    if (!s) continue;
    if (!parents.has(s.ppid)) parents.set(s.ppid, []);
    parents.get(s.ppid)!.push(Number(name));
  }
  const found: ProcessEntry[] = [];
  const queue = [root];
  while (queue.length) {
    for (const pid of parents.get(queue.shift()!) ?? []) {
      const s = stat(pid);
      if (!s) continue;
      found.push({ pid, start: s.start, command: commandOf(pid) });
      queue.push(pid);
    }
  }
  return found;
}

/** Whether this very process still runs (a zombie has stopped: it only waits to be reaped). */
export function stillRunning(entry: ProcessEntry): boolean {
  const s = stat(entry.pid);
  return s !== undefined && s.start === entry.start && s.state !== 'Z';
}
