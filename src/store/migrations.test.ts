import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrationModules } from './migrations.ts';

describe('the migration registry', () => {
  it('lists every file in db/migrations, under its file name, and nothing else', () => {
    const files = readdirSync(new URL('../../db/migrations', import.meta.url))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.slice(0, -3))
      .sort();
    expect(Object.keys(migrationModules).sort()).toEqual(files);
    for (const migration of Object.values(migrationModules)) expect(typeof migration.up).toBe('function');
  });
});
