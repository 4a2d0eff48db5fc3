/**
 * What one live event costs each kind of socket (issue 39 item 8): a question with ANSWERS answers
 * of 15 kB each, three visitors' sockets (one on a list page that shows the question, one on the
 * question's page, one SPEC client that watches nothing), then a 60-byte answer and a signed-in
 * user's first view of the question. Counts the bytes of JSON each socket receives per event.
 * Not part of `npm run bench`: run alone, after `npm run build`, here or in another built checkout
 * (the code before the change, say), on a new database of BENCH_DATABASE_URL or on DATA_DIR:
 *   node bench/live-bytes.mjs [port] [checkout]
 * Prints one JSON line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io } from 'socket.io-client';
import { post, postgresDatabase, signUp, startServer } from './lib.mjs';

const ANSWERS = 40;
const [port = '4306', checkout] = process.argv.slice(2);

const dataDir = mkdtempSync(join(tmpdir(), 'fso-live-bytes-'));
const database = process.env.BENCH_DATABASE_URL
  ? { DATABASE_URL: await postgresDatabase(process.env.BENCH_DATABASE_URL) }
  : { DATA_DIR: dataDir };
const server = await startServer(
  { ...database, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
  Number(port),
  'entry/main.ts',
  [],
  checkout,
);
const sockets = [];
try {
  const stamp = Date.now().toString(36);
  const asker = await signUp(server.base, `asker${stamp}`);
  const answerer = await signUp(server.base, `answerer${stamp}`);
  const { _id: qid } = await post(server.base, asker, '/question/addQuestion', {
    title: 'A question with many answers',
    text: 'Which one?',
    tags: ['live'],
    askedBy: `asker${stamp}`,
  });
  const long = 'A long answer, word after word. '.repeat(470); // 15 kB
  for (let n = 0; n < ANSWERS; n++)
    await post(server.base, answerer, '/answer/addAnswer', { qid, ans: { text: long, ansBy: `answerer${stamp}` } });

  /** A visitor's socket, watching `topic` (none: a SPEC client), counting the JSON bytes of each event it gets. */
  const open = async (topic) => {
    const socket = io(server.base, { auth: { visitor: true }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise((resolve, reject) => socket.once('connect', resolve).once('connect_error', reject));
    if (topic) await new Promise((resolve) => socket.emit('watch', topic, resolve));
    const received = {};
    socket.onAny((event, ...args) => {
      received[event] = (received[event] ?? 0) + Buffer.byteLength(JSON.stringify(args));
    });
    return received;
  };
  const kinds = { list: await open({ list: [qid] }), page: await open({ question: qid }), spec: await open(null) };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500));
  const take = () => {
    const taken = {};
    for (const [kind, received] of Object.entries(kinds)) {
      taken[kind] = { ...received };
      for (const key of Object.keys(received)) delete received[key];
    }
    return taken;
  };

  const short = 'A short answer of sixty bytes, about what the asker wanted.';
  await post(server.base, asker, '/answer/addAnswer', { qid, ans: { text: short, ansBy: `asker${stamp}` } });
  await settle();
  const answer = take();
  const viewer = await signUp(server.base, `viewer${stamp}`);
  const viewed = await fetch(`${server.base}/question/${qid}`, { headers: { cookie: viewer } });
  if (!viewed.ok) throw new Error(`view: ${viewed.status}`);
  await viewed.arrayBuffer();
  await settle();
  const view = take();
  console.log(JSON.stringify({ answers: ANSWERS, answerBytes: Buffer.byteLength(short), answer, firstView: view }));
} finally {
  for (const socket of sockets) socket.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
