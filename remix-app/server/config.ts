/**
 * Configuration from the environment, parsed once at start. A missing production secret stops
 * the process with a message naming the variable, and so does a split-mode process (`web`,
 * `realtime`) without the servers it needs.
 */
import { z } from 'zod';

const DEV_SECRET = 'development-only-session-secret-change-me';

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    SESSION_SECRET: z.string().optional(),
    COOKIE_SECURE: z.enum(['true', 'false']).optional(),
    CORS_ORIGINS: z.string().default(''),
    TRUST_PROXY: z.enum(['true', 'false']).default('false'),
    SEED_DEMO: z.enum(['true', 'false']).default('true'),
    REALTIME_URL: z.string().url().optional(),
    REDIS_URL: z.string().url().optional(),
  });

/** Which process reads the config: the single process (`all`) or one side of split mode. */
export type Role = 'all' | 'web' | 'realtime';

const schemaFor = (role: Role) =>
  schema.superRefine((env, ctx) => {
    if (role !== 'all' && !env.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'DATABASE_URL is required to run web and realtime as separate processes' });
    }
    if (role === 'web' && !env.REALTIME_URL) {
      ctx.addIssue({ code: 'custom', path: ['REALTIME_URL'], message: 'REALTIME_URL (a realtime instance to forward /socket.io to) is required for the web process' });
    }
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'SESSION_SECRET is required in production' });
    }
    if (env.SESSION_SECRET !== undefined && env.SESSION_SECRET.length < 32) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'SESSION_SECRET must be at least 32 characters' });
    }
  });

export interface Config {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  sessionSecret: string;
  cookieSecure: boolean;
  corsOrigins: string[];
  trustProxy: boolean;
  seedDemo: boolean;
  /** Split mode: the realtime instance this web process forwards `/socket.io` to. */
  realtimeUrl?: string;
  /** Split mode: Redis carries events between processes instead of PostgreSQL. */
  redisUrl?: string;
}

export function loadConfig(env: Record<string, string | undefined> = process.env, role: Role = 'all'): Config {
  const parsed = schemaFor(role).safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET ?? DEV_SECRET,
    cookieSecure: e.COOKIE_SECURE ? e.COOKIE_SECURE === 'true' : production,
    corsOrigins: e.CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    trustProxy: e.TRUST_PROXY === 'true',
    seedDemo: e.SEED_DEMO === 'true',
    realtimeUrl: e.REALTIME_URL,
    redisUrl: e.REDIS_URL,
  };
}
