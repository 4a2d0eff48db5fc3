/**
 * The Dockerfile and fly.toml, checked without a Docker engine: the Dockerfile passes the
 * dockerfile-utils linter (the one behind VS Code's Docker extension) with no diagnostics, and
 * what a deploy relies on holds — every COPY source is in the build context, the final stage
 * installs production dependencies only, runs unprivileged with a HEALTHCHECK, and starts what
 * fly.toml starts, each command's file being in the image (copied from the context, or a server
 * bundle the build stage makes); the release command exists.
 * deploy/image.smoke.ts then starts the image itself (npm run image:smoke).
 */
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@fso/platform';
import {
  copyable,
  copyStep,
  destinationOf,
  dockerfileText,
  execForm,
  finalStage,
  fly,
  ofKeyword,
  packageJson,
  stages,
  words,
} from './deployment.ts';

const diagnostics = (text: string) => validate(text).map((d) => `line ${d.range.start.line + 1}: ${d.message}`);

const finalCopies = ofKeyword(finalStage, 'COPY').map(copyStep);

/** Whether the final stage copies repository file `path` to the same path under its WORKDIR. */
const inImage = (path: string) =>
  copyable(path) &&
  finalCopies.some(
    (copy) =>
      copy.from === null &&
      copy.sources.some(
        (source) =>
          (path === source || path.startsWith(`${source}/`)) &&
          posix.join(destinationOf(copy, source), path.slice(source.length)) === path,
      ),
  );

/**
 * Whether `path` is one of scripts/build-server.mjs's bundles, which the build stage makes (its
 * RUN runs that script in WORKDIR /app) and the final stage copies out to the same path.
 */
const bundledInImage = (path: string) =>
  readFileSync(new URL('../scripts/build-server.mjs', import.meta.url), 'utf8').includes(`'${path}'`) &&
  ofKeyword(stages[0]!, 'RUN').some((run) => run.getArgumentsContent()?.includes('node scripts/build-server.mjs')) &&
  finalCopies.some(
    (copy) =>
      copy.from === stages[0]!.name &&
      copy.sources.some((source) => posix.relative('/app', source) === copy.dest && path.startsWith(`${copy.dest}/`)),
  );

/** The script a command line runs: its first .ts/.js argument. */
const scriptOf = (command: string) => words(command).find((word) => /\.(ts|m?js)$/.test(word));

describe('Dockerfile', () => {
  it('passes the linter with no diagnostics', () => {
    expect(diagnostics(dockerfileText)).toEqual([]);
  });

  it('the linter does flag a broken Dockerfile', () => {
    const broken = [
      dockerfileText.replace('COPY --chown=node:node patches patches', 'COPY --chown=node:node patches'),
      dockerfileText.replace('EXPOSE 8080', 'EXPOSE http'),
      dockerfileText.replace('--interval=15s', '--every=15s'),
    ];
    for (const text of broken) {
      expect(text).not.toBe(dockerfileText);
      expect(diagnostics(text)).not.toEqual([]);
    }
  });

  it('copies only paths that exist and that .dockerignore leaves in the build context', () => {
    const stageNames = stages.map((stage) => stage.name);
    for (const stage of stages) {
      for (const copy of ofKeyword(stage, 'COPY').map(copyStep)) {
        if (copy.from !== null) expect(stageNames, `line ${copy.line + 1}: --from=${copy.from}`).toContain(copy.from);
        else
          expect(
            copy.sources.filter((source) => !copyable(source)),
            `line ${copy.line + 1}`,
          ).toEqual([]);
      }
    }
  });

  it('final stage: production dependencies only, a non-root USER and a HEALTHCHECK', () => {
    const runs = ofKeyword(finalStage, 'RUN').map((run) => run.getArgumentsContent() ?? '');
    expect(
      runs.some((run) => /\bnpm ci\b[^&;|]*--omit=dev/.test(run)),
      runs.join('\n'),
    ).toBe(true);
    const user = ofKeyword(finalStage, 'USER').at(-1)?.getArguments()[0]?.getValue();
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user?.split(':')[0]);
    const healthcheck = ofKeyword(finalStage, 'HEALTHCHECK');
    expect(healthcheck).toHaveLength(1);
    expect(execForm(healthcheck[0]!), 'HEALTHCHECK CMD in exec (JSON) form').not.toBeNull();
  });

  it("CMD is fly.toml's web process, in exec form (so SIGTERM reaches node)", () => {
    const cmd = ofKeyword(finalStage, 'CMD');
    expect(cmd).toHaveLength(1);
    expect(execForm(cmd[0]!)).toEqual(words(fly.processes.web!));
  });
});

describe('fly.toml', () => {
  it('release_command is `npm run migrate`, a script of package.json', () => {
    expect(fly.deploy.release_command).toBe('npm run migrate');
    expect(packageJson.scripts.migrate).toBeDefined();
  });

  it('the web and realtime processes and the release script run files the image holds', () => {
    expect(Object.keys(fly.processes).sort()).toEqual(['realtime', 'web']);
    for (const command of [fly.processes.web!, fly.processes.realtime!, packageJson.scripts.migrate!]) {
      const script = scriptOf(command);
      expect(script, command).toBeDefined();
      expect(inImage(script!) || bundledInImage(script!), `${command}: ${script} is not in the image`).toBe(true);
    }
  });

  it("the servers run with scripts/node-flags.mjs's V8 flags, as npm start's processes do", () => {
    const source = readFileSync(new URL('../scripts/node-flags.mjs', import.meta.url), 'utf8');
    const flags = JSON.parse(/NODE_FLAGS = (\[[^\]]*\])/.exec(source)![1]!.replaceAll("'", '"')) as string[];
    expect(flags.length).toBeGreaterThan(0);
    for (const command of [fly.processes.web!, fly.processes.realtime!, packageJson.scripts['start:web']!])
      expect(words(command).slice(1, 1 + flags.length), command).toEqual(flags);
  });

  it('[env] is a configuration the web process starts with, taking client addresses from Fly-Client-IP', () => {
    // The secrets come from `fly secrets set`, never from this file.
    const secrets = { SESSION_SECRET: 's'.repeat(32), DATABASE_URL: 'postgres://db.internal/fso' };
    expect(loadConfig({ ...fly.env, ...secrets }, 'web').trustProxy).toEqual({ hops: 1, header: 'fly-client-ip' });
  });

  it("[[metrics]] scrapes web's METRICS_PORT (no token needed there), a port no service publishes", () => {
    expect(fly.metrics).toEqual([{ processes: ['web'], port: Number(fly.env.METRICS_PORT), path: '/metrics' }]);
    const published = [
      fly.http_service.internal_port,
      ...fly.services.flatMap((s) => [s.internal_port, ...s.ports.map((p) => p.port)]),
    ];
    expect(published).not.toContain(Number(fly.env.METRICS_PORT));
  });
});
