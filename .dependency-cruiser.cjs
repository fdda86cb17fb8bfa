/**
 * Which room of src/ may import which (docs/ARCHITECTURE.md, "Rooms"): imports flow one way,
 * from routes down to rules. `npm run lint:imports` checks it; the test suite runs it too.
 */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'src/domain holds pure rules: it imports nothing of ours but itself.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
    {
      name: 'store-below-use-cases',
      comment: 'The store knows rows and transactions, not the use cases, HTTP or routes above it.',
      severity: 'error',
      from: { path: '^src/store/' },
      to: { path: '^src/(rewards|messages|webhooks|catalog|concierge|feeds|docs|schemas|http|server|pages)/' },
    },
    {
      name: 'use-cases-know-no-http',
      comment: 'Use cases raise domain errors and return data; HTTP, the server and routes are above them.',
      severity: 'error',
      from: { path: '^src/(rewards|messages|webhooks|catalog|feeds)/' },
      to: { path: '^src/(http|server|pages)/' },
    },
    {
      name: 'schemas-are-leaves',
      comment: 'Schemas describe content and the API; they import only zod, the domain and each other.',
      severity: 'error',
      from: { path: '^src/schemas/' },
      to: { path: '^src/(catalog|concierge|rewards|messages|webhooks|store|server|pages)/' },
    },
    {
      name: 'http-knows-no-server-internals',
      comment: 'Response helpers may name the Services type the server builds, nothing else of it.',
      severity: 'error',
      from: { path: '^src/http/' },
      to: { path: '^src/server/', pathNot: '^src/server/services\\.ts$' },
    },
    {
      name: 'server-knows-no-route',
      comment: 'The Node entry does what every response needs; what a route does lives in its endpoint.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/(pages|catalog|concierge|feeds|docs)/' },
    },
    {
      name: 'handlers-below-routes-and-agent-protocols',
      comment: 'src/api binds handlers to definitions; only routes (src/pages) and the agent protocols (src/mcp) use them.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(pages|mcp|api)/' },
      to: { path: '^src/api/' },
    },
    {
      name: 'nothing-imports-routes',
      comment: 'src/pages is the top: routes import the rooms, never the other way.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/pages/' },
      to: { path: '^src/pages/' },
    },
    {
      name: 'no-circular',
      comment: 'No module needs itself at run time (a cycle of type-only imports is harmless).',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
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
