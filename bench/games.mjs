/**
 * Game benchmark (issue 5): N concurrent Battleship games, both players on their own sockets,
 * each player moving a pause after its turn comes. Measures the move round trip (makeMove →
 * the mover's gameUpdate with the new version), moves/s, refused moves, the CPU each move costs
 * the server (and the database server's backends, and this client process), and checks that
 * every acknowledged move was persisted (sum of game versions in the database). Runs the
 * issue's rate (400 moves/s), then faster paces until p99 passes 50 ms (saturation), then
 * unpaced. Memory per game is measured after forced full GCs (through the server's inspector)
 * with and without the games and their sockets.
 */
import os from 'node:os';
import { io } from 'socket.io-client';
import { cpuMs, machineBusy, processTreeCpuMs, memoryAfterGc, startServer } from './lib.mjs';

const json = { 'Content-Type': 'application/json' };
const SATURATION_P99_MS = 50;
/** A run during which other processes kept more of the machine busy than this (%) is tried again, up to ATTEMPTS times. */
const QUIET_OTHERS = 10;
const ATTEMPTS = 3;

async function signUp(base, username) {
  const res = await fetch(`${base}/user/signup`, { method: 'POST', headers: json, body: JSON.stringify({ username, password: 'bench-password' }) });
  if (!res.ok) throw new Error(`signup ${username}: ${res.status} ${await res.text()}`);
  return res.headers.get('set-cookie').split(';')[0];
}

