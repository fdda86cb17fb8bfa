/**
 * Which room may import which (docs/ARCHITECTURE.md, "Rooms"): imports flow one way, from routes
 * and the composition root down to rules. `npm run lint:imports` checks src/ and scripts/.
 *
 *   pages ─► api (the registry) ─► rewards, messages, catalog, feeds, concierge, docs ─► store ─► domain
 *   mcp, a2a (agent doors) ─► api                       http (operation, problems) ─► domain
 *   server (the front, knows no route) ─► http          src/server/main.ts wires the registry to the front
 */
const room = (name) => `^src/${name}/`;

module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'src/domain holds pure rules: it imports nothing of ours but itself.',
      severity: 'error',
      from: { path: room('domain') },
      to: { path: '^src/', pathNot: room('domain') },
    },
    {
      name: 'store-below-use-cases',
      comment: 'The store knows rows and transactions, not the use cases, HTTP or routes above it.',
      severity: 'error',
      from: { path: room('store') },
      to: { path: '^src/(rewards|messages|catalog|concierge|feeds|docs|schemas|http|server|pages|api|mcp|a2a|webhooks)/' },
    },
    {
      name: 'use-cases-know-no-http',
      comment: 'Use cases raise domain errors and return data; HTTP, the server, the registry and routes are above them.',
      severity: 'error',
      from: { path: '^src/(rewards|messages|catalog|feeds|concierge|webhooks)/' },
      to: { path: '^src/(http|server|pages|api|mcp|a2a)/' },
    },
    {
      name: 'reads-know-no-store',
      comment: 'The catalog, feeds and the concierge work on content and on what the rewards program hands them, never on rows.',
      severity: 'error',
      from: { path: '^src/(catalog|feeds|concierge|docs)/' },
      to: { path: room('store') },
    },
    {
      name: 'schemas-are-leaves',
      comment: 'Schemas describe content and the API; they import only zod, the domain and each other.',
      severity: 'error',
      from: { path: room('schemas') },
      to: { path: '^src/', pathNot: '^src/(schemas|domain)/' },
    },
    {
      name: 'http-below-services',
      comment: 'Operations and problems are below the server and the registry; they name the services only as a type (src/services.ts).',
      severity: 'error',
      from: { path: room('http') },
      to: { path: '^src/(server|api|pages|mcp|a2a|store)/' },
    },
    {
      name: 'server-knows-no-route',
      comment: 'The front does what every response needs, with the route table it is handed; only main.ts, the composition root, knows the registry and the doors.',
      severity: 'error',
      from: { path: room('server'), pathNot: '^src/server/main\\.ts$' },
      to: { path: '^src/(pages|api|catalog|concierge|feeds|docs|mcp|a2a)/' },
    },
    {
      name: 'registry-below-routes-and-doors',
      comment: 'src/api is the registry of operations: routes, the agent doors and the composition root use it, nothing below them.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(pages|mcp|a2a|api)/|^src/server/main\\.ts$' },
      to: { path: room('api') },
    },
    {
      name: 'doors-apart',
      comment: 'Each agent protocol is a door of its own onto the registry; they do not reach into each other.',
      severity: 'error',
      from: { path: room('a2a') },
      to: { path: room('mcp') },
    },
    {
      name: 'nothing-imports-routes',
      comment: 'src/pages is the top: routes import the rooms, never the other way.',
      severity: 'error',
      from: { path: '^(src|scripts)/', pathNot: '^src/pages/' },
      to: { path: room('pages') },
    },
    {
      name: 'scripts-are-thin',
      comment: 'CLI entries run outside the build: they may not load the registry, routes or doors, which need the build-time catalog.',
      severity: 'error',
      from: { path: '^scripts/' },
      to: { path: '^src/(api|pages|mcp|a2a)/' },
    },
    {
      name: 'no-circular',
      comment: 'No module needs itself, not even through type-only imports.',
      severity: 'error',
      from: { path: '^(src|scripts)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^src/generated/|\\.test\\.ts$)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.mjs', '.js', '.json'] },
  },
};
