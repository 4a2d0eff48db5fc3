/**
 * Configuration from the environment, parsed once at start. A missing production secret stops
 * the process with a message naming the variable.
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
    SEMANTIC_WEIGHTS: z
      .string()
      .regex(
        /^\s*(embedding|fullText|lsa)\s*=\s*\d*\.?\d+\s*(,\s*(embedding|fullText|lsa)\s*=\s*\d*\.?\d+\s*)*$/,
        'SEMANTIC_WEIGHTS must look like embedding=0.5,fullText=0.3,lsa=0.2'
      )
      .optional(),
  })
  .superRefine((env, ctx) => {
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
  /** Natural-language search ranking weights (remix-app/server/semantic/search.ts). */
  semanticWeights: Partial<Record<'embedding' | 'fullText' | 'lsa', number>>;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
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
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY === 'true',
    seedDemo: e.SEED_DEMO === 'true',
    semanticWeights: weights(e.SEMANTIC_WEIGHTS ?? ''),
  };
}

/** `embedding=0.5,lsa=0.2` → { embedding: 0.5, lsa: 0.2 }; unnamed weights keep their defaults. */
function weights(value: string): Config['semanticWeights'] {
  return Object.fromEntries(
    value
      .split(',')
      .filter((part) => part.trim())
      .map((part) => {
        const [key = '', number = ''] = part.split('=').map((s) => s.trim());
        return [key, Number(number)];
      })
  );
}
