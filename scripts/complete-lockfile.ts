/**
 * `tsx scripts/complete-lockfile.ts` after any `npm install` that changes package-lock.json.
 *
 * Why: a registry (or mirror) may serve only the Linux builds of some
 * platform-specific optional packages (rollup's `@rollup/rollup-<os>-<cpu>`). npm then writes a
 * lockfile without entries for the other platforms, and `npm ci` refuses that lockfile as out of
 * sync with package.json. This adds the missing optional entries, with their os/cpu/libc
 * restrictions, so `npm ci` accepts the lockfile and skips them on this platform as usual.
 */
import { readFileSync, writeFileSync } from 'node:fs';

interface LockEntry {
  version?: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
}

const lockPath = 'package-lock.json';
const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as { packages: Record<string, LockEntry> };
const oses = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32', 'netbsd', 'sunos', 'aix'];
const cpus = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el'];

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path}/node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[hoisted]) continue;
    const parts = name.split('/').pop()!.split('-');
    const os = oses.find((o) => parts.includes(o));
    const cpu = cpus.find((c) => parts.includes(c) || parts.includes(`${c}eabihf`) || parts.includes(`${c}eabi`)) ?? (parts.includes('arm') ? 'arm' : undefined);
    if (!os || !cpu) continue;
    lock.packages[hoisted] = {
      version,
      optional: true,
      os: [os],
      cpu: [cpu],
      ...(parts.some((p) => p.startsWith('musl')) ? { libc: ['musl'] } : parts.includes('gnu') || parts.includes('gnueabihf') ? { libc: ['glibc'] } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);
