/**
 * `npm start`'s bundles (scripts/build-server.mjs): the two worker threads a bundled process
 * starts (@fso/shared/bundles) run as plain JavaScript, without tsx, and answer as their sources
 * do under tsx: the sentence model's thread a 512-dimension vector, Markdown rendering's its HTML.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
const bundle = (name: string) => new URL(`../build/processes/${name}`, import.meta.url);
const workers: Worker[] = [];

/** The first `count` messages a thread of `file` sends after `send` is posted to it. */
function answers(file: URL, send: unknown, count: number): Promise<unknown[]> {
  const worker = new Worker(file);
  workers.push(worker);
  const got: unknown[] = [];
  return new Promise((resolve, reject) => {
    worker.on('error', reject);
    worker.on('message', (message: unknown) => {
      if (got.push(message) === count) resolve(got);
    });
    worker.postMessage(send);
  });
}

beforeAll(() => {
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
}, 60_000);
afterAll(async () => {
  await Promise.all(workers.map((w) => w.terminate()));
});

describe('the bundled worker threads', () => {
  it('load no TypeScript loader', () => {
    for (const name of ['embed-thread.mjs', 'render-thread.mjs'])
      expect(readFileSync(bundle(name), 'utf8')).not.toMatch(/from ["']tsx/);
  });

  it("the sentence model's thread embeds", async () => {
    const [answer] = (await answers(bundle('embed-thread.mjs'), { id: 7, texts: ['How do I sort a list?'] }, 1)) as {
      id: number;
      vectors: Float32Array[];
    }[];
    expect(answer!.id).toBe(7);
    expect(answer!.vectors[0]).toHaveLength(512);
  });

  it("Markdown rendering's thread renders", async () => {
    const [ready, rendered] = await answers(bundle('render-thread.mjs'), 'Some **bold** text', 2);
    expect(ready).toMatchObject({ ready: true });
    expect(rendered).toMatchObject({ html: expect.stringContaining('<strong>bold</strong>') as unknown });
  });
});
