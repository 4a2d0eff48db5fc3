/**
 * A child process of the `live` benchmark holding its share of the viewers: each a bare
 * websocket speaking just enough Socket.IO (open, connect to `/` as a visitor, answer pings)
 * that then `watch`es what its page shows (one question, or the /home list's rows), as our
 * pages do. It counts the events delivered, and the disconnects: the only time a page re-reads
 * its loader (the HTTP requests a viewer would make). IPC: `connect` (url, count, topics) →
 * `ready`; `reset`; `report` → received, disconnects, connected.
 */
import WebSocket from 'ws';

const sockets = [];
let received = 0;
let disconnects = 0;

function onFrame(ws, text, topic, connected) {
  if (text === '2') return ws.send('3'); // engine.io ping → pong
  if (text.startsWith('0{')) return ws.send('40{"visitor":true}');
  if (text.startsWith('40')) return ws.send(`420["watch",${JSON.stringify(topic)}]`);
  if (text.startsWith('430')) return connected();
  if (text.startsWith('42[')) received += 1;
}

async function connectAll({ url, count, topics }) {
  for (let i = 0; i < count; i++) {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
    sockets.push(ws);
    ws.on('close', () => (disconnects += 1));
    await new Promise((resolve, reject) => {
      ws.on('message', (data) => onFrame(ws, data.toString(), topics[i % topics.length], resolve));
      ws.once('error', reject);
    });
  }
}

const open = () => sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;

process.on('message', async (command) => {
  if (command.type === 'connect') {
    await connectAll(command);
    process.send({ type: 'ready', connected: open() });
  } else if (command.type === 'reset') {
    received = 0;
    disconnects = 0;
    process.send({ type: 'reset' });
  } else if (command.type === 'report') {
    process.send({ type: 'report', received, disconnects, connected: open() });
  } else if (command.type === 'close') {
    for (const ws of sockets) ws.close();
    process.exit(0);
  }
});
