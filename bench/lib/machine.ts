/** The machine a benchmark ran on, as the report prints it: core count, memory, Node, date. */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';

export interface Machine {
  nproc: string;
  cpuModel: string;
  freeH: string;
  node: string;
  date: string;
  kernel: string;
  /** /proc/loadavg at the start: 1, 5 and 15 minute averages. */
  loadAverage: string;
}

function run(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8' }).trim();
  } catch {
    return '(unavailable)';
  }
}

export function describeMachine(): Machine {
  return {
    nproc: run('nproc', []),
    cpuModel: cpus()[0]?.model ?? '(unknown)',
    freeH: run('free', ['-h']),
    node: process.version,
    date: new Date().toISOString(),
    kernel: run('uname', ['-sr']),
    loadAverage: loadavg()
      .map((n) => n.toFixed(2))
      .join(', '),
  };
}
