/**
 * Fences around the library patches (patches/, applied by patch-package when npm installs; each
 * one's gain: docs/decisions/0089): a test here fails when a patch's target changes shape. The
 * installed version must be the one the patch was made for (a bump means checking and measuring
 * it again, or dropping it), every line the patch adds must be in the installed file (a patch that
 * stopped applying fails here rather than warning once at install), and where the patched
 * behaviour shows from outside, it happens. The hand-off and loader-request patches also have
 * their own behaviour tests (document-handoff.test.ts, loader-request.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);

interface Patch {
  name: string;
  pkg: string;
  version: string;
  /** The lines the patch adds, by the file (from the repository's root) it adds them to. */
  added: Map<string, string[]>;
}

/** `@scope+name+1.2.3.patch` → `@scope/name` 1.2.3, and what it adds to each file. */
function readPatch(name: string): Patch {
  const parts = name.replace(/\.patch$/, '').split('+');
  const version = parts.pop()!;
  const added = new Map<string, string[]>();
  let file: string[] | undefined;
  for (const line of readFileSync(`${root}patches/${name}`, 'utf8').split('\n')) {
    if (line.startsWith('+++ b/')) added.set(line.slice(6), (file = []));
    else if (file && line.startsWith('+') && line.slice(1).trim()) file.push(line.slice(1));
  }
  return { name, pkg: parts.join('/'), version, added };
}

const patches = readdirSync(`${root}patches`)
  .filter((name) => name.endsWith('.patch'))
  .map(readPatch);

describe.each(patches)('patches/$name', (patch) => {
  it('targets the installed version', () => {
    const installed = JSON.parse(readFileSync(`${root}node_modules/${patch.pkg}/package.json`, 'utf8')) as {
      version: string;
    };
    expect(installed.version).toBe(patch.version);
  });

  it('is applied: every line it adds is in the installed file', () => {
    expect(patch.added.size).toBeGreaterThan(0);
    for (const [file, lines] of patch.added) {
      const present = new Set(readFileSync(`${root}${file}`, 'utf8').split('\n'));
      expect(
        lines.filter((line) => !present.has(line)),
        file,
      ).toEqual([]);
    }
  });
});

describe('patched behaviour', () => {
  it("react-dom's server build hands React's text over as strings, not encoded bytes", async () => {
    // The production build is the one patched (and the one the servers run); tests run in development.
    const server = require(`${root}node_modules/react-dom/cjs/react-dom-server.node.production.min.js`) as {
      renderToPipeableStream(node: unknown, opts: { onAllReady(): void }): { pipe(out: Writable): void };
    };
    const React = require('react') as { createElement(type: string, props: null, text: string): unknown };
    const chunks: unknown[] = [];
    const out = new Writable({
      decodeStrings: false,
      write(chunk, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    const finished = new Promise((resolve) => out.on('finish', resolve));
    const stream = server.renderToPipeableStream(React.createElement('p', null, 'hello'), {
      onAllReady: () => stream.pipe(out),
    });
    await finished;
    expect(chunks).toEqual(['<p>hello</p>']);
  });

  it("react-router-dom's createStaticRouter converts a routes array once", async () => {
    const { createStaticHandler, createStaticRouter } =
      require('react-router-dom/server') as typeof import('react-router-dom/server');
    const handler = createStaticHandler([{ path: '/', element: null }]);
    const context = await handler.query(new Request('http://localhost/'));
    if (context instanceof Response) throw new Error('no route context');
    const first = createStaticRouter(handler.dataRoutes, context);
    expect(createStaticRouter(handler.dataRoutes, context).routes).toBe(first.routes);
  });
});