async function post(base, cookie, path, body) {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function totalVersions(base, cookie) {
  const res = await fetch(`${base}/games/games?gameType=Battleship&limit=200`, { headers: { cookie } });
  const games = await res.json();
  return games.reduce((sum, g) => sum + g.version, 0);
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One player: shoots its shuffled cells one by one, `pauseMs` after its turn comes. */
function player(base, cookie, username, gameID, pauseMs, stats) {
  const cells = Array.from({ length: 100 }, (_, i) => ({ x: i % 10, y: Math.floor(i / 10) })).sort(() => Math.random() - 0.5);
  const socket = io(base, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, forceNew: true });
  let pending = null;
  let timer = null;
  let paused = false;
  socket.on('connect', () => socket.emit('joinGame', gameID));
  socket.on('gameError', () => {
    stats.refused += 1;
    pending = null;
  });
  socket.on('gameUpdate', ({ gameInstance: game }) => {
    if (pending && game.version > pending.version) {
      stats.rtt.push(performance.now() - pending.at);
      stats.moves += 1;
      pending = null;
    }
    const { state } = game;
    const mover = state.moves.length % 2 === 0 ? state.player1 : state.player2;
    if (paused || state.status !== 'IN_PROGRESS' || mover !== username || pending || timer) return;
    timer = setTimeout(() => {
      timer = null;
      const cell = cells.pop();
      if (!cell || paused) return;
      pending = { version: game.version, at: performance.now() };
      socket.emit('makeMove', { gameID, move: { playerID: username, gameID, move: cell }, version: game.version });
    }, pauseMs);
  });
  return {
    socket,
    /** Stops moving; the socket stays connected. */
    pause() {
      paused = true;
      clearTimeout(timer);
    },
    stop() {
      this.pause();
      socket.close();
    },
  };
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
 * One run on new games: `pauseMs` after each turn (0 = unpaced), `seconds` long. With
 * `inspectPort`, also the memory each game with its 2 sockets adds, measured after forced GCs.
 */
async function run({ server, users, games, pauseMs, seconds, dbPid, inspectPort }) {
  const { base, pid } = server;
  const stats = { rtt: [], moves: 0, refused: 0 };
  const memBefore = inspectPort ? await memoryAfterGc(inspectPort) : null;
  const pairs = [];
  for (let g = 0; g < games; g += 10) {
    const batch = Array.from({ length: Math.min(10, games - g) }, (_, j) => ({ host: users[2 * (g + j)], guest: users[2 * (g + j) + 1] }));
    for (const p of batch) p.gameID = (await post(base, p.host.cookie, '/games/create', { gameType: 'Battleship' })).gameID;
    pairs.push(...batch);
  }
  const versionsBefore = await totalVersions(base, pairs[0].host.cookie);
  const players = pairs.flatMap((p) => [p.host, p.guest].map((u) => player(base, u.cookie, u.name, p.gameID, pauseMs, stats)));
  await Promise.all(players.map((p) => new Promise((resolve) => (p.socket.connected ? resolve() : p.socket.once('connect', resolve)))));
  await sleep(500); // every joinGame answered
  // Joining starts every game: the guest's gameUpdate then tells the host it is its turn. The
  // clock starts once every game has started, so slow joins do not dilute the rate.
  await Promise.all(pairs.map((p) => post(base, p.guest.cookie, '/games/join', { gameID: p.gameID, playerID: p.guest.name })));
  const beforeWindow = stats.moves;
  stats.rtt = [];
  const busy = machineBusy();
  const cpuBefore = { server: cpuMs(pid), db: dbPid ? processTreeCpuMs(dbPid) : 0, client: process.cpuUsage() };
  const started = performance.now();
  await sleep(seconds * 1000);
  for (const p of players) p.pause();
  const elapsed = (performance.now() - started) / 1000;
  const machine = Math.round(busy() * 100);
  const moves = stats.moves - beforeWindow;
  const serverCpu = cpuMs(pid) - cpuBefore.server;
  const dbCpu = dbPid ? processTreeCpuMs(dbPid) - cpuBefore.db : null;
  const client = process.cpuUsage(cpuBefore.client);
  await sleep(500); // moves in flight land
  const memDuring = inspectPort ? await memoryAfterGc(inspectPort) : null;
  for (const p of players) p.stop();
  const persisted = (await totalVersions(base, pairs[0].host.cookie)) - versionsBefore - games; // joins bump versions too
  const sorted = stats.rtt.sort((a, b) => a - b);
  const perGameKb = (key) => (memBefore ? Math.round((memDuring[key] - memBefore[key]) / 1024 / games) : null);
  return {
    games,
    pauseMs,
    movesPerSecond: Math.round(moves / elapsed),
    p50: +percentile(sorted, 50).toFixed(1),
    p99: +percentile(sorted, 99).toFixed(1),
    acknowledged: stats.moves,
    persisted,
    refused: stats.refused,
    serverCpuMsPerMove: moves ? +(serverCpu / moves).toFixed(3) : null,
    dbCpuMsPerMove: dbCpu !== null && moves ? +(dbCpu / moves).toFixed(3) : null,
    clientCpuPercent: Math.round(((client.user + client.system) / 1000 / (elapsed * 1000)) * 100),
    serverCpuPercent: Math.round((serverCpu / (elapsed * 1000)) * 100),
    machineBusy: machine,
    // The rest of the machine's busy time is other people's work: this run's figures are only as good as it is low.
    othersBusy: Math.max(0, Math.round(machine - ((serverCpu + (dbCpu ?? 0) + (client.user + client.system) / 1000) / (elapsed * 1000 * os.cpus().length)) * 100)),
    memory: memBefore && { heapKb: perGameKb('heapUsed'), externalKb: perGameKb('external'), rssKb: perGameKb('rss'), before: memBefore, during: memDuring },
  };
}

/**
 * The issue's run (200 games, each player moving 0.5 s after its turn: 400 moves/s), then
 * shorter pauses until p99 passes 50 ms, then unpaced. `dbPid`: the database server's
 * postmaster, whose backends' CPU is counted per move. `nodeArgs` go to the server (e.g.
 * --cpu-prof); `sweep: false` leaves out the search for saturation.
 */
export async function gamesBench({ env, port, label, games = 200, dbPid = null, nodeArgs = [], sweep = true }) {
  const inspectPort = port + 6000;
  const server = await startServer(env, port, 'remix-app/server.ts', [`--inspect=127.0.0.1:${inspectPort}`, ...nodeArgs]);
  try {
    const users = await accounts(server.base, games);
    await run({ server, users, games: 20, pauseMs: 50, seconds: 5, dbPid }); // warm-up (JIT, pools)
    // The machine is shared: each run is repeated while others' load was high, keeping the quietest.
    const quietest = async (opts) => {
      let best = null;
      let attempts = 0;
      while (attempts < ATTEMPTS && !(best && best.othersBusy <= QUIET_OTHERS)) {
        const r = await run({ server, users, games, dbPid, ...opts });
        attempts += 1;
        if (!best || r.othersBusy < best.othersBusy) best = r;
      }
      return { ...best, attempts };
    };
    const rows = [];
    const paced = await quietest({ pauseMs: 500, seconds: 20, inspectPort });
    rows.push([`paced: each player moves 500 ms after its turn comes (~${Math.round((games * 1000) / 500)} moves/s offered)`, paced]);
    for (const pauseMs of sweep ? [330, 250, 200, 160, 130, 100, 80, 60] : []) {
      if (rows.at(-1)[1].p99 > SATURATION_P99_MS) break;
      rows.push([`paced: ${pauseMs} ms pause (~${Math.round((games * 1000) / pauseMs)} moves/s offered)`, await quietest({ pauseMs, seconds: 10 })]);
    }
    rows.push(['unpaced: each player moves as soon as its turn comes', await quietest({ pauseMs: 0, seconds: 10 })]);
    const saturated = rows.find(([, r]) => r.pauseMs > 0 && r.p99 > SATURATION_P99_MS);
    const below = rows.filter(([, r]) => r.pauseMs > 0 && r.p99 <= SATURATION_P99_MS).at(-1);
    return { label, rows, memory: paced.memory, saturation: { below: below?.[1].movesPerSecond ?? null, above: saturated?.[1].movesPerSecond ?? null } };
  } finally {
    await server.stop();
  }
}

export const GAMES_HEAD =
  '| run | moves/s | round trip p50 ms | p99 ms | acknowledged | persisted | refused | server CPU ms/move | DB server CPU ms/move | server CPU | bench client CPU | machine busy | of which others | attempts |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|';
export const gamesRow = ([name, r]) =>
  `| ${name} | ${r.movesPerSecond} | ${r.p50} | ${r.p99} | ${r.acknowledged} | ${r.persisted} | ${r.refused} | ${r.serverCpuMsPerMove} | ${r.dbCpuMsPerMove ?? 'in process'} | ${r.serverCpuPercent}% | ${r.clientCpuPercent}% | ${r.machineBusy}% | ${r.othersBusy}% | ${r.attempts} |`;

const mb = (bytes) => (bytes / 2 ** 20).toFixed(1);

/** The saturation and memory lines under one target's table. */
export function gamesSummary(r, games = 200) {
  const m = r.memory;
  const sat = r.saturation;
  return [
    `Saturation (p99 > ${SATURATION_P99_MS} ms): ${sat.above ? `between ${sat.below ?? 0} and ${sat.above} moves/s` : `not reached by the paced runs (p99 ≤ ${SATURATION_P99_MS} ms up to ${sat.below} moves/s)`}.`,
    `Memory per game: ${m.heapKb} kB of JS heap and ${m.externalKb} kB outside it (heap ${mb(m.before.heapUsed)} MB → ${mb(m.during.heapUsed)} MB with the ${games} games in progress; RSS ${mb(m.before.rss)} → ${mb(m.during.rss)} MB).`,
  ];
}
