/** The process as operators see it: it starts from a build and stops cleanly on SIGTERM. */
import { describe, expect, it } from 'vitest';
import { startService } from './support/service.ts';

describe('server lifecycle', () => {
  it('exits 0 on SIGTERM after finishing, and refuses new connections', async () => {
    const service = await startService();
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
    const exit = new Promise<number | null>((resolve) => service.process.once('exit', (code) => resolve(code)));
    service.process.kill('SIGTERM');
    expect(await exit).toBe(0);
    await expect(fetch(`${service.url}/healthz`)).rejects.toThrow();
  });

  it('logs a listening line with its start-up time', async () => {
    const service = await startService();
    const line = JSON.parse(service.output.find((l) => l.includes('"msg":"listening"'))!);
    expect(line.startupMs).toBeGreaterThan(0);
    expect(line.contentVersion).toMatch(/^1\.0\.0\+/);
    await service.stop();
  });
});
