/**
 * The players' side of the games benchmark, shared by the real benchmark and its bare Socket.IO
 * ceiling (games.mjs): Battleship players on their own socket.io-client sockets, one measured
 * window of their games (rate, round trips, CPU of the servers, the database server and this
 * process, how busy the rest of the machine was), and the retry of a window the machine's other
 * users disturbed.
 */
import os from 'node:os';
import { io } from 'socket.io-client';
import { cpuMs, machineBusy, processTreeCpuMs } from './lib.mjs';

/** A run during which other processes kept more of the machine busy than this (%) is tried again, up to ATTEMPTS times. */
const QUIET_OTHERS = 10;
const ATTEMPTS = 3;

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * One player (`name`, signed in by `cookie` if any) on its own socket to `url`: shoots its
 * shuffled cells one by one (over again should a game outlast them), `pauseMs` after its turn comes.
 */
function player({ url, cookie, name, gameID }, pauseMs, stats) {
  const cells = Array.from({ length: 100 }, (_, i) => ({ x: i % 10, y: Math.floor(i / 10) })).sort(
    () => Math.random() - 0.5,
  );
  let shots = 0;
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: cookie ? { cookie } : {},
    reconnection: false,
    forceNew: true,
  });
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
    if (paused || state.status !== 'IN_PROGRESS' || mover !== name || pending || timer) return;
    timer = setTimeout(() => {
      timer = null;
      if (paused) return;
      const cell = cells[shots++ % cells.length];
      pending = { version: game.version, at: performance.now() };
      socket.emit('makeMove', { gameID, move: { playerID: name, gameID, move: cell }, version: game.version });
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

/**
 * Plays the games of `pairs` ({ gameID, host, guest }, each player { name, cookie?, url })
 * `seconds` long, `pauseMs` after each turn (0 = unpaced): connects every player, lets each
 * joinGame be answered, calls `start` (which starts the games), and measures from then on the
 * rate, the round trips and the CPU of `serverPids` (summed), of the database server's
 * processes (`dbPid`) and of this process. `settled` runs once the moves have stopped and the
 * last ones landed, before the sockets close.
 */
export async function play({
  pairs,
  pauseMs,
  seconds,
  serverPids,
  dbPid = null,
  start = async () => {},
  settled = async () => {},
}) {
  const stats = { rtt: [], moves: 0, refused: 0 };
  const players = pairs.flatMap((p) =>
    [p.host, p.guest].map((u) => player({ ...u, gameID: p.gameID }, pauseMs, stats)),
  );
  await Promise.all(
    players.map((p) => new Promise((resolve) => (p.socket.connected ? resolve() : p.socket.once('connect', resolve)))),
  );
  await sleep(500); // every joinGame answered
  // The clock starts once every game has started, so slow starts do not dilute the rate.
  await start();
  const beforeWindow = stats.moves;
  stats.rtt = [];
  const serverCpuMs = () => serverPids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const busy = machineBusy();
  const cpuBefore = { server: serverCpuMs(), db: dbPid ? processTreeCpuMs(dbPid) : 0, client: process.cpuUsage() };
  const started = performance.now();
  await sleep(seconds * 1000);
  for (const p of players) p.pause();
  const elapsed = (performance.now() - started) / 1000;
  const machine = Math.round(busy() * 100);
  const moves = stats.moves - beforeWindow;
  const serverCpu = serverCpuMs() - cpuBefore.server;
  const dbCpu = dbPid ? processTreeCpuMs(dbPid) - cpuBefore.db : null;
  const client = process.cpuUsage(cpuBefore.client);
  await sleep(500); // moves in flight land
  await settled();
  for (const p of players) p.stop();
  const sorted = stats.rtt.sort((a, b) => a - b);
  return {
    movesPerSecond: Math.round(moves / elapsed),
    p50: +percentile(sorted, 50).toFixed(1),
    p99: +percentile(sorted, 99).toFixed(1),
    acknowledged: stats.moves,
    refused: stats.refused,
    serverCpuMsPerMove: moves ? +(serverCpu / moves).toFixed(3) : null,
    dbCpuMsPerMove: dbCpu !== null && moves ? +(dbCpu / moves).toFixed(3) : null,
    clientCpuPercent: Math.round(((client.user + client.system) / 1000 / (elapsed * 1000)) * 100),
    serverCpuPercent: Math.round((serverCpu / (elapsed * 1000)) * 100),
    machineBusy: machine,
    // The rest of the machine's busy time is other people's work: this run's figures are only as good as it is low.
    othersBusy: Math.max(
      0,
      Math.round(
        machine -
          ((serverCpu + (dbCpu ?? 0) + (client.user + client.system) / 1000) / (elapsed * 1000 * os.cpus().length)) *
            100,
      ),
    ),
  };
}

/** The machine is shared: `attempt` is run again while others' load was high, keeping the quietest. */
export async function quietest(attempt) {
  let best = null;
  let attempts = 0;
  while (attempts < ATTEMPTS && !(best && best.othersBusy <= QUIET_OTHERS)) {
    const r = await attempt();
    attempts += 1;
    if (!best || r.othersBusy < best.othersBusy) best = r;
  }
  return { ...best, attempts };
}
