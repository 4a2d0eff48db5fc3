/**
 * One sentence model for several processes (issue 44): `serveEmbedder` answers embedding
 * requests with this process's embedder (npm start's primary, which owns the pool of model
 * threads); `embedderOverChannel` is the `Embedder` of a process that has none of its own (each
 * web process), sending its texts over the IPC channel to its parent. The model's ~120 MB then
 * exist once, not once per web process. Vectors cross as Float32Arrays (the channel must use
 * `serialization: 'advanced'`); a busy pool's refusal crosses as `EmbedderBusyError`.
 */
import { EmbedderBusyError } from './embedder-pool.ts';
import { USE_MODEL } from './use-embedder.ts';
import type { Embedder } from './embedder.ts';

/** A process's IPC channel: `process` in a child; the primary's side of one child. */
export interface EmbedChannel {
  send(message: unknown): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

interface EmbedRequest {
  embed: number;
  texts: string[];
  background: boolean;
}

interface EmbedReply {
  embedded: number;
  vectors?: Float32Array[];
  error?: string;
  busy?: boolean;
}

const isRequest = (m: unknown): m is EmbedRequest => typeof (m as EmbedRequest | null)?.embed === 'number';
const isReply = (m: unknown): m is EmbedReply => typeof (m as EmbedReply | null)?.embedded === 'number';

/** The embedder of the process at the other end of `channel` (the same model: its name and size). */
export function embedderOverChannel(channel: EmbedChannel): Embedder {
  const waiting = new Map<number, { resolve(v: Float32Array[]): void; reject(e: Error): void }>();
  let nextId = 0;
  channel.on('message', (message) => {
    if (!isReply(message)) return;
    const job = waiting.get(message.embedded);
    waiting.delete(message.embedded);
    if (!job) return;
    if (message.vectors) job.resolve(message.vectors);
    else job.reject(message.busy ? new EmbedderBusyError() : new Error(message.error));
  });
  return {
    ...USE_MODEL,
    embed(texts, opts) {
      if (!texts.length) return Promise.resolve([]);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        channel.send({ embed: id, texts, background: opts?.background ?? false } satisfies EmbedRequest);
      });
    },
  };
}

/** Answers the embedding requests that arrive on `channel` with `embedder`. */
export function serveEmbedder(embedder: Embedder, channel: EmbedChannel): void {
  channel.on('message', (message) => {
    if (!isRequest(message)) return;
    const reply = (answer: Omit<EmbedReply, 'embedded'>) => channel.send({ embedded: message.embed, ...answer });
    embedder.embed(message.texts, { background: message.background }).then(
      (vectors) => reply({ vectors }),
      (error: Error) => reply({ error: error.message, busy: error instanceof EmbedderBusyError }),
    );
  });
}
