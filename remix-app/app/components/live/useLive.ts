/**
 * The live hooks every page shares (docs/decisions/0033-live-deltas-and-subscriptions.md):
 * `useWatch` tells the realtime service what the page shows (again after each reconnect, since
 * a new connection watches nothing); `useDeltas` keeps the loader's data as state and patches it
 * from live events with no HTTP request; `useReloadAfterReconnect` re-reads the loader once after
 * the socket comes back, for whatever happened while it was down, and when the server says its
 * bus between processes is back (`resync`: events published meanwhile were lost).
 */
import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from '@remix-run/react';
import type { EventArgs, ServerToClientEvents, WatchTopic } from '@fso/shared';
import { useSocket, type ClientSocket } from '../socket.tsx';

export function useWatch(topic: WatchTopic) {
  const { socket } = useSocket();
  const key = JSON.stringify(topic);
  useEffect(() => {
    if (!socket) return;
    // The acknowledgement tells tests (and anyone in devtools) that the watch took effect.
    const send = () => void socket.emit('watch', JSON.parse(key) as WatchTopic, () => undefined);
    if (socket.connected) send();
    socket.on('connect', send);
    return () => void socket.off('connect', send);
  }, [socket, key]);
}

export function useReloadAfterReconnect() {
  const { socket } = useSocket();
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    if (!socket) return;
    let missed = false;
    const onDisconnect = () => (missed = true);
    const onConnect = () => {
      if (!missed) return;
      missed = false;
      latest.current.revalidate();
    };
    const onResync = () => latest.current.revalidate();
    socket.on('disconnect', onDisconnect);
    socket.on('connect', onConnect);
    socket.on('resync', onResync);
    return () => {
      socket.off('disconnect', onDisconnect);
      socket.off('connect', onConnect);
      socket.off('resync', onResync);
    };
  }, [socket]);
}

/** How each event changes a page's state; events not listed are not listened to. */
export type Deltas<S> = { [E in keyof ServerToClientEvents]?: (state: S, ...args: EventArgs<E>) => S };

function listen<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  apply: (...args: EventArgs<E>) => void,
) {
  const listener = (...args: EventArgs<E>) => apply(...args);
  socket.on(event, listener as never);
  return () => void socket.off(event, listener as never);
}

/**
 * `initial` (the loader's data) as state, patched by `deltas` on each live event; it starts
 * over from the loader's data whenever that changes (navigation, reconnect, own action).
 */
export function useDeltas<S>(initial: S, deltas: Deltas<S>): S {
  const { socket } = useSocket();
  const [state, setState] = useState({ from: initial, value: initial });
  if (state.from !== initial) setState({ from: initial, value: initial });
  const latest = useRef(deltas);
  latest.current = deltas;
  const key = Object.keys(deltas).sort().join(',');
  useEffect(() => {
    if (!socket) return;
    const events = key.split(',').filter(Boolean) as (keyof ServerToClientEvents)[];
    const stops = events.map((event) =>
      listen(socket, event, (...args) => {
        const apply = latest.current[event] as ((state: S, ...rest: typeof args) => S) | undefined;
        if (apply) setState((s) => ({ from: s.from, value: apply(s.value, ...args) }));
      }),
    );
    return () => stops.forEach((stop) => stop());
  }, [socket, key]);
  return state.from === initial ? state.value : initial;
}
