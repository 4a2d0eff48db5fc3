/**
 * The dependency rule (docs/decisions/0036), checked by `npm run deps` and in `npm test`; the
 * drawing (`npm run deps:draw`, docs/dependencies.svg) comes from the same options.
 *
 *   remix-app        realtime          transports and process entries, side by side
 *   packages/* (others: platform, ops) process plumbing and operator jobs below the entries
 *   packages/core                      every use case
 *   packages/search                    the natural-language search engine: core reaches it by a port, it
 *                                      reaches the database by one (db's SearchStore)
 *   packages/markdown                  post bodies to HTML, and the render pool core reaches by a port
 *   packages/limits                    the counting behind core's limiter port (platform builds it)
 *   packages/mail                      the mails' text and HTML, written for core's delivery, and the signed
 *                                      tokens of their links
 *   packages/passwords                 argon2id hashing and the common-passwords list, core's passwords port
 *   packages/db   packages/shared   game-engine
 *
 * No arrow points up a layer; a layer may skip the ones below it.
 */

/** The single-process entry (`npm start`): the one module besides their own that may import both
 * transports, to run them in one process. Where it lives is core-games' call (issue 15); adjust
 * this when it moves. */
const SINGLE_PROCESS_ENTRY = '^entry/';
/** Benchmarks drive the whole system from outside, as the entries do. */
const BENCH = '^bench/';

/** Tests and what only tests use: *.test.ts, Playwright specs, the deploy image's smoke test,
 * anything under a test/ or tests/ folder, the test runners' configs and the e2e launchers. */
const TEST_CODE = [
  '\\.(test|spec|smoke)\\.tsx?$',
  '(^|/)tests?/',
  '^(vitest|playwright)\\.[^/]+$',
  '^vitest\\.global-setup\\.ts$',
  '^deploy/vitest\\.smoke\\.config\\.ts$',
  '^scripts/e2e-',
];

/** Where production code lives: a module here that no process entry reaches is a test harness
 * (it belongs in a test/ folder) or dead code. */
const SOURCE = '^(packages/[^/]+/src|game-engine/src|realtime/src|remix-app/(app|server))/';

/** What a process starts from: remix-app's entries, its screens (found by file name, not by
 * import), the realtime entry, workers started by URL, the scripts and benchmarks. */
const ENTRIES = [
  '^remix-app/[^/]+\\.tsx?$',
  '^remix-app/app/(root|entry\\.server|entry\\.client|routes)\\.tsx?$',
  '^remix-app/app/routes/',
  '^realtime/src/main\\.ts$',
  '^entry/[^/]+\\.ts$',
  '-thread\\.mjs$',
  '^scripts/',
  '^bench/',
];

/** Transport modules that handle sessions and signed cookies, which stay the transport's job
 * (docs/decisions/0029): they may call @fso/db's session and cookie functions directly. The
 * Remix handler reads the session cookie (an answer to a signed-in request is never cached) and,
 * when a request fails, asks whether the database answers at all (503 rather than an error page). */
const SESSION_MODULES = [
  '^remix-app/app/services/(session|pending-link)\\.server\\.ts$',
  '^realtime/src/handshake\\.ts$',
  '^remix-app/server/remix-handler\\.ts$',
];

/** npm packages of the transports (HTTP, Remix, React, Socket.IO): only the top layer uses them. */
const TRANSPORT_LIBS =
  '(^|/)node_modules/(@remix-run|react|react-dom|express|compression|socket\\.io|socket\\.io-client|@socket\\.io)/|^(node:)?(http|https|http2|net)$';

/** Our modules (not what npm installed inside a workspace's own node_modules). */
const WORKSPACE = '^(entry|packages/[^/]+|game-engine|realtime|remix-app)/(?!node_modules/)';
const REALTIME = '^realtime/(?!node_modules/)';
const REMIX_APP = '^remix-app/(?!node_modules/)';

/** A rule that `from` may import nothing of ours outside `allowed`. */
const onlyImports = (name, comment, from, allowed) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, pathNot: TEST_CODE },
  to: { path: WORKSPACE, pathNot: allowed },
});

