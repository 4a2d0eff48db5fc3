/**
 * What every server entry does first: read the config (or stop with its message), open and
 * migrate the database, load the web build. (Stopping is shutdown.ts's `stopOnSignal`.)
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { migrate, openDatabase, type Database } from '@fso/db';
import { loadConfig, type Config, type Role } from './config.ts';

export function readConfig(role: Role): Config {
  try {
    return loadConfig(process.env, role);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

export async function openMigrated(config: Config, dataDir: string): Promise<Database> {
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir });
  await migrate(database);
  return database;
}

/** The production Remix build, from the current folder (an entry moves into remix-app/ first). */
export async function serverBuild(): Promise<ServerBuild> {
  return (await import(pathToFileURL(resolve('build/server/index.js')).href)) as ServerBuild;
}
