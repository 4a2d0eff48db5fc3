// Completes package-lock.json with the other-platform optional packages (rollup, esbuild, …
// native builds for macOS, Windows, musl) that `npm install` leaves out when the registry
// mirror of this workplace does not carry them. npm 11's `npm ci` refuses a lock file that
// misses any of them; entries with `os`/`cpu` let it skip them on Linux as it should.
// Run after every `npm install` that changes the lock: `node scripts/lock-optional-platforms.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'openbsd',
  'openharmony',
  'sunos',
  'netbsd',
  'aix',
  'win32',
  'cygwin',
];
const CPU = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'mips64el', 'ppc64', 'riscv64', 's390x', 'wasm32'];

/** Platform fields read from a native package's name, e.g. rollup-linux-arm64-musl. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p) || p === 'win32');
  const cpu =
    parts.find((p) => CPU.includes(p)) ?? (parts.includes('eabi') || parts.includes('gnueabihf') ? 'arm' : undefined);
  const fields = {};
  if (os) fields.os = [os];
  if (cpu) fields.cpu = [cpu];
  if (os === 'linux' && parts.some((p) => p.startsWith('musl'))) fields.libc = ['musl'];
  else if (os === 'linux' && parts.some((p) => p.startsWith('gnu'))) fields.libc = ['glibc'];
  return fields;
}

/** Where npm would find `name` from the package at `from`, or undefined. */
function resolve(from, name) {
  let dir = from;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return undefined;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut === -1 ? '' : dir.slice(0, cut);
  }
}

let added = 0;
for (const [path, meta] of Object.entries({ ...packages })) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    if (resolve(path, name)) continue;
    const fields = platformOf(name);
    if (!fields.os && !fields.cpu) continue; // not a platform build: leave it to npm
    const target = packages[`node_modules/${name}`] ? `${path}/node_modules/${name}` : `node_modules/${name}`;
    packages[target] = { version, ...fields, optional: true };
    added += 1;
  }
}

writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform entries added`);