module.exports = {
  forbidden: [
    onlyImports(
      'game-engine-imports-nothing',
      'The game rules are pure and at the bottom: they import nothing of ours.',
      '^game-engine/',
      '^game-engine/',
    ),
    onlyImports(
      'shared-imports-game-engine-only',
      'packages/shared (types, schemas, messages) sits on game-engine alone.',
      '^packages/shared/',
      '^(packages/shared|game-engine)/',
    ),
    onlyImports(
      'db-imports-shared-only',
      'packages/db sits on packages/shared and game-engine alone.',
      '^packages/db/',
      '^(packages/(db|shared)|game-engine)/',
    ),
    onlyImports(
      'search-imports-db-shared-only',
      'The search engine sits on db and shared alone: it knows no use case, transport or process plumbing.',
      '^packages/search/',
      '^packages/(search|db|shared)/',
    ),
    {
      name: 'search-reaches-the-database-by-its-port',
      comment:
        "The search engine takes db's SearchStore (its queries bound to one database) and imports only types from @fso/db: its SQL stays in packages/db, and it never holds a connection.",
      severity: 'error',
      from: { path: '^packages/search/', pathNot: TEST_CODE },
      to: { path: '^packages/db/', dependencyTypesNot: ['type-only'] },
    },
    onlyImports(
      'limits-imports-db-shared-only',
      'The rate-limit counting sits on db and shared alone: core reaches it by its Limiter port, never by import.',
      '^packages/limits/',
      '^packages/(limits|db|shared)/',
    ),
    onlyImports(
      'mail-imports-shared-only',
      "The mail templates and link signing sit on shared alone: who is mailed what, and whether a link still works, is core's.",
      '^packages/mail/',
      '^packages/(mail|shared)/',
    ),
    onlyImports(
      'passwords-imports-nothing',
      'Password hashing and the common-passwords list import nothing of ours: core reaches them by its passwords port, never by import.',
      '^packages/passwords/',
      '^packages/passwords/',
    ),
    onlyImports(
      'markdown-imports-shared-only',
      'Rendering sits on shared alone: it knows no use case, database, transport or process plumbing.',
      '^packages/markdown/',
      '^packages/(markdown|shared)/',
    ),
    onlyImports(
      'core-imports-search-markdown-mail-db-shared-engine-only',
      'Use cases import search (its types: they reach it by the Semantic port), markdown, mail, db, shared and game-engine only: no transport, no process plumbing.',
      '^packages/core/',
      '^(packages/(core|search|markdown|mail|db|shared)|game-engine)/',
    ),
    {
      name: 'no-transport-libs-below-transports',
      comment:
        'Remix, React, Express, Socket.IO and HTTP servers belong to remix-app and realtime; core and the packages under it are plain functions.',
      severity: 'error',
      from: {
        path: '^(packages/(core|search|markdown|limits|mail|passwords|db|shared)|game-engine)/',
        pathNot: TEST_CODE,
      },
      to: { path: TRANSPORT_LIBS },
    },
    {
      name: 'nothing-imports-realtime',
      comment: 'realtime is a transport at the top: only itself, its tests and the single-process entry import it.',
      severity: 'error',
      from: { pathNot: ['^realtime/', SINGLE_PROCESS_ENTRY, BENCH, ...TEST_CODE] },
      to: { path: REALTIME },
    },
    {
      name: 'nothing-imports-remix-app',
      comment: 'remix-app is a transport at the top: only itself, its tests and the single-process entry import it.',
      severity: 'error',
      from: { pathNot: ['^remix-app/', SINGLE_PROCESS_ENTRY, BENCH, ...TEST_CODE] },
      to: { path: REMIX_APP },
    },
    {
      name: 'transports-read-through-core',
      comment:
        "Screens, routes, socket handlers and the web process's wiring (seed, importer, expiry purge, metrics) only parse input, call core and map the result: they import @fso/db for its types alone. Sessions and cookies are the transport's job, so the session modules are the exception.",
      severity: 'error',
      from: { path: '^(remix-app/(app|server)|realtime/src)/', pathNot: [...SESSION_MODULES, ...TEST_CODE] },
      to: { path: '^packages/db/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'app-does-not-import-server',
      comment:
        'remix-app/server hosts the Remix app (it builds the load context); app/ must not reach back into the process wiring.',
      severity: 'error',
      from: { path: '^remix-app/app/', pathNot: TEST_CODE },
      to: { path: '^remix-app/server/' },
    },
    {
      name: 'no-circular',
      comment: 'No cycles: a cycle makes two modules one, and hides which layer a module is in.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'production-does-not-import-tests',
      comment:
        'Test harnesses are for tests: production code never imports them (benchmarks may: they build databases as tests do).',
      severity: 'error',
      from: { pathNot: [BENCH, ...TEST_CODE] },
      to: { path: TEST_CODE },
    },
    {
      name: 'test-harness-in-test-folder',
      comment:
        'A module no process entry reaches is used only by tests (a harness: move it under a test/ folder) or by nothing (dead code: delete it).',
      severity: 'error',
      from: { path: ENTRIES, pathNot: TEST_CODE },
      to: { path: SOURCE, pathNot: [...ENTRIES, ...TEST_CODE], reachable: false },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(build|\\.cache)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: {
      archi: {
        collapsePattern: '^(entry|packages/[^/]+|game-engine|realtime|remix-app/(app|server)|remix-app)/',
        filters: { includeOnly: { path: WORKSPACE }, exclude: { path: TEST_CODE } },
        theme: {
          graph: { rankdir: 'TB', splines: 'ortho', ranksep: '0.5', nodesep: '0.4' },
          node: { fontsize: '11' },
          modules: [{ criteria: { source: '^remix-app/$' }, attributes: { label: 'remix-app (entries)' } }],
        },
      },
    },
  },
};
