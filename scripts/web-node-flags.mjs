/**
 * The V8 flags the site's processes run with, shared by `npm start` (scripts/start.mjs) and the
 * benchmarks' servers (bench/lib.mjs), so what is measured is what runs; `npm run start:web`,
 * the Dockerfile's CMD and fly.toml's web process name the same. A web process's young generation may grow to 32 MB a semi-space (V8's
 * default on 64 bits: 16 MB): a search screen allocates ~1.4 MB, and at the default ~10
 * requests fill it, so the 16 requests in flight survive scavenges, are promoted and make the
 * mark-compacts that land in the p99 (decision record 0067). The space shrinks again when idle.
 */
export const NODE_FLAGS = ['--max-semi-space-size=32'];
