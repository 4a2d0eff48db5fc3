/**
 * Game benchmark (issue 5): N concurrent Battleship games, both players on their own sockets,
 * each player moving a pause after its turn comes. Measures the move round trip (makeMove →
 * the mover's gameUpdate with the new version), moves/s, refused moves, the CPU each move costs
 * the server (and the database server's backends, and this client process), and checks that
 * every acknowledged move was persisted (sum of game versions in the database). Runs the
 * issue's rate (400 moves/s), then faster paces until p99 passes 50 ms (saturation), then
 * unpaced. Memory per game is measured after forced full GCs (through the server's inspector)
 * with and without the games and their sockets. With `split`, the servers are 1 web and 2
 * realtime processes on one PostgreSQL database: REST goes to the web process, each game's host
 * plays on realtime instance A and its guest on B, so every move crosses the adapter. The
 * players and the measured window are game-play.mjs's; the ceiling (gamesCeiling) plays the
 * same way, unpaced, against a bare Socket.IO server (socket-ceiling.mjs).
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { play, quietest } from './game-play.mjs';
import { memoryAfterGc, post, root, signUp, startServer } from './lib.mjs';

const SATURATION_P99_MS = 50;

async function totalVersions(base, cookie) {
  const res = await fetch(`${base}/games/games?gameType=Battleship&limit=200`, { headers: { cookie } });
  const games = await res.json();
  return games.reduce((sum, g) => sum + g.version, 0);
}

/** Two accounts per game, made once per server (argon2 hashing is slow) and reused by every run. */
async function accounts(base, games) {
  const tag = Date.now().toString(36);
  const users = [];
  for (let i = 0; i < games * 2; i += 8) {
    const batch = Array.from({ length: Math.min(8, games * 2 - i) }, (_, j) => `g${tag}${i + j}`);
    users.push(...(await Promise.all(batch.map(async (name) => ({ name, cookie: await signUp(base, name) })))));
  }
  return users;
}

/**
 * One run on new games (see play). With `inspectPort`, also the memory each game with its 2
 * sockets adds, measured after forced GCs.
 */
async function run({ servers, users, games, pauseMs, seconds, dbPid, inspectPort }) {
  const { web, sockets } = servers;
  const memBefore = inspectPort ? await memoryAfterGc(inspectPort) : null;
  const pairs = [];
  for (let g = 0; g < games; g += 10) {
    const batch = Array.from({ length: Math.min(10, games - g) }, (_, j) => ({
      host: { ...users[2 * (g + j)], url: sockets[0] },
      guest: { ...users[2 * (g + j) + 1], url: sockets[1] },
    }));
    for (const p of batch)
      p.gameID = (await post(web, p.host.cookie, '/games/create', { gameType: 'Battleship' })).gameID;
    pairs.push(...batch);
  }
  const versionsBefore = await totalVersions(web, pairs[0].host.cookie);
  let memDuring = null;
  const row = await play({
    pairs,
    pauseMs,
    seconds,
    serverPids: servers.pids,
    dbPid,
    // Joining starts every game: the guest's gameUpdate then tells the host it is its turn.
    start: () =>
      Promise.all(
        pairs.map((p) => post(web, p.guest.cookie, '/games/join', { gameID: p.gameID, playerID: p.guest.name })),
      ),
    settled: async () => {
      if (inspectPort) memDuring = await memoryAfterGc(inspectPort);
    },
  });
  const persisted = (await totalVersions(web, pairs[0].host.cookie)) - versionsBefore - games; // joins bump versions too
  const perGameKb = (key) => Math.round((memDuring[key] - memBefore[key]) / 1024 / games);
  const memory = memBefore && {
    heapKb: perGameKb('heapUsed'),
    externalKb: perGameKb('external'),
    rssKb: perGameKb('rss'),
    before: memBefore,
    during: memDuring,
  };
  return { games, pauseMs, ...row, persisted, memory };
}

/**
 * The servers under test: the single process (with its inspector on `inspectPort`), or with
 * `split` 1 web process on `port` and 2 realtime instances on `port` + 1 and + 2. `web` takes
 * REST; `sockets` are the hosts' and the guests' Socket.IO servers; `pids` every process.
 */
async function startServers({ env, port, split, inspectPort, nodeArgs }) {
  if (!split) {
    const server = await startServer(env, port, 'entry/main.ts', [`--inspect=127.0.0.1:${inspectPort}`, ...nodeArgs]);
    return { web: server.base, sockets: [server.base, server.base], pids: [server.pid], stop: server.stop };
  }
  if (!env.DATABASE_URL) throw new Error('split mode needs PostgreSQL (DATABASE_URL)');
  const started = await Promise.all([1, 2].map((i) => startServer(env, port + i, 'realtime/src/main.ts', nodeArgs)));
  const stop = () => Promise.all(started.map((s) => s.stop()));
  try {
    started.unshift(await startServer({ ...env, REALTIME_URL: started[0].base }, port, 'remix-app/web.ts', nodeArgs));
  } catch (error) {
    await stop();
    throw error;
  }
  return { web: started[0].base, sockets: [started[1].base, started[2].base], pids: started.map((s) => s.pid), stop };
}

