/**
 * The V8 flags the site's processes run with, shared by `npm start` (scripts/start.mjs) and the
 * benchmarks' servers (bench/lib.mjs), so what is measured is what runs; `npm run start:web`
 * and `start:realtime`, the Dockerfile's CMD and fly.toml's processes name the same (decision
 * record 0067). The young generation may grow to 32 MB a semi-space (V8's default on 64 bits: 16 MB): a search
 * screen allocates ~1.4 MB, so at the default every ~10 requests fill it, and the requests in
 * flight at each scavenge survive it, are copied and some promoted, feeding the mark-compacts
 * that stop every request at once. V8 shrinks the space again when the process is idle.
 */
export const NODE_FLAGS = ['--max-semi-space-size=32'];
