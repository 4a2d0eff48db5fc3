/** The Remix build is loaded with React's production builds whatever the site's NODE_ENV (issue 44). */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const remixApp = new URL('..', import.meta.url).pathname;

/** Loads the build in a fresh process with `NODE_ENV` as given; answers which React DOM build it loaded, and NODE_ENV after. */
function loadIn(nodeEnv: string | undefined) {
  const script = `
    const { serverBuild } = await import(${JSON.stringify(new URL('server-build.ts', import.meta.url).pathname)});
    await serverBuild();
    const { createRequire } = await import('node:module');
    const loaded = Object.keys(createRequire(import.meta.url).cache).filter((f) => f.includes('/react-dom/cjs/'));
    console.log(JSON.stringify({ nodeEnv: process.env.NODE_ENV ?? null, reactDom: loaded.map((f) => f.split('/').pop()) }));`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: remixApp,
    env: { PATH: process.env.PATH, ...(nodeEnv ? { NODE_ENV: nodeEnv } : {}) } as NodeJS.ProcessEnv,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout.trim().split('\n').pop()!) as { nodeEnv: string | null; reactDom: string[] };
}

describe('serverBuild', () => {
  it('renders with the production React DOM under npm start (NODE_ENV unset) and leaves NODE_ENV unset', () => {
    const { nodeEnv, reactDom } = loadIn(undefined);
    expect(reactDom.length).toBeGreaterThan(0);
    expect(reactDom.every((file) => file.includes('.production.'))).toBe(true);
    expect(nodeEnv).toBeNull();
  });

  it('keeps a NODE_ENV that was set for the site’s own settings', () => {
    const { nodeEnv, reactDom } = loadIn('development');
    expect(reactDom.every((file) => file.includes('.production.'))).toBe(true);
    expect(nodeEnv).toBe('development');
  });
});
