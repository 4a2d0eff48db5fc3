/**
 * The browser's one Socket.IO connection (SPEC §7 options), shared through React context.
 * Screens subscribe with useSocketEvent (and components/live/). When the server ends the
 * session's sockets (logout elsewhere, password reset, deletion) the page goes back to the
 * login screen. A visitor's page opens a read-only socket (`auth: { visitor: true }`). The
 * status is 'idle' until the script runs, so without JavaScript no banner ever shows.
 */
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_CLIENT_OPTIONS, type ClientToServerEvents, type ServerToClientEvents } from '@fso/shared';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type SocketStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting';

const SocketContext = createContext<{ socket: ClientSocket | null; status: SocketStatus }>({
  socket: null,
  status: 'idle',
});

export function SocketProvider({ children, visitor = false }: { children: ReactNode; visitor?: boolean }) {
  const [socket, setSocket] = useState<ClientSocket | null>(null);
  const [status, setStatus] = useState<SocketStatus>('idle');

  useEffect(() => {
    const s: ClientSocket = io({
      ...SOCKET_CLIENT_OPTIONS,
      transports: ['websocket', 'polling'],
      ...(visitor ? { auth: { visitor: true } } : {}),
    });
    setStatus('connecting');
    // The session ended (here or elsewhere). If this page is not already leaving (an action's
    // own redirect unmounts the provider and cancels this), go back to the login screen.
    let leave: ReturnType<typeof setTimeout> | undefined;
    const backToLogin = () => {
      leave ??= setTimeout(() => window.location.assign('/'), 750);
    };
    s.on('connect', () => setStatus('connected'));
    s.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') backToLogin();
      else setStatus('reconnecting');
    });
    s.on('connect_error', (err) => {
      if (err.message === 'unauthorized') return backToLogin();
      setStatus('reconnecting');
      // A refusal by the server (e.g. 'unavailable' while its database restarts) is not retried by
      // Socket.IO itself, unlike a lost connection.
      if (!s.active) setTimeout(() => s.connect(), SOCKET_CLIENT_OPTIONS.reconnectionDelayMax);
    });
    setSocket(s);
    return () => {
      clearTimeout(leave);
      s.disconnect();
    };
  }, [visitor]);

  return <SocketContext.Provider value={{ socket, status }}>{children}</SocketContext.Provider>;
}

export const useSocket = () => useContext(SocketContext);

/** Calls `handler` for every `event` while the component is mounted. */
export function useSocketEvent<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]) {
  const { socket } = useSocket();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!socket) return;
    const listener = ((...args: Parameters<ServerToClientEvents[E]>) =>
      (latest.current as (...a: typeof args) => void)(...args)) as ServerToClientEvents[E];
    socket.on(event, listener as never);
    return () => {
      socket.off(event, listener as never);
    };
  }, [socket, event]);
}

export function ConnectionBanner() {
  const { status } = useSocket();
  if (status === 'connected' || status === 'idle') return null;
  return (
    <div className="connection-banner" role="status">
      {status === 'connecting'
        ? 'Connecting to live updates…'
        : 'Reconnecting to live updates… Changes made by others will appear once the connection is back.'}
    </div>
  );
}
