/**
 * Re-reads a screen's loader when one of the given live events concerns it, at most once per
 * 300 ms, so pages render live changes with the same server code as their first render; and
 * once after the socket reconnects, for whatever happened while it was down.
 */
import { useEffect, useRef } from 'react';
import { useRevalidator } from '@remix-run/react';
import type { ServerToClientEvents } from '@fso/shared';
import { useSocket } from './socket.tsx';

export function useLiveReload<E extends keyof ServerToClientEvents>(events: E[], concerns: (event: E, payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true) {
  const { socket } = useSocket();
  const revalidator = useRevalidator();
  const latest = useRef({ concerns, revalidator });
  latest.current = { concerns, revalidator };
  const key = events.join(',');
  useEffect(() => {
    if (!socket) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handlers = key.split(',').map((event) => {
      const handler = (payload: never) => {
        if (!latest.current.concerns(event as E, payload) || timer) return;
        timer = setTimeout(() => {
          timer = undefined;
          latest.current.revalidator.revalidate();
        }, 300);
      };
      socket.on(event as never, handler as never);
      return [event, handler] as const;
    });
    let missed = false;
    const onDisconnect = () => (missed = true);
    const onConnect = () => {
      if (!missed) return;
      missed = false;
      latest.current.revalidator.revalidate();
    };
    socket.on('disconnect', onDisconnect);
    socket.on('connect', onConnect);
    return () => {
      clearTimeout(timer);
      for (const [event, handler] of handlers) socket.off(event as never, handler as never);
      socket.off('disconnect', onDisconnect);
      socket.off('connect', onConnect);
    };
  }, [socket, key]);
}
