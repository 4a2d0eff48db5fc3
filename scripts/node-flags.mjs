/**
 * The V8 flags the site's processes run with, shared by `npm start` (scripts/start.mjs) and the
 * benchmarks' servers (bench/lib.mjs), so what is measured is what runs; `npm run start:web`
 * and `start:realtime`, the Dockerfile's CMD and fly.toml's processes name the same (decision
 * record 0067). The young generation may grow to 32 MB a semi-space (V8's default on 64 bits: 16 MB): a search
 * screen allocates ~1.4 MB, so at the default every ~10 requests fill it, and the requests in
 * flight at each scavenge survive it, are copied and some promoted, feeding the mark-compacts
 * that stop every request at once. V8 shrinks the space again only at a collection after a quiet
 * spell, which an idle process never makes: with --expose-gc each process collects once when it
 * falls idle (packages/platform/src/idle-collection.ts), returning it (~60 MB a process).
 */
export const NODE_FLAGS = ['--max-semi-space-size=32', '--expose-gc'];
