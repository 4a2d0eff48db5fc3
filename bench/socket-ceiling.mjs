/**
 * The games benchmark's ceiling, run as a child process of it (bench/games.mjs forks it): a
 * bare Socket.IO server, no app, no database. `joinGame` puts the socket in the game's room and
 * answers it with the game; each `makeMove` on the version it names is answered by a
 * `gameUpdate` to the room with the version incremented (a stale one by `gameError`). Game <id>
 * is always in progress between players <id>a and <id>b, who alternate; it keeps its moves as a
 * real game does ({ move, playerID }) but starts them over every 200 (both players' 100 cells),
 * so its payload stays within a real game's few kB however long it is played.
 * Sends its port to the parent once listening.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const games = new Map();
const gameOf = (id) => {
  if (!games.has(id))
    games.set(id, {
      gameID: id,
      version: 0,
      state: { status: 'IN_PROGRESS', player1: `${id}a`, player2: `${id}b`, moves: [] },
    });
  return games.get(id);
};

const http = createServer();
const io = new Server(http);
io.on('connection', (socket) => {
  socket.on('joinGame', (id) => {
    socket.join(id);
    socket.emit('gameUpdate', { gameInstance: gameOf(id) });
  });
  socket.on('makeMove', ({ gameID, move, version }) => {
    const game = gameOf(gameID);
    if (version !== game.version) return void socket.emit('gameError', { gameID, error: 'stale version' });
    game.version += 1;
    if (game.state.moves.length === 200) game.state.moves = [];
    game.state.moves.push({ move: move.move, playerID: move.playerID });
    io.to(gameID).emit('gameUpdate', { gameInstance: game });
  });
});
http.listen(0, '127.0.0.1', () => process.send(http.address().port));
