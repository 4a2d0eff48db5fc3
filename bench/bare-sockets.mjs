/**
 * What the socket child processes of the benchmarks (fanout-clients.mjs, live-clients.mjs)
 * share: bare websockets opened one after another, each speaking just enough Socket.IO for its
 * benchmark (socket.io-client would cost the shared cores more than the server measured), and
 * the IPC loop with the parent: `connect` → `ready`, `reset`, `report`, `close`.
 */
import WebSocket from 'ws';

const sockets = [];

/**
 * Opens `count` sockets to `url(i)`, each resolved once `onFrame(ws, text, connected, refused, i)`
 * calls `connected`; `setup(ws)` may add listeners first.
 */
export async function openSockets(count, url, options, onFrame, setup = () => undefined) {
  for (let i = 0; i < count; i++) {
    const ws = new WebSocket(`${url(i).replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, options);
    sockets.push(ws);
    setup(ws);
    await new Promise((resolve, reject) => {
      ws.on('message', (data) => onFrame(ws, data.toString(), resolve, reject, i));
      ws.once('error', reject);
    });
  }
}

const open = () => sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;

/** Answers the parent: `connect` runs `connect(command)`, `reset` and `report` their handlers (report's fields are sent). */
export function serveParent({ connect, reset, report }) {
  process.on('message', async (command) => {
    if (command.type === 'connect') {
      await connect(command);
      process.send({ type: 'ready', connected: open() });
    } else if (command.type === 'reset') {
      reset();
      process.send({ type: 'reset' });
    } else if (command.type === 'report') {
      process.send({ type: 'report', ...report(), connected: open() });
    } else if (command.type === 'close') {
      for (const ws of sockets) ws.close();
      process.exit(0);
    }
  });
}
