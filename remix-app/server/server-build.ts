/** The production Remix build, from the current folder (an entry moves into remix-app/ first). */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';

export async function serverBuild(): Promise<ServerBuild> {
  return (await import(pathToFileURL(resolve('build/server/index.js')).href)) as ServerBuild;
}
