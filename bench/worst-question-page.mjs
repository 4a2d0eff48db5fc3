/**
 * The largest question page the caps allow (decision record 0087's figure): 35 answers of the
 * largest post (126 kB of HTML each), 5 comments of 600 `&` on every post (3 kB of HTML each), and
 * the vote lists at their read caps (1,000 voters on the question, 5,000 on its answers, every
 * name 30 characters). Comments and votes are written straight into the database (no reputation
 * or rate limit to meet). Run alone, after `npm run build`, on a new database of BENCH_DATABASE_URL
 * (dropped after):
 *   node bench/worst-question-page.mjs [port]
 * Prints one JSON line: the bytes of each form of page 1 and 2, for a visitor and a voter.
 */
import pg from 'pg';
import { post, postgresDatabase, signUp, startServer } from './lib.mjs';

const [port = '4309'] = process.argv.slice(2);
const LARGEST = `${'$a$ '.repeat(300)}${'**a** '.repeat(3_700)}`;
const url = await postgresDatabase(process.env.BENCH_DATABASE_URL);
const server = await startServer({ DATABASE_URL: url, SEED_DEMO: 'false', LOG_LEVEL: 'warn' }, Number(port));
const db = new pg.Client({ connectionString: url });
await db.connect();
try {
  const name = `worst${Date.now().toString(36)}`;
  const cookie = await signUp(server.base, name);
  const { _id: qid } = await post(server.base, cookie, '/question/addQuestion', {
    title: 'The largest page the caps allow',
    text: LARGEST,
    tags: ['pages'],
    askedBy: name,
  });
  for (let n = 0; n < 35; n++)
    await post(server.base, cookie, '/answer/addAnswer', { qid, ans: { text: LARGEST, ansBy: name } });
  const text = '&'.repeat(600);
  const html = `<p>${'&amp;'.repeat(600)}</p>\n`;
  await db.query(
    `INSERT INTO comments (text, html, comment_by, question_id)
       SELECT $1, $2, u.id, $3 FROM users u, generate_series(1, 5) WHERE u.username = $4`,
    [text, html, qid, name],
  );
  await db.query(
    `INSERT INTO comments (text, html, comment_by, answer_id)
       SELECT $1, $2, u.id, a.id FROM users u, answers a, generate_series(1, 5) WHERE u.username = $3`,
    [text, html, name],
  );
  await db.query(`INSERT INTO users (username) SELECT 'v' || lpad(g::text, 29, 'x') FROM generate_series(1, 1000) g`);
  await db.query(
    `INSERT INTO question_votes (question_id, user_id, value) SELECT $1, id, 1 FROM users WHERE username LIKE 'v%'`,
    [qid],
  );
  await db.query(
    `INSERT INTO answer_votes (answer_id, user_id, value)
       SELECT a.id, u.id, 1 FROM (SELECT id FROM answers ORDER BY id LIMIT 6) a, users u WHERE u.username LIKE 'v%'`,
  );
  const bytes = {};
  for (const [who, headers] of [
    ['visitor', {}],
    ['member', { cookie }],
  ])
    for (const path of [
      `/question/${qid}`,
      `/question/${qid}?page=2`,
      `/question/${qid}.data`,
      `/question/getQuestionById/${qid}`,
    ]) {
      const res = await fetch(`${server.base}${path}`, { headers });
      bytes[`${who} ${path.replace(qid, 'Q')} ${res.status}`] = (await res.arrayBuffer()).byteLength;
    }
  console.log(JSON.stringify({ bytes }));
} finally {
  await db.end();
  await server.stop();
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
  await admin.end();
}
