/**
 * The deployment as its files describe it, for the tests in this folder: the Dockerfile parsed
 * by dockerfile-ast (the parser under the dockerfile-utils linter) into stages and the final
 * stage's COPY / RUN / USER / CMD / HEALTHCHECK, the build context as .dockerignore filters it,
 * and fly.toml. Nothing here knows what the Dockerfile should say; the tests do.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import dockerignore from '@balena/dockerignore';
import { DockerfileParser, type Instruction, type ModifiableInstruction } from 'dockerfile-ast';
import { parse as parseToml } from 'smol-toml';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

export const dockerfileText = read('Dockerfile');
const dockerfile = DockerfileParser.parse(dockerfileText);

/** One build stage: its `AS` name (null if none) and its instructions after FROM, in order. */
export interface Stage {
  name: string | null;
  instructions: Instruction[];
}

export const stages: Stage[] = dockerfile.getFROMs().map((from, i, froms) => {
  const start = from.getRange().start.line;
  const end = froms[i + 1]?.getRange().start.line ?? Infinity;
  const lines = (instruction: Instruction) => instruction.getRange().start.line;
  return {
    name: from.getBuildStage(),
    instructions: dockerfile.getInstructions().filter((x) => lines(x) > start && lines(x) < end),
  };
});
export const finalStage = stages.at(-1)!;

export const ofKeyword = (stage: Stage, keyword: string) =>
  stage.instructions.filter((x) => x.getKeyword() === keyword);

/** A COPY: `from` is the --from stage (null: the build context); `line` is zero-based. */
export interface CopyStep {
  from: string | null;
  sources: string[];
  dest: string;
  line: number;
}

export function copyStep(instruction: Instruction): CopyStep {
  const args = instruction.getArguments().map((a) => a.getValue());
  // Not Copy.getFromFlag(): it answers null when --chown is given too.
  const from =
    (instruction as ModifiableInstruction)
      .getFlags()
      .find((flag) => flag.getName() === 'from')
      ?.getValue() ?? null;
  return { from, sources: args.slice(0, -1), dest: args.at(-1)!, line: instruction.getRange().start.line };
}

/**
 * Where `copy` puts its `source`, relative to the WORKDIR, by Docker's rules: a directory's
 * contents go into the destination; a file lands in it when it ends in `/` or there are several
 * sources, else becomes it. `isDirectory` defaults to the source in the repository.
 */
export function destinationOf(
  copy: CopyStep,
  source: string,
  isDirectory = statSync(join(root, source)).isDirectory(),
): string {
  const into = copy.dest.endsWith('/') || copy.sources.length > 1;
  return posix.normalize(!isDirectory && into ? posix.join(copy.dest, posix.basename(source)) : copy.dest);
}

/** The argv of an exec-form (JSON) CMD, or of a HEALTHCHECK's `CMD [...]`; null for shell form. */
export function execForm(instruction: Instruction): string[] | null {
  const json = instruction
    .getArgumentsContent()
    ?.trim()
    .replace(/^CMD\s+/, '');
  if (!json?.startsWith('[')) return null;
  return JSON.parse(json) as string[];
}

const ignored = dockerignore().add(read('.dockerignore').split('\n'));

/** Whether `path` (relative to the repository root) is in the build context .dockerignore leaves. */
const inContext = (path: string) => path === '' || path === '.' || !ignored.ignores(path);

/** Whether a COPY source exists in the repository and is part of the build context. */
export const copyable = (path: string) => existsSync(join(root, path)) && inContext(path);

/** fly.toml's settings that the tests read. */
export interface FlyConfig {
  processes: Record<string, string>;
  deploy: { release_command: string };
  env: Record<string, string>;
  http_service: { internal_port: number };
  services: { internal_port: number; ports: { port: number }[] }[];
  metrics: { processes: string[]; port: number; path: string }[];
}

export const fly = parseToml(read('fly.toml')) as unknown as FlyConfig;

/** A command line as the platform splits it (these have no quotes). */
export const words = (command: string) => command.trim().split(/\s+/);

export const packageJson = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