/**
 * The issue's run (200 games, each player moving 0.5 s after its turn: 400 moves/s), then
 * shorter pauses until p99 passes 50 ms, then unpaced. `dbPid`: the database server's
 * postmaster, whose backends' CPU is counted per move. `split`: 1 web + 2 realtime processes
 * (ports `port` to `port` + 2; PostgreSQL only; server CPU is their sum; memory not measured).
 * `nodeArgs` go to every server process (e.g. --cpu-prof); `sweep: false` leaves out the
 * search for saturation.
 */
export async function gamesBench({
  env,
  port,
  label,
  games = 200,
  dbPid = null,
  nodeArgs = [],
  sweep = true,
  split = false,
}) {
  const inspectPort = split ? null : port + 6000;
  const servers = await startServers({ env, port, split, inspectPort, nodeArgs });
  try {
    const users = await accounts(servers.web, games);
    await run({ servers, users, games: Math.min(20, games), pauseMs: 50, seconds: 5, dbPid }); // warm-up (JIT, pools)
    const measured = (opts) => quietest(() => run({ servers, users, games, dbPid, ...opts }));
    const rows = [];
    const paced = await measured({ pauseMs: 500, seconds: 20, inspectPort });
    rows.push([
      `paced: each player moves 500 ms after its turn comes (~${Math.round((games * 1000) / 500)} moves/s offered)`,
      paced,
    ]);
    for (const pauseMs of sweep ? [330, 250, 200, 160, 130, 100, 80, 60] : []) {
      if (rows.at(-1)[1].p99 > SATURATION_P99_MS) break;
      rows.push([
        `paced: ${pauseMs} ms pause (~${Math.round((games * 1000) / pauseMs)} moves/s offered)`,
        await measured({ pauseMs, seconds: 10 }),
      ]);
    }
    rows.push(['unpaced: each player moves as soon as its turn comes', await measured({ pauseMs: 0, seconds: 10 })]);
    const saturated = rows.find(([, r]) => r.pauseMs > 0 && r.p99 > SATURATION_P99_MS);
    const below = rows.filter(([, r]) => r.pauseMs > 0 && r.p99 <= SATURATION_P99_MS).at(-1);
    return {
      label,
      split,
      rows,
      memory: paced.memory,
      saturation: { below: below?.[1].movesPerSecond ?? null, above: saturated?.[1].movesPerSecond ?? null },
    };
  } finally {
    await servers.stop();
  }
}

/**
 * The games' ceiling on this machine at this load: `games` games played unpaced for `seconds`
 * by the same players against a bare Socket.IO server in its own process (socket-ceiling.mjs),
 * after a short warm-up, quietest of up to 3 attempts. Returns play's figures (movesPerSecond,
 * p50, p99, serverCpuMsPerMove, …); a run's ratio is its moves/s over this movesPerSecond.
 */
export async function gamesCeiling({ games = 200, seconds = 10 } = {}) {
  const child = fork(join(root, 'bench/socket-ceiling.mjs'), { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  try {
    const url = `http://127.0.0.1:${await new Promise((resolve) => child.once('message', resolve))}`;
    const pairs = Array.from({ length: games }, (_, g) => ({
      gameID: String(g),
      host: { name: `${g}a`, url },
      guest: { name: `${g}b`, url },
    }));
    const serverPids = [child.pid];
    await play({ pairs: pairs.slice(0, 20), pauseMs: 0, seconds: 2, serverPids }); // warm-up (JIT)
    return await quietest(() => play({ pairs, pauseMs: 0, seconds, serverPids }));
  } finally {
    child.kill();
  }
}

/** The table's rows: the paced run and the unpaced one (the first and last rows of a run). */
export const GAME_ROWS = [
  'games: 200 Battleship games, each player moving 500 ms after its turn (~400 moves/s offered)',
  'games: 200 Battleship games, unpaced',
];

/** A target's table: one row per pace (its columns are read as bench/notes/live-and-sockets.md says). */
export const GAMES_HEAD =
  '| run | moves/s | round trip p50 ms | p99 ms | acknowledged | persisted | refused | server CPU ms/move | DB server CPU ms/move | server CPU | bench client CPU | machine busy | of which others | attempts |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|';
export const gamesRow = ([name, r]) =>
  `| ${name} | ${r.movesPerSecond} | ${r.p50} | ${r.p99} | ${r.acknowledged} | ${r.persisted} | ${r.refused} | ${r.serverCpuMsPerMove} | ${r.dbCpuMsPerMove ?? 'in process'} | ${r.serverCpuPercent}% | ${r.clientCpuPercent}% | ${r.machineBusy}% | ${r.othersBusy}% | ${r.attempts} |`;

const mb = (bytes) => (bytes / 2 ** 20).toFixed(1);

/** The summary table's head: saturation and memory per game, a row per target. */
export const GAMES_SUMMARY_HEAD = `| server | saturation (p99 > ${SATURATION_P99_MS} ms) | memory per game |\n|---|---|---|`;

/** One target's summary row (memory is measured on the single process only). */
export function gamesSummary(r, games = 200) {
  const m = r.memory;
  const sat = r.saturation;
  const saturation = sat.above
    ? `between ${sat.below ?? 0} and ${sat.above} moves/s`
    : `not reached up to ${sat.below} moves/s`;
  const memory = m
    ? `${m.heapKb} kB JS heap, ${m.externalKb} kB outside (heap ${mb(m.before.heapUsed)} → ${mb(m.during.heapUsed)} MB, RSS ${mb(m.before.rss)} → ${mb(m.during.rss)} MB with ${games} games)`
    : '—';
  return `| ${r.label} | ${saturation} | ${memory} |`;
}
