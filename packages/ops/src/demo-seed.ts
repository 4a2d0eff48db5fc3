/**
 * Demo content for an empty database (README lists the logins): four users (dana a moderator) and a few
 * questions, answers and comments written by us. Real Stack Exchange content comes in through
 * `npm run import` with its attribution.
 */
import {
  changeRole,
  createUser,
  insertAnswer,
  insertComment,
  insertQuestion,
  seedIfEmpty,
  updateBiography,
  type Db,
} from '@fso/db';
import { succeed, type Role } from '@fso/shared';
import { renderMarkdown } from '@fso/markdown';
import { notifyRule, type Ports } from '@fso/core';
import { hashPassword } from '@fso/passwords';

const DEMO_PASSWORD = 'fakestack123';
const DEMO_USERS: { username: string; biography: string; role?: Role }[] = [
  { username: 'alice', biography: 'Backend developer. Likes PostgreSQL and long walks through query plans.' },
  { username: 'bob', biography: 'Frontend tinkerer; asks about React more than he answers.' },
  { username: 'carol', biography: 'Plays Nim to win. Teaches TypeScript on weekends.' },
  { username: 'dana', biography: 'Moderator. Closes duplicates and keeps the spam out.', role: 'moderator' },
];

/**
 * Seeds only when there are no users at all, so it never touches real data; of several web
 * processes starting together on one empty database, one seeds (packages/db's `seedIfEmpty`).
 */
export function seedDemo(ports: Pick<Ports, 'db'>): Promise<boolean> {
  return seedIfEmpty(ports.db, seedEmpty);
}

async function seedEmpty(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids: number[] = [];
  for (const demo of DEMO_USERS) {
    // Confirmed addresses on a domain reserved for examples (RFC 2606): mail to them goes nowhere real.
    const user = await createUser(db, { username: demo.username, passwordHash, email: `${demo.username}@example.com` });
    if (!user) continue;
    ids.push(Number(user._id));
    await updateBiography(db, Number(user._id), demo.biography);
    const role = demo.role;
    if (role)
      await changeRole(db, { username: demo.username, moderator: null }, () => succeed({ role, changed: true }));
  }
  const [alice = 0, bob = 0, carol = 0] = ids;
  for (const q of DEMO_QUESTIONS) {
    const id = await insertQuestion(db, {
      ...q.question,
      html: renderMarkdown(q.question.text),
      askedBy: [alice, bob, carol][q.by] ?? alice,
    });
    for (const a of q.answers) {
      const answer = await insertAnswer(
        db,
        {
          questionId: id,
          text: a.text,
          html: renderMarkdown(a.text),
          ansBy: [alice, bob, carol][a.by] ?? alice,
        },
        notifyRule,
      );
      if (answer && a.comment)
        await insertComment(
          db,
          {
            parent: 'answer',
            parentId: answer.answerId,
            text: a.comment,
            html: renderMarkdown(a.comment),
            commentBy: [alice, bob, carol][q.by] ?? alice,
          },
          notifyRule,
        );
    }
  }
}

const DEMO_QUESTIONS: {
  by: number;
  question: { title: string; text: string; tags: string[] };
  answers: { by: number; text: string; comment?: string }[];
}[] = [
  {
    by: 1,
    question: {
      title: 'Why does my React effect run twice in development?',
      text: 'My `useEffect` fetches data, and in development I see two requests:\n\n```tsx\nuseEffect(() => {\n  fetch("/api/items").then(setItems);\n}, []);\n```\n\nIn production it runs once. What is going on?',
      tags: ['react', 'hooks'],
    },
    answers: [
      {
        by: 0,
        text: 'That is React 18 **Strict Mode**: in development it mounts, unmounts and mounts again to surface missing cleanups. Return a cleanup that aborts the request:\n\n```tsx\nuseEffect(() => {\n  const controller = new AbortController();\n  fetch("/api/items", { signal: controller.signal }).then((r) => r.json()).then(setItems);\n  return () => controller.abort();\n}, []);\n```\n\nSee [Synchronizing with Effects](https://react.dev/learn/synchronizing-with-effects).',
        comment: 'The abort fixed it, thanks!',
      },
    ],
  },
  {
    by: 0,
    question: {
      title: 'How do I make a PostgreSQL full-text search ignore word endings?',
      text: 'Searching for `running` should also find *run* and *runs*. Is `ILIKE` the right tool?',
      tags: ['postgresql', 'full-text-search'],
    },
    answers: [
      {
        by: 2,
        text: "Use a `tsvector` with the `english` configuration, which stems words, plus a GIN index:\n\n```sql\nALTER TABLE posts ADD COLUMN search tsvector\n  GENERATED ALWAYS AS (to_tsvector('english', body)) STORED;\nCREATE INDEX ON posts USING gin (search);\nSELECT * FROM posts WHERE search @@ websearch_to_tsquery('english', 'running');\n```",
      },
    ],
  },
  {
    by: 2,
    question: {
      title: 'Is there a winning strategy for misère Nim with one pile?',
      text: 'With one pile of 21 where each move removes 1 to 3 and taking the last object loses, who wins with perfect play?',
      tags: ['games', 'nim'],
    },
    answers: [],
  },
];
