/**
 * Reads a Stack Exchange data-dump folder (Users, Tags, Posts, Comments, and Votes when there; the folder's name is
 * the site's host) for @fso/ops's import (packages/ops/src/stackexchange-import.ts): each file
 * streamed in batches of rows, with progress by bytes read. A missing or malformed file is a
 * DumpFormatError naming it, and the import then stores nothing.
 */
import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { DUMP_FILES, importDump, OPTIONAL_DUMP_FILES, type DumpFile, type ImportReport } from '@fso/ops';
import type { Database } from '@fso/db';
import { DumpFormatError, xmlRowBatches } from './xml-rows.ts';

export type Progress = (file: string, done: number, total: number) => void;

const BATCH = 500;

export async function importStackExchange(
  database: Database,
  folder: string,
  onProgress: Progress = () => {},
): Promise<ImportReport> {
  const dir = resolve(folder);
  for (const f of DUMP_FILES) if (!existsSync(join(dir, f))) throw new DumpFormatError(`${f} is missing from ${dir}`);
  const host = basename(dir).includes('.') ? basename(dir) : 'stackexchange.com';
  return importDump(database, {
    host,
    batches: (file) =>
      missing(dir, file)
        ? none()
        : xmlRowBatches(join(dir, file), BATCH, (done, total) => onProgress(file, done, total)),
  });
}

const missing = (dir: string, file: DumpFile) =>
  (OPTIONAL_DUMP_FILES as readonly string[]).includes(file) && !existsSync(join(dir, file));

async function* none(): AsyncGenerator<never> {}
