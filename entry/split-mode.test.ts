/**
 * Split mode end to end: 2 realtime and 2 web processes (the real entries, `web.ts` and
 * `realtime.ts`) on loopback against a real PostgreSQL server, in a database of their own.
 * Proves that events published by a web process reach sockets on every realtime instance —
 * directly and through a web process's `/socket.io` forward — that a private chat reaches its
 * participants and nobody else, and that a game update carries each viewer's own view.
 * Needs TEST_DATABASE_URL (skipped without it); REDIS_URL runs the same checks over Redis too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ack, Game } from '@fso/shared';
import {
  carries,
  connected,
  eventually,
  open,
  post,
  serverUrl,
  signUp,
  startCluster,
  until,
  type Client,
  type Cluster,
  type Received,
} from './test/cluster.test-support.ts';

const shipsOn = (board: unknown[][]) => board.flat().filter((c) => c === 'SHIP').length;

const buses = [{ name: 'PostgreSQL', env: {} as Record<string, string> }];
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
if (redisUrl) buses.push({ name: 'Redis', env: { REDIS_URL: redisUrl } });

if (!serverUrl) console.info('Split-mode test skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it.');

describe.skipIf(!serverUrl).each(buses)(
  'split mode over $name: 2 web + 2 realtime processes (needs TEST_DATABASE_URL)',
  ({ env: busEnv }) => {
    let cluster: Cluster;
    const sockets: Client[] = [];
    let web1: string, web2: string, rt1: string, rt2: string;
    let cookies: Record<'ann' | 'bob' | 'eve', string>;
    const suffix = Date.now().toString(36).slice(-6);
    const user = (who: string) => `${who}${suffix}`;

    beforeAll(async () => {
      cluster = await startCluster('fso_split', busEnv);
      [rt1, rt2] = cluster.realtimes.map((r) => r.base) as [string, string];
      [web1, web2] = cluster.webs.map((w) => w.base) as [string, string];
      cookies = {
        ann: await signUp(web1, user('ann')),
        bob: await signUp(web2, user('bob')),
        eve: await signUp(web1, user('eve')),
      };
    }, 120_000);

    afterAll(async () => {
      for (const socket of sockets) socket.disconnect();
      await cluster?.close();
    }, 30_000);

    const socketOf = async (base: string, cookie: string, transports?: ('websocket' | 'polling')[]) => {
      const client = open(base, cookie, transports);
      sockets.push(client.socket);
      await connected(client.socket);
      return client;
    };

    it('delivers global, private and per-viewer events across instances, and nothing private to others', async () => {
      const annOnRt2 = await socketOf(rt2, cookies.ann);
      const annViaWeb2 = await socketOf(web2, cookies.ann);
      const annPollingViaWeb1 = await socketOf(web1, cookies.ann, ['polling']);
      const bobOnRt1 = await socketOf(rt1, cookies.bob);
      const eves = [
        await socketOf(rt1, cookies.eve),
        await socketOf(rt2, cookies.eve),
        await socketOf(web2, cookies.eve),
      ];

      // The global room: posted through web #1, heard on realtime #2, directly and through both forwards.
      await post(web1, cookies.bob, '/messaging/addMessage', { messageToAdd: { msg: 'hello everyone' } });
      for (const client of [annOnRt2, annViaWeb2, annPollingViaWeb1, ...eves])
        await eventually(client.received, (e) => e.event === 'messageUpdate' && carries('hello everyone')(e));

      // A direct chat between ann and bob: the other participant hears of it on the other instance.
      const chat = (await post(web1, cookies.ann, '/chat/createChat', {
        participants: [user('ann'), user('bob')],
      })) as { _id: string };
      await eventually(bobOnRt1.received, (e) => e.event === 'chatUpdate' && carries('"created"')(e));
      const join = (socket: Client) => new Promise<Ack>((resolve) => socket.emit('joinChat', chat._id, resolve));
      expect(await join(annOnRt2.socket)).toEqual({ ok: true });
      expect(await join(bobOnRt1.socket)).toEqual({ ok: true });
      for (const eve of eves) expect(await join(eve.socket)).toMatchObject({ ok: false });
      await post(web2, cookies.bob, `/chat/${chat._id}/addMessage`, { msg: 'a secret for ann' });
      await eventually(annOnRt2.received, (e) => e.event === 'chatUpdate' && carries('a secret for ann')(e));
      await eventually(bobOnRt1.received, (e) => e.event === 'chatUpdate' && carries('a secret for ann')(e));
      // A later public message reaches eve everywhere; by then nothing of the chat has, or will.
      await post(web1, cookies.ann, '/messaging/addMessage', { messageToAdd: { msg: 'after the secret' } });
      for (const eve of eves) {
        await eventually(eve.received, carries('after the secret'));
        expect(eve.received.filter((e) => e.event === 'chatUpdate')).toEqual([]);
        expect(JSON.stringify(eve.received)).not.toContain('secret for ann');
      }

      // A game: bob joins over REST at web #1; ann (realtime #2) and eve (realtime #1) each get their own view.
      const game = (await post(web1, cookies.ann, '/games/create', { gameType: 'Battleship' })) as Game;
      for (const viewer of [annOnRt2, eves[0]!]) {
        viewer.socket.emit('joinGame', game.gameID);
        await eventually(viewer.received, (e) => e.event === 'gameUpdate');
      }
      await post(web1, cookies.bob, '/games/join', { gameID: game.gameID, playerID: user('bob') });
      const started = (e: Received[number]) => e.event === 'gameUpdate' && carries('IN_PROGRESS')(e);
      const viewOf = async (client: { received: Received }) => {
        const seen = ((await eventually(client.received, started)).args[0] as { gameInstance: Game }).gameInstance;
        if (seen.gameType !== 'Battleship') throw new Error('not Battleship');
        return [shipsOn(seen.state.player1Board), shipsOn(seen.state.player2Board)];
      };
      expect(await viewOf(annOnRt2)).toEqual([17, 0]);
      expect(await viewOf(eves[0]!)).toEqual([0, 0]);

      // Logging out through web #1 ends eve's sockets on both instances.
      await post(web1, cookies.eve, '/user/logout', {});
      for (const eve of eves)
        await until(
          () => (eve.socket.connected ? undefined : true),
          () => 'still connected',
        );
    });
  },
);
