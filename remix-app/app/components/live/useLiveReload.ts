/**
 * Re-reads a screen's loader when one of the given live events concerns it, at most once per
 * 300 ms, for the few screens whose live events are rare and per user (the inbox, the tag list's
 * new questions); and once after the socket reconnects. Q&A pages patch themselves instead
 * (useLive.ts).
 */
import { useEffect, useRef } from 'react';
import { useRevalidator } from '@remix-run/react';
import type { ServerToClientEvents } from '@fso/shared';
import { useSocket } from '../socket.tsx';
import { useReloadAfterReconnect } from './useLive.ts';

export function useLiveReload<E extends keyof ServerToClientEvents>(events: E[]) {
  const { socket } = useSocket();
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useReloadAfterReconnect();
  const key = events.join(',');
  useEffect(() => {
    if (!socket) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handler = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        latest.current.revalidate();
      }, 300);
    };
    const names = key.split(',') as E[];
    for (const event of names) socket.on(event as never, handler);
    return () => {
      clearTimeout(timer);
      for (const event of names) socket.off(event as never, handler);
    };
  }, [socket, key]);
}
