/**
 * A document's hand-off of its loader data (patches/@remix-run+server-runtime, turbo-stream and
 * @remix-run/react; decision 0053): data without a promise is the text the turbo-stream would
 * have streamed, made at once and read without waiting, and it leaves no timer behind; data with
 * a promise still goes the stream's way. The text decodes back to the data.
 */
import { ServerMode } from '@remix-run/server-runtime/dist/mode.js';
import { encodeDocumentHandoff, encodeViaTurboStream } from '@remix-run/server-runtime/dist/single-fetch.js';
import { decode } from 'turbo-stream';
import { afterEach, describe, expect, it, vi } from 'vitest';

const PRODUCTION = ServerMode.Production;
const signal = () => new AbortController().signal;

/** All the text a stream gives, as <StreamTransfer> would read it. */
async function streamed(stream: ReadableStream<Uint8Array>) {
  const [reader, decoder] = [stream.getReader(), new TextDecoder()];
  let text = '';
  for (let read = await reader.read(); !read.done; read = await reader.read())
    text += decoder.decode(read.value, { stream: true });
  return text;
}

/** What the hand-off's reader gives, read after read, until its end. */
function readAll(handoff: ReturnType<typeof encodeDocumentHandoff>) {
  expect(handoff).not.toBeInstanceOf(ReadableStream);
  const reader = (handoff as Exclude<typeof handoff, ReadableStream>).getReader();
  const reads = [reader.readSync(), reader.readSync()];
  expect(reads.map((r) => r.done)).toEqual([false, true]);
  expect(reads[1]!.value).toBe('');
  return reads[0]!.value;
}

const author = { name: 'ada', reputation: 12 };
const LOADER_DATA = [
  {
    loaderData: { root: { theme: null }, 'routes/_app': { username: null, unread: 0 } },
    actionData: null,
    errors: null,
  },
  {
    questions: [
      { _id: '7', title: 'Qubits', tags: [{ _id: '1', name: 'quantum' }], askedBy: author, score: -0, views: 1e21 },
      {
        _id: '8',
        title: 'Qubits',
        tags: [{ _id: '1', name: 'quantum' }],
        askedBy: author,
        score: Number.NaN,
        views: Infinity,
      },
    ],
    now: new Date(Date.UTC(2026, 10, 24)),
    // eslint-disable-next-line no-sparse-arrays -- a hole, which turbo-stream writes as such
    sparse: [1, , 3],
    text: 'line\u2028break "quoted" </script>',
  },
  { sets: new Set(['a', 'b']), maps: new Map([['k', { v: undefined }]]) },
  undefined,
  null,
];

describe("a document's hand-off of its loader data", () => {
  afterEach(() => vi.useRealTimers());

  it.each(LOADER_DATA.map((data, i) => [i, data]))("is the stream's text, read at once (data %i)", async (_, data) => {
    const text = readAll(encodeDocumentHandoff(data, signal(), undefined, PRODUCTION));
    expect(text).toBe(await streamed(encodeViaTurboStream(data, signal(), undefined, PRODUCTION)));
    const decoded = await decode(new Blob([text]).stream());
    await decoded.done;
    expect(decoded.value).toEqual(data);
  });

  it("writes an Error through Remix's plugin, as the stream does", async () => {
    const data = { errors: { 'routes/_app': new Error('hidden') } };
    expect(readAll(encodeDocumentHandoff(data, signal(), undefined, PRODUCTION))).toBe(
      await streamed(encodeViaTurboStream(data, signal(), undefined, PRODUCTION)),
    );
  });

  it('leaves no timer, where the stream leaves one until it times out', () => {
    vi.useFakeTimers();
    encodeDocumentHandoff(LOADER_DATA[1], signal(), undefined, PRODUCTION);
    expect(vi.getTimerCount()).toBe(0);
    encodeViaTurboStream(LOADER_DATA[1], signal(), undefined, PRODUCTION);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('is a stream when the data holds a promise', async () => {
    const handoff = encodeDocumentHandoff({ later: Promise.resolve('done') }, signal(), undefined, PRODUCTION);
    expect(handoff).toBeInstanceOf(ReadableStream);
    expect(await streamed(handoff as ReadableStream<Uint8Array>)).toContain('"done"');
  });
});
