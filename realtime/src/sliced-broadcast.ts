/**
 * Large broadcasts written in slices that let the event loop run in between
 * (docs/decisions/0038-sliced-broadcasts.md). Writing one event to 1,000 sockets is ~12 ms of
 * synchronous socket writes on the one thread; a request that arrives meanwhile waits for all of
 * it. Here a broadcast to more than SLICE_SOCKETS sockets, or any broadcast while others are still
 * being written, joins one FIFO that writes SLICE_SOCKETS sockets per turn of the event loop
 * (`setImmediate`, after pending I/O), so each socket still gets the broadcasts in the order they
 * were made. Installed on socket.io-adapter's in-memory `Adapter.prototype.broadcast`: every
 * adapter ends there for local delivery (our single process's default adapter, and the
 * PostgreSQL and Redis cluster adapters, for broadcasts made here and those heard from other
 * instances or web processes), so one change covers them all. The library's broadcast still does
 * the work (encoding once, flags, outgoing listeners); only its per-socket writes are deferred.
 * Direct `socket.emit` (acknowledgements, per-viewer views) is not queued.
 */
import { Adapter, type BroadcastOptions } from 'socket.io-adapter';

/** Sockets written per turn of the event loop (~12–20 µs each: ~0.3 ms per turn; docs/decisions/0038 says why not 64). */
export const SLICE_SOCKETS = 16;

type Socket = object;
type Write = (socket: Socket) => void;
type Pending = { sockets: Socket[]; write: Write; next: number };
type Apply = (opts: BroadcastOptions, each: Write) => void;

const queue: Pending[] = [];
let scheduled = false;

/** Writes up to SLICE_SOCKETS sockets from the head of the queue; again on the next turn while any are left. */
function drain() {
  scheduled = false;
  try {
    for (let budget = SLICE_SOCKETS; budget > 0 && queue.length; budget--) {
      const head = queue[0]!;
      const socket = head.sockets[head.next++]!;
      if (head.next === head.sockets.length) queue.shift();
      head.write(socket);
    }
  } finally {
    // Even if a write threw, the rest of the queue is not left waiting.
    if (queue.length && !scheduled) {
      scheduled = true;
      setImmediate(drain);
    }
  }
}

/** Broadcasts still being written (tests wait for none). */
export const pendingBroadcasts = (): number => queue.length;

let installed = false;

/** Replaces the in-memory adapter's broadcast (once per process) with the sliced one. */
export function sliceLargeBroadcasts(): void {
  if (installed) return;
  installed = true;
  const original = Adapter.prototype.broadcast;
  Adapter.prototype.broadcast = function slicedBroadcast(this: Adapter, packet: unknown, opts: BroadcastOptions) {
    const sockets: Socket[] = [];
    let write: Write = () => undefined;
    const apply = (this as unknown as { apply: Apply }).apply.bind(this);
    // The library's broadcast, with its per-socket writes collected instead of made.
    const collecting = Object.create(this, {
      apply: {
        value: (o: BroadcastOptions, each: Write) => {
          write = each;
          apply(o, (socket) => void sockets.push(socket));
        },
      },
    }) as Adapter;
    original.call(collecting, packet, opts);
    if (!sockets.length) return;
    if (!queue.length && sockets.length <= SLICE_SOCKETS) return sockets.forEach(write);
    queue.push({ sockets, write, next: 0 });
    if (queue.length === 1) drain();
  };
}
