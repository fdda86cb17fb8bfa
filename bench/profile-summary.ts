/**
 * Prints where a V8 CPU profile (node --cpu-prof) spent its time: the functions with the most
 * self time, and the source files with the most time under them. Used to find the cause when a
 * benchmarked path falls short; see "Profiling a path" in docs/benchmarks.md.
 *
 *   node --import tsx bench/profile-summary.ts <file.cpuprofile> [top] [skip-ms]
 *
 * skip-ms leaves out the first milliseconds of the profile (start-up), so a profile taken under
 * load shows the steady state.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const profile = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Profile;
const top = Number(process.argv[3] ?? 25);
const skipUs = Number(process.argv[4] ?? 0) * 1000;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const self = new Map<number, number>();
let elapsedUs = 0;
profile.samples.forEach((id, i) => {
  elapsedUs += profile.timeDeltas[i] ?? 0;
  if (elapsedUs >= skipUs) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);

const label = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(node_modules|src|dist)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;
const selfByLabel = new Map<string, number>();
const inclusiveByFile = new Map<string, number>();
for (const [id, time] of self) {
  selfByLabel.set(label(byId.get(id)!), (selfByLabel.get(label(byId.get(id)!)) ?? 0) + time);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const file = byId.get(cur)!.callFrame.url.replace(/^.*\/(node_modules\/[^/]+|src|dist)\//, '$1/') || '(native)';
    if (seen.has(file)) continue;
    seen.add(file);
    inclusiveByFile.set(file, (inclusiveByFile.get(file) ?? 0) + time);
  }
}
process.stdout.on('error', () => process.exit(0));
const pct = (t: number) => `${((100 * t) / total).toFixed(1).padStart(5)}%`;
console.log(`total sampled ${(total / 1000).toFixed(0)} ms\n\nself time:`);
for (const [name, t] of [...selfByLabel].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)}  ${name}`);
console.log('\ntime under file (inclusive):');
for (const [file, t] of [...inclusiveByFile].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)}  ${file}`);
