import { describe, expect, it } from 'vitest';
import { fetchPublicPage } from './page-fetcher.ts';

const policy = { timeoutMs: 1000, maxBytes: 1024, maxRedirects: 1, allowedOrigins: [], userAgent: 'test' };

describe('fetchPublicPage', () => {
  it('asks no network for names reserved for documentation (RFC 2606, RFC 6761)', async () => {
    for (const url of ['https://social.example/post/1', 'https://example.com/a', 'http://www.example.org/', 'https://a.b.test/', 'https://x.invalid/']) {
      await expect(fetchPublicPage(url, policy)).rejects.toThrow(/reserved for documentation/);
    }
  });
  it('refuses a private address before any request', async () => {
    await expect(fetchPublicPage('http://10.0.0.1/', policy)).rejects.toThrow(/10\.0\.0\.1/);
  });
});
