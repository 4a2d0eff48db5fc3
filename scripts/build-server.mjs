#!/usr/bin/env node
/**
 * Bundles the site's three process entries (entry/main.ts, remix-app/web.ts,
 * realtime/src/main.ts) and its two worker threads (the sentence model's, Markdown rendering's)
 * into plain JavaScript in build/processes/, so `npm start` runs them without tsx: under tsx
 * every process, and every thread that registers it, also runs tsx's loader thread, a V8 heap of
 * its own, ~50 MB a process at idle, and an esbuild service (bench/RESULTS.md, issue 44). The
 * workspace's TypeScript is bundled; npm packages stay imports. Each bundled module's
 * `import.meta.url` is its source file's, so paths relative to a module (migrations,
 * remix-app/build) resolve as they do from the sources. Under a second; `npm start` runs it
 * every time.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
/** Each entry and its bundle (entry/web-processes.ts starts the last two from the first). */
const BUNDLES = {
  'entry/main.ts': 'build/processes/main.mjs',
  'remix-app/web.ts': 'build/processes/web.mjs',
  'realtime/src/main.ts': 'build/processes/realtime.mjs',
  // Worker threads: a bundled process starts these (packages/shared/src/bundles.ts).
  'packages/search/src/embed-thread.ts': 'build/processes/embed-thread.mjs',
  'packages/markdown/src/render-thread.ts': 'build/processes/render-thread.mjs',
};

/** Rewrites `import.meta.url` in the workspace's TypeScript to the source file's URL, relative to the bundle. */
const sourceUrls = (outfile) => ({
  name: 'source-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes('/node_modules/') && !args.path.includes('/node_modules/@fso/')) return undefined;
      const source = await readFile(args.path, 'utf8');
      const path = relative(dirname(outfile), args.path);
      const url = `new URL(${JSON.stringify(path)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
});

/** npm packages stay imports (resolved from node_modules at run time); the workspace's own are bundled. */
const packagesExternal = {
  name: 'packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@fso/') ? undefined : { external: true }));
  },
};

await Promise.all(
  Object.entries(BUNDLES).map(([entry, bundle]) => {
    const outfile = join(root, bundle);
    return build({
      entryPoints: [join(root, entry)],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
      plugins: [packagesExternal, sourceUrls(outfile)],
    });
  }),
);
