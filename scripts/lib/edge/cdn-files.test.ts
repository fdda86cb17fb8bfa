import { describe, expect, it } from 'vitest';
import { redirectsFile } from './cdn-files.ts';

const rules = (onDemand: string[]) =>
  redirectsFile([], 'https://origin.example/', new Map(), onDemand)
    .split('\n')
    .filter((line) => line && !line.startsWith('#'));

describe('_redirects for on-demand routes', () => {
  it('sends each on-demand route to the origin, parameters as placeholders, before the catch-alls', () => {
    expect(rules(['/mcp', '/api/public/ai/tasks/[id]/claim'])).toEqual([
      '/mcp  https://origin.example/mcp  200',
      '/api/public/ai/tasks/:id/claim  https://origin.example/api/public/ai/tasks/:id/claim  200',
      '/api/*  https://origin.example/api/:splat  200',
      '/feeds/*  https://origin.example/feeds/:splat  200',
    ]);
  });

  it('covers what a host cannot express (a rest parameter, a parameter inside a segment) with a splat from that segment on', () => {
    expect(rules(['/files/[...path]', '/v/[id].json', '/x/[a]/[b]-[c]/y']).slice(0, 3)).toEqual([
      '/files/*  https://origin.example/files/:splat  200',
      '/v/*  https://origin.example/v/:splat  200',
      '/x/:a/*  https://origin.example/x/:a/:splat  200',
    ]);
  });
});
