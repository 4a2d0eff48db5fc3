import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { embedderOverChannel, serveEmbedder, type EmbedChannel } from './embedder-channel.ts';
import { EmbedderBusyError } from './embedder-pool.ts';
import type { Embedder, EmbedOptions } from './embedder.ts';

/** Two ends of an IPC channel: what one sends the other receives, structured-cloned as with serialization 'advanced'. */
function channelPair(): [EmbedChannel, EmbedChannel] {
  const a = new EventEmitter();
  const b = new EventEmitter();
  const end = (self: EventEmitter, other: EventEmitter): EmbedChannel => ({
    send: (message) => setImmediate(() => other.emit('message', structuredClone(message))),
    on: (event, listener) => self.on(event, listener),
  });
  return [end(a, b), end(b, a)];
}

/** A model stand-in: each text's vector holds its length; 'busy' and 'broken' fail as a pool would. */
function fakeModel(calls: { texts: string[]; opts?: EmbedOptions }[]): Embedder {
  return {
    name: 'use-lite-512',
    dimensions: 512,
    async embed(texts, opts) {
      calls.push({ texts, opts });
      if (texts.includes('busy')) throw new EmbedderBusyError();
      if (texts.includes('broken')) throw new Error('the model failed');
      return texts.map((t) => Float32Array.of(t.length, 1));
    },
  };
}

describe('the sentence model of another process, over IPC', () => {
  it("returns each text's vector from the serving process's model, and says which work is background", async () => {
    const [child, primary] = channelPair();
    const calls: { texts: string[]; opts?: EmbedOptions }[] = [];
    serveEmbedder(fakeModel(calls), primary);
    const remote = embedderOverChannel(child);
    const [search, background] = await Promise.all([
      remote.embed(['a qubit', 'why']),
      remote.embed(['queued question'], { background: true }),
    ]);
    expect(search.map((v) => Array.from(v))).toEqual([
      [7, 1],
      [3, 1],
    ]);
    expect(search[0]).toBeInstanceOf(Float32Array);
    expect(Array.from(background[0]!)).toEqual([15, 1]);
    expect(calls).toEqual([
      { texts: ['a qubit', 'why'], opts: { background: false } },
      { texts: ['queued question'], opts: { background: true } },
    ]);
    expect(await remote.embed([])).toEqual([]);
    expect(remote).toMatchObject({ name: 'use-lite-512', dimensions: 512 });
  });

  it("refuses as busy when the serving pool is full, and passes the model's other failures on", async () => {
    const [child, primary] = channelPair();
    serveEmbedder(fakeModel([]), primary);
    const remote = embedderOverChannel(child);
    await expect(remote.embed(['busy'])).rejects.toBeInstanceOf(EmbedderBusyError);
    await expect(remote.embed(['broken'])).rejects.toThrow('the model failed');
    expect(Array.from((await remote.embed(['ok']))[0]!)).toEqual([2, 1]);
  });
});
