/** The process as operators see it: it starts from a build and stops cleanly on SIGTERM. */
import { Agent, get } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startService } from './support/service.ts';

interface Answer {
  status: number;
  connection: string | undefined;
  afterSignal: boolean;
  client: number;
}

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

  it('drains kept-alive connections on SIGTERM without resetting one: every answer from then on says Connection: close', async () => {
    const service = await startService();
    const agent = new Agent({ keepAlive: true, maxSockets: 32 });
    let signalled = false;
    const answers: Answer[] = [];
    const failures: string[] = [];
    const paths = ['/api/public/videos', '/api/public/ai/leaderboard', '/healthz', '/api/public/stats'];
    const request = (client: number, path: string) =>
      new Promise<Answer>((resolve, reject) => {
        get(`${service.url}${path}`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, afterSignal: signalled, client }));
          res.on('error', reject);
        }).on('error', reject);
      });
    // 32 clients, each sending its next request on its kept-alive connection as soon as the last is answered.
    const loops = Array.from({ length: 32 }, async (_, i) => {
      for (let n = 0; ; n++) {
        try {
          answers.push(await request(i, paths[(i + n) % paths.length]));
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
          // Refused: the listener has stopped, and the client learns it before sending anything.
          if (code !== 'ECONNREFUSED') failures.push(code);
          return;
        }
      }
    });
    // Every client has its connection open and has reused it once.
    while (new Set(answers.map((a) => a.client)).size < 32 || answers.length < 64) await new Promise((resolve) => setTimeout(resolve, 20));
    const exit = new Promise<number | null>((resolve) => service.process.once('exit', (code) => resolve(code)));
    signalled = true;
    service.process.kill('SIGTERM');
    await Promise.all(loops);
    agent.destroy();
    expect(await exit).toBe(0);

    expect(failures, 'requests reset (ECONNRESET, EPIPE, socket hang up) during the drain').toEqual([]);
    expect(answers.filter((a) => a.status !== 200 && a.status !== 429)).toEqual([]);
    const before = answers.filter((a) => !a.afterSignal);
    expect(before.length).toBeGreaterThanOrEqual(64);
    expect(before.every((a) => a.connection === 'keep-alive')).toBe(true);
    // Each client's last answer, received after the signal, told it to close the connection.
    const after = answers.filter((a) => a.afterSignal);
    expect(after.filter((a) => a.connection === 'close').length).toBeGreaterThanOrEqual(32);
  });
});
