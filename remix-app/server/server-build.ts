/**
 * The production Remix build, from the current folder (an entry moves into remix-app/ first),
 * loaded with React's production builds whatever the site's NODE_ENV: React, React DOM and React
 * Router choose their build from NODE_ENV when first loaded, and `npm start` leaves NODE_ENV unset
 * (the site's development settings: no secret needed, mail to the outbox), which rendered every
 * page with React's development build at twice the CPU (bench/RESULTS.md, issue 44). Remix itself
 * runs in production mode here too (app.ts); NODE_ENV is put back for the site's own settings.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';

export async function serverBuild(): Promise<ServerBuild> {
  const mode = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return (await import(pathToFileURL(resolve('build/server/index.js')).href)) as ServerBuild;
  } finally {
    if (mode === undefined) Reflect.deleteProperty(process.env, 'NODE_ENV');
    else process.env.NODE_ENV = mode;
  }
}
