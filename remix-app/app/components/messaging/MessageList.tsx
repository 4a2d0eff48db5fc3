/**
 * A conversation's messages, oldest to newest, each with its sender and relative time. The
 * box keeps the newest message in view: by CSS alone (a reversed flex column anchors at the
 * bottom, so it works without JavaScript) and by scrolling down whenever a message arrives.
 */
import { useEffect, useRef, useState } from 'react';
import type { Message } from '@fso/shared';
import { Byline } from '../qa/Byline.tsx';

/** The loader's clock for the first render (so hydration matches), then a ticking one. */
function useNow(serverNow: number): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function MessageList({ messages, now: serverNow, label }: { messages: Message[]; now: number; label: string }) {
  const now = useNow(serverNow);
  const box = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?._id;
  useEffect(() => {
    // Past the end clamps to the bottom, in either flex direction.
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [newest]);

  return (
    <div className="message-scroll" ref={box} role="log" aria-label={label} tabIndex={0}>
      {messages.length === 0 ? (
        <p className="muted">No messages yet.</p>
      ) : (
        <ol className="message-list">
          {messages.map((m) => (
            <li key={m._id} className="message">
              <Byline user={m.msgFrom} verb="wrote" date={m.msgDateTime} now={now} />
              <p className="message-text">{m.msg}</p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
