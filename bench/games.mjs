/**
 * Game benchmark (issue 5): N concurrent Battleship games, both players on their own sockets,
 * each player moving `pauseMs` after its turn comes. Measures the move round trip (makeMove
 * → the mover's gameUpdate with the new version), moves/s, refused moves, and checks that
 * every acknowledged move was persisted (sum of game versions in the database). Run once at
 * the paced rate (the 400 moves/s) and once unpaced to find where it saturates.
 */
import { io } from 'socket.io-client';
import { machineBusy, rssMb, startServer } from './lib.mjs';

const json = { 'Content-Type': 'application/json' };

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

/** One player: shoots its shuffled cells one by one, `pauseMs` after its turn comes. */
function player(base, cookie, username, gameID, pauseMs, stats) {
  const cells = Array.from({ length: 100 }, (_, i) => ({ x: i % 10, y: Math.floor(i / 10) })).sort(() => Math.random() - 0.5);
  const socket = io(base, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
  let pending = null;
  let timer = null;
  let stopped = false;
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
    if (stopped || state.status !== 'IN_PROGRESS' || mover !== username || pending || timer) return;
    timer = setTimeout(() => {
      timer = null;
      const cell = cells.pop();
      if (!cell || stopped) return;
      pending = { version: game.version, at: performance.now() };
      socket.emit('makeMove', { gameID, move: { playerID: username, gameID, move: cell }, version: game.version });
    }, pauseMs);
  });
  return {
    socket,
    stop() {
      stopped = true;
      clearTimeout(timer);
      socket.close();
    },
  };
}

async function run(base, pid, games, pauseMs, seconds) {
  const stats = { rtt: [], moves: 0, refused: 0 };
  const rssBefore = rssMb(pid);
  const pairs = [];
  for (let g = 0; g < games; g++) {
    const tag = `${Date.now().toString(36)}${g}`;
    const [host, guest] = [`gh${tag}`, `gg${tag}`];
    const [hostCookie, guestCookie] = await Promise.all([signUp(base, host), signUp(base, guest)]);
    const game = await post(base, hostCookie, '/games/create', { gameType: 'Battleship' });
    pairs.push({ host, guest, hostCookie, guestCookie, gameID: game.gameID });
  }
  const versionsBefore = await totalVersions(base, pairs[0].hostCookie);
  const players = pairs.flatMap((p) => [player(base, p.hostCookie, p.host, p.gameID, pauseMs, stats), player(base, p.guestCookie, p.guest, p.gameID, pauseMs, stats)]);
  await Promise.all(players.map((p) => new Promise((resolve) => (p.socket.connected ? resolve() : p.socket.once('connect', resolve)))));
  const busy = machineBusy();
  const started = performance.now();
  // Joining starts every game: the guest's gameUpdate then tells the host it is its turn.
  await Promise.all(pairs.map((p) => post(base, p.guestCookie, '/games/join', { gameID: p.gameID, playerID: p.guest })));
  await new Promise((r) => setTimeout(r, seconds * 1000));
  for (const p of players) p.stop();
  const elapsed = (performance.now() - started) / 1000;
  const machine = Math.round(busy() * 100);
  const rssDuring = rssMb(pid);
  await new Promise((r) => setTimeout(r, 500));
  const persisted = (await totalVersions(base, pairs[0].hostCookie)) - versionsBefore - games; // joins bump versions too
  const sorted = stats.rtt.sort((a, b) => a - b);
  return {
    games,
    pauseMs,
    movesPerSecond: Math.round(stats.moves / elapsed),
    p50: +percentile(sorted, 50).toFixed(1),
    p99: +percentile(sorted, 99).toFixed(1),
    acknowledged: stats.moves,
    persisted,
    refused: stats.refused,
    rssPerGameKb: Math.round(((rssDuring - rssBefore) * 1024) / games),
    machineBusy: machine,
  };
}

export async function gamesBench({ env, port, label, games = 200 }) {
  const server = await startServer(env, port);
  try {
    const paced = await run(server.base, server.pid, games, 500, 20);
    const unpaced = await run(server.base, server.pid, games, 0, 15);
    return { label, rows: [['paced: each player moves 0.5 s after its turn comes', paced], ['unpaced: each player moves as soon as its turn comes', unpaced]] };
  } finally {
    await server.stop();
  }
}

export const GAMES_HEAD =
  '| run | games | moves/s | round trip p50 ms | p99 ms | acknowledged | persisted | refused | server RSS per game (incl. 2 sockets) | machine busy |\n|---|---|---|---|---|---|---|---|---|---|';
export const gamesRow = ([name, r]) =>
  `| ${name} | ${r.games} | ${r.movesPerSecond} | ${r.p50} | ${r.p99} | ${r.acknowledged} | ${r.persisted} | ${r.refused} | ${r.rssPerGameKb} kB | ${r.machineBusy}% |`;
