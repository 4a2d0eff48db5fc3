/**
 * A live message list (the room, or one chat): the page the loader read, plus what arrives on
 * the socket, plus — on mount, on every reconnect and on `resync` (the server's bus back after an
 * outage) — whatever was posted meanwhile, fetched
 * after the newest id seen. So a dropped connection or a restarted realtime service loses
 * nothing. Messages are kept in id order, each once.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { MSG, type Message } from '@fso/shared';
import { useSocket, type ClientSocket } from '../socket.tsx';

/** Page size of a catch-up fetch (the REST maximum). */
export const CATCH_UP_LIMIT = 200;
const MAX_CATCH_UP_PAGES = 10;

export interface FeedSource {
  /** Names the list; a new key starts over. */
  key: string;
  /** Up to CATCH_UP_LIMIT messages after the id (or the newest page without one), oldest first. */
  fetchAfter(afterId: string | undefined): Promise<Message[]>;
  /** Runs on each connect before catching up, e.g. to join the chat's room. */
  enter?(socket: ClientSocket): Promise<void>;
  leave?(socket: ClientSocket): void;
}

/** GETs a REST path and validates its JSON with `schema`; throws on any failure. */
export async function fetchParsed<S extends z.ZodType>(url: string, schema: S): Promise<z.output<S>> {
  const response = await fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(await response.text());
  return schema.parse(await response.json());
}

const byId = (a: Message, b: Message) => Number(a._id) - Number(b._id);

export function useMessageFeed(initial: Message[], source: FeedSource | null) {
  const key = source?.key ?? null;
  const [arrived, setArrived] = useState<{ key: string | null; messages: Message[] }>({ key, messages: [] });
  const [error, setError] = useState<string | null>(null);
  const extra = arrived.key === key ? arrived.messages : [];
  const messages = useMemo(
    () => [...new Map([...initial, ...extra].map((m) => [m._id, m])).values()].sort(byId),
    [initial, extra],
  );

  const newest = useRef<string | undefined>(undefined);
  newest.current = messages.at(-1)?._id;
  const latest = useRef(source);
  latest.current = source;

  const add = useCallback(
    (incoming: Message[]) =>
      setArrived((prev) => ({ key, messages: prev.key === key ? [...prev.messages, ...incoming] : incoming })),
    [key],
  );

  const { socket } = useSocket();
  useEffect(() => {
    const current = latest.current;
    if (!socket || !current) return;
    let cancelled = false;
    const catchUp = async () => {
      try {
        await current.enter?.(socket);
        let after = newest.current;
        for (let page = 0; page < MAX_CATCH_UP_PAGES && !cancelled; page++) {
          const batch = await current.fetchAfter(after);
          if (cancelled) return;
          if (batch.length > 0) add(batch);
          if (batch.length < CATCH_UP_LIMIT) break;
          after = batch.at(-1)?._id;
        }
        setError(null);
      } catch {
        if (!cancelled) setError(MSG.unavailable);
      }
    };
    const onConnect = () => void catchUp();
    socket.on('connect', onConnect);
    socket.on('resync', onConnect);
    if (socket.connected) onConnect();
    return () => {
      cancelled = true;
      socket.off('connect', onConnect);
      socket.off('resync', onConnect);
      current.leave?.(socket);
    };
  }, [socket, key, add]);

  return { messages, add, error };
}
