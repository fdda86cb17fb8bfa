import { describe, expect, it } from 'vitest';
import { isLoopbackLiteral, webhookUrlProblem } from './webhook-url.ts';

describe('webhookUrlProblem', () => {
  it('accepts https urls on public hosts', () => {
    for (const url of ['https://hooks.partner-site.net/in', 'https://8.8.8.8:8443/x?y=1', 'https://[2606:4700::1]/in']) expect([url, webhookUrlProblem(url, false)]).toEqual([url, undefined]);
  });

  it('refuses http, credentials, private and loopback addresses, local and reserved names, naming the rule', () => {
    const cases: Array<[string, RegExp]> = [
      ['http://hooks.partner-site.net/in', /https URL/],
      ['https://u:p@hooks.partner-site.net/', /credentials/],
      ['https://192.168.1.10/', /public address/],
      ['https://0x7f.1/', /public address/],
      ['https://[fe80::1]/', /public address/],
      ['https://[::ffff:10.0.0.1]/', /public address/],
      ['https://localhost:8443/', /local-network name/],
      ['https://db.internal/', /local-network name/],
      ['https://fileserver/', /single-label/],
      ['https://hooks.example.net/', /reserved for documentation/],
      ['https://a.b.test/', /reserved for documentation/],
      ['not a url', /absolute https URL/],
    ];
    for (const [url, rule] of cases) expect([url, webhookUrlProblem(url, false)]).toEqual([url, expect.stringMatching(rule)]);
  });

  it('with WEBHOOK_ALLOW_LOOPBACK lets loopback address literals through, over http too, and nothing else', () => {
    for (const url of ['http://127.0.0.1:8080/in', 'https://127.0.0.2/', 'http://[::1]:9000/']) expect([url, webhookUrlProblem(url, true)]).toEqual([url, undefined]);
    expect(webhookUrlProblem('http://localhost:8080/', true)).toMatch(/https URL/);
    expect(webhookUrlProblem('https://localhost:8080/', true)).toMatch(/local-network name/);
    expect(webhookUrlProblem('http://10.0.0.1/', true)).toMatch(/https URL/);
    expect(webhookUrlProblem('http://u:p@127.0.0.1/', true)).toMatch(/credentials/);
  });

  it('knows loopback literals', () => {
    expect(['127.0.0.1', '127.255.0.9', '[::1]', '::1'].map(isLoopbackLiteral)).toEqual([true, true, true, true]);
    expect(['128.0.0.1', 'localhost', '::2', '10.0.0.1'].map(isLoopbackLiteral)).toEqual([false, false, false, false]);
  });
});
