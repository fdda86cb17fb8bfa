/** The database side of the benchmark; undefined while the branch has no store (src/store). */
import { existsSync } from 'node:fs';

export interface Snapshot {
  ledgerRows: number;
}

export interface BenchDatabase {
  seed(agentsFile: string): Promise<{ agents: number; ledgerRows: number; seconds: number; note?: string }>;
  ceiling(): Promise<{ rps: number; note: string }>;
  snapshot(): Snapshot;
  verify(before: Snapshot): { agents: number; mismatched: number; ledgerRowsAdded: number; referralRowsAdded: number; note?: string };
  close(): void;
}

export async function benchDatabase(_path: string): Promise<BenchDatabase | undefined> {
  if (!existsSync('src/store')) return undefined;
  return undefined;
}
