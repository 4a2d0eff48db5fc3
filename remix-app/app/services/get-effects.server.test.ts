/**
 * Issue 39 item 13: a GET with an effect (counting a view, opening a notification) has it only
 * when a browser opens it as a page or the page's own fetch, never when it fetches it as an image
 * (a post's `![a](/question/1)` with an absolute URL of the site) or any other part of a page.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getQuestion, insertQuestion, listNotifications, unreadCount, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MSG } from '@fso/shared';
import { testContext } from '../../test/context.ts';
import { answerOf } from '../../test/route-call.ts';
import { signedInUsers } from '../../test/signed-in.ts';
import * as answerRoute from '../routes/answer.addAnswer.ts';
import * as openRoute from '../routes/notification.open.$id.ts';
import * as restQuestion from '../routes/question.getQuestionById.$qid.ts';
import * as questionPage from '../routes/_app.question.$qid.tsx';

let database: Database;
let cookie: Record<string, string>;
let uid: Record<string, number>;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ cookie, uid } = await signedInUsers(database, ['ann', 'bob', 'cy']));
});
afterAll(() => database.close());

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;

async function get(handler: Loader, user: string, destination: string | null, params: Record<string, string>) {
  const headers: Record<string, string> = { Cookie: cookie[user]! };
  if (destination) headers['Sec-Fetch-Dest'] = destination;
  const request = new Request('http://test/x', { headers });
  const answer = await answerOf(
    async (args) => {
      const loaded = await handler(args);
      return loaded instanceof Response ? loaded : Response.json(loaded);
    },
    request,
    testContext(database).context,
    params,
  );
  return { status: answer.status, text: await answer.text(), location: answer.headers.get('Location') };
}

const views = async (qid: number) => (await getQuestion(database.db, qid))!.viewCount;

describe('a GET fetched as part of another page has no effect (issue 39 item 13)', () => {
  it('the question page and REST count no view when fetched as an image, and count one when opened', async () => {
    const qid = await insertQuestion(database.db, { title: 'Seen?', text: 'Body', tags: ['views'], askedBy: uid.ann! });
    for (const [route, user] of [
      [questionPage.loader, 'bob'],
      [restQuestion.loader, 'cy'],
    ] as const) {
      for (const destination of ['image', 'script', 'iframe']) {
        expect((await get(route, user, destination, { qid: String(qid) })).status).toBe(200);
        expect(await views(qid)).toBe(user === 'bob' ? 0 : 1);
      }
      await get(route, user, 'document', { qid: String(qid) });
      expect(await views(qid)).toBe(user === 'bob' ? 1 : 2);
    }
    // The page's own fetch (Remix's data request, a SPEC client's fetch) is the page opened.
    const dan = (await signedInUsers(database, ['dan'])).cookie.dan!;
    cookie.dan = dan;
    await get(restQuestion.loader, 'dan', 'empty', { qid: String(qid) });
    expect(await views(qid)).toBe(3);
  });

  it('a notification fetched as an image is refused and stays unread; opened, it is read', async () => {
    const qid = await insertQuestion(database.db, {
      title: 'Notify',
      text: 'Body',
      tags: ['inbox'],
      askedBy: uid.ann!,
    });
    const posted = await answerOf(
      answerRoute.action,
      new Request('http://test/answer/addAnswer', {
        method: 'POST',
        headers: { Cookie: cookie.bob!, 'Content-Type': 'application/json' },
        body: JSON.stringify({ qid: String(qid), ans: { text: 'An answer', ansBy: 'bob' } }),
      }),
      testContext(database).context,
    );
    expect(posted.status).toBe(200);
    const [note] = (await listNotifications(database.db, uid.ann!, { limit: 1, offset: 0 })).notifications;
    const params = { id: note!._id };
    expect(await get(openRoute.loader, 'ann', 'image', params)).toMatchObject({ status: 403, text: MSG.openAsPage });
    expect(await unreadCount(database.db, uid.ann!)).toBe(1);
    const opened = await get(openRoute.loader, 'ann', 'document', params);
    expect(opened.status).toBe(302);
    expect(await unreadCount(database.db, uid.ann!)).toBe(0);
  });
});
