/**
 * The file a forked process or a worker thread runs. `npm start` runs bundled processes, plain
 * JavaScript from build/processes/ (scripts/build-server.mjs): a process started from there runs
 * the bundles beside it, so no tsx loader thread and no esbuild service (issue 44). Under tsx
 * (tests, `npm run dev`, the deploy) it runs the source, or for a worker thread the `.mjs`
 * launcher beside it, which registers tsx in the thread.
 */
import { pathToFileURL } from 'node:url';

/** This process's own bundle, when it runs from one. */
const bundle = process.argv[1]?.includes('/build/processes/') ? pathToFileURL(process.argv[1]) : null;

/** `source`, or `bundled` (a file name in build/processes/) when this process runs bundled. */
export function fileToRun(source: URL, bundled: string): URL {
  return bundle ? new URL(bundled, bundle) : source;
}
