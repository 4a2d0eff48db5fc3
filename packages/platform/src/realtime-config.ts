/**
 * The realtime process's own configuration: the fields every process reads (config.ts's
 * `processFields`) and nothing of the web's (OAuth clients, search, metrics, seeding), so a
 * web-only setting, right or wrong, never stops a realtime instance. It needs a PostgreSQL
 * server (realtime runs alone only in split mode) and, in production, the session secret the
 * web process signs with.
 */
import { z } from 'zod';
import {
  checkSessionSecret,
  DATABASE_SERVER_REQUIRED,
  parseEnv,
  processConfig,
  processFields,
  type Config,
} from './config.ts';

const schema = z
  .object({
    ...processFields,
    DATABASE_URL: z
      .string({ error: (issue) => (issue.input === undefined ? DATABASE_SERVER_REQUIRED : undefined) })
      .url(),
  })
  .superRefine(checkSessionSecret);

export type RealtimeConfig = Pick<
  Config,
  'production' | 'port' | 'host' | 'sessionSecret' | 'corsOrigins' | 'logLevel' | 'rateLimitFactor' | 'redisUrl'
> & { databaseUrl: string };

export function loadRealtimeConfig(env: Record<string, string | undefined> = process.env): RealtimeConfig {
  const e = parseEnv(schema, env);
  return { ...processConfig(e), databaseUrl: e.DATABASE_URL };
}
