/**
 * Streams the `<row …/>` elements of one Stack Exchange dump file in batches, with constant
 * memory (a 64 kB read buffer and one batch), reporting progress by bytes read. A malformed
 * file throws an error naming the file and the line.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { SaxesParser } from 'saxes';

export type XmlRow = Record<string, string>;

export class DumpFormatError extends Error {}

export async function* xmlRowBatches(
  path: string,
  batchSize: number,
  onProgress: (done: number, total: number) => void,
): AsyncGenerator<XmlRow[]> {
  const total = (await stat(path)).size;
  const parser = new SaxesParser();
  let batch: XmlRow[] = [];
  let failure: Error | null = null;
  parser.on('opentag', (tag) => {
    if (tag.name === 'row') batch.push(tag.attributes);
  });
  parser.on('error', (error) => {
    failure ??= new DumpFormatError(
      `${basename(path)} line ${parser.line}: malformed XML (${error.message.split('\n')[0]})`,
    );
  });
  let done = 0;
  let first = true;
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 64 * 1024 })) {
    let text = chunk as string;
    if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    first = false;
    done += Buffer.byteLength(text);
    parser.write(text);
    if (failure) throw failure;
    onProgress(Math.min(done, total), total);
    while (batch.length >= batchSize) yield batch.splice(0, batchSize);
  }
  parser.close();
  if (failure) throw failure;
  if (batch.length) yield batch;
  batch = [];
}
