/**
 * Who has the site open (docs/decisions/0083-email.md): a signed-in socket's user is recorded
 * as seen when it connects, every minute while any of their sockets stays connected here, and
 * when the last one goes. Mail is not sent for what was written before that moment (core's
 * mail rules): the user has had the bell.
 */
import { markSeen, type Ports } from '@fso/core';
import type { RealtimeFeature } from './realtime-server.ts';

export function presence(ports: Pick<Ports, 'db' | 'clock'>, everyMs = 60_000): RealtimeFeature {
  const open = new Map<number, number>();
  const touch = (ids: number[]) => void markSeen(ports, ids).catch(() => undefined);
  setInterval(() => touch([...open.keys()]), everyMs).unref();
  return (socket) => {
    const id = Number(socket.data.userId);
    open.set(id, (open.get(id) ?? 0) + 1);
    touch([id]);
    socket.on('disconnect', () => {
      const left = (open.get(id) ?? 1) - 1;
      if (left > 0) open.set(id, left);
      else open.delete(id);
      touch([id]);
    });
  };
}
