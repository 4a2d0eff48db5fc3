/**
 * Configuration from the environment, parsed once at start. A missing production secret, or
 * half of an OAuth client (an id without its secret), stops the process with a message naming
 * the variable; so does a split-mode process (`web`, `realtime`) without the servers it needs.
 * A provider left unconfigured is off, and the sign-in screens say so. The realtime process reads
 * only the fields every process shares (realtime-config.ts), so the web's settings cannot stop it.
 */
import { availableParallelism } from 'node:os';
import { z } from 'zod';

const DEV_SECRET = 'development-only-session-secret-change-me';

/** What every process reads: the realtime process reads these and nothing else. */
export const processFields = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().optional(),
  CORS_ORIGINS: z.string().default(''),
  RATE_LIMIT_FACTOR: z.coerce.number().positive('RATE_LIMIT_FACTOR must be a number above 0').default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z.string().url().optional(),
};
type ProcessEnv = z.infer<z.ZodObject<typeof processFields>>;

/** A split-mode process (web or realtime) shares its data through a PostgreSQL server. */
export const DATABASE_SERVER_REQUIRED = 'DATABASE_URL is required to run web and realtime as separate processes';

/** Sessions are signed with SESSION_SECRET: required in production, and never short. */
export function checkSessionSecret(env: ProcessEnv, ctx: z.RefinementCtx): void {
  if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'SESSION_SECRET is required in production' });
  }
  if (env.SESSION_SECRET !== undefined && env.SESSION_SECRET.length < 32) {
    ctx.addIssue({
      code: 'custom',
      path: ['SESSION_SECRET'],
      message: 'SESSION_SECRET must be at least 32 characters',
    });
  }
}

/** The environment parsed by `schema`, or an error listing every bad variable with its message. */
export function parseEnv<S extends z.ZodType>(schema: S, env: Record<string, string | undefined>): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The config fields every process has, from the fields every process reads. */
export function processConfig(
  e: ProcessEnv,
): Pick<
  Config,
  | 'production'
  | 'port'
  | 'host'
  | 'databaseUrl'
  | 'sessionSecret'
  | 'corsOrigins'
  | 'logLevel'
  | 'rateLimitFactor'
  | 'redisUrl'
> {
  return {
    production: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET ?? DEV_SECRET,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    redisUrl: e.REDIS_URL,
  };
}

/** How a client's address is found behind proxies (remix-app/server/client-address.ts). */
export type TrustProxy =
  /** No proxy in front (0), or this many, each appending the address it saw to X-Forwarded-For. */
  | { hops: number }
  /** One proxy in front that sets this header to the client's address on every request (Fly-Client-IP). */
  | { hops: 1; header: string };

const TRUST_PROXY_REFUSED = new Map([
  [
    'true',
    "TRUST_PROXY=true would believe every X-Forwarded-For entry, the client's own first, so each request could " +
      'claim a new address and pass every per-address limit: set the number of proxies in front (1 behind one load ' +
      "balancer) or the header your proxy sets to the client's address (Fly-Client-IP on Fly.io)",
  ],
  [
    'x-forwarded-for',
    "TRUST_PROXY=X-Forwarded-For would believe the client's own entry: set the number of proxies in front instead",
  ],
]);

/** TRUST_PROXY's value: false, a hop count, or a header name; `true` (every hop) is refused with why. */
const trustProxyField = z
  .string()
  .default('false')
  .transform((raw, ctx): TrustProxy => {
    const v = raw.trim().toLowerCase();
    const refused = TRUST_PROXY_REFUSED.get(v);
    if (refused) ctx.addIssue({ code: 'custom', message: refused });
    else if (!/^(\d{1,2}|[a-z][\w-]*)$/.test(v))
      ctx.addIssue({
        code: 'custom',
        message: 'TRUST_PROXY must be false, the number of proxies in front (e.g. 1), or a header name (Fly-Client-IP)',
      });
    if (v === 'false') return { hops: 0 };
    return /^\d+$/.test(v) ? { hops: Number(v) } : { hops: 1, header: v };
  });

const schema = z.object({
  ...processFields,
  DATA_DIR: z.string().default('./data'),
  COOKIE_SECURE: z.enum(['true', 'false']).optional(),
  TRUST_PROXY: trustProxyField,
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  ORIGIN: z.string().url().optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  GITHUB_AUTHORIZE_URL: z.string().url().default('https://github.com/login/oauth/authorize'),
  GITHUB_TOKEN_URL: z.string().url().default('https://github.com/login/oauth/access_token'),
  GITHUB_API_URL: z.string().url().default('https://api.github.com'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTHORIZE_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.string().url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  ID_TOKEN_JWKS_URL: z
    .string()
    .url()
    .default('https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com'),
  ID_TOKEN_ISSUER: z.string().optional(),
  ID_TOKEN_AUDIENCE: z.string().optional(),
  METRICS_TOKEN: z.string().min(1).optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  REALTIME_URL: z.string().url().optional(),
  SEMANTIC_WEIGHTS: z
    .string()
    .regex(
      /^\s*(embedding|fullText|lsa)\s*=\s*\d*\.?\d+\s*(,\s*(embedding|fullText|lsa)\s*=\s*\d*\.?\d+\s*)*$/,
      'SEMANTIC_WEIGHTS must look like embedding=0.5,fullText=0.3,lsa=0.2',
    )
    .optional(),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  SMTP_URL: z
    .string()
    .url()
    .refine((url) => /^smtps?:\/\//.test(url), 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
});

/** Which process boots: the single process (`all`) or one side of split mode (realtime: realtime-config.ts). */
export type Role = 'all' | 'web' | 'realtime';

const schemaFor = (role: 'all' | 'web') =>
  schema.superRefine((env, ctx) => {
    if (role === 'web' && !env.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: DATABASE_SERVER_REQUIRED });
    }
    if (role === 'web' && !env.REALTIME_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['REALTIME_URL'],
        message: 'REALTIME_URL (a realtime instance to forward /socket.io to) is required for the web process',
      });
    }
    for (const [a, b] of [
      ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET'],
      ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
      ['ID_TOKEN_ISSUER', 'ID_TOKEN_AUDIENCE'],
    ] as const) {
      if (Boolean(env[a]) !== Boolean(env[b])) {
        const missing = env[a] ? b : a;
        ctx.addIssue({
          code: 'custom',
          path: [missing],
          message: `${missing} is required when ${missing === a ? b : a} is set`,
        });
      }
    }
    if (env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'METRICS_PORT must differ from PORT (metrics are served on a port of their own)',
      });
    }
    if (env.NODE_ENV === 'production' && env.SMTP_URL && !env.ORIGIN) {
      ctx.addIssue({
        code: 'custom',
        path: ['ORIGIN'],
        message: 'ORIGIN (the public URL mails link to) is required to send mail in production',
      });
    }
    checkSessionSecret(env, ctx);
  });

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
}

export interface Config {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  sessionSecret: string;
  cookieSecure: boolean;
  corsOrigins: string[];
  /** Where client addresses come from (TRUST_PROXY): the connection, the N-th X-Forwarded-For entry from the right, or a proxy's header. */
  trustProxy: TrustProxy;
  seedDemo: boolean;
  /** Public origin for OAuth redirect URIs; unset, the request's own origin is used. */
  origin?: string;
  /** GitHub (or GitHub Enterprise); `apiUrl` serves /user and /user/emails. Null when off. */
  github: (OAuthClientConfig & { apiUrl: string }) | null;
  /** Google (or any OpenID Connect provider) with its userinfo endpoint. Null when off. */
  google: (OAuthClientConfig & { userinfoUrl: string }) | null;
  /** Who may sign ID tokens for POST /user/firebaseLogin. Null when off. */
  idToken: { jwksUrl: string; issuer: string; audience: string } | null;
  logLevel: string;
  /** Multiplies every rate limit (packages/shared/src/rate-limits.ts); 1 by default. */
  rateLimitFactor: number;
  /** Bearer token for GET /metrics; unset, there is no /metrics. */
  metricsToken?: string;
  /** A port of its own that serves GET /metrics without a token, for a scraper on the private network; unset, none. */
  metricsPort?: number;
  /** Split mode: the realtime instance this web process forwards `/socket.io` to. */
  realtimeUrl?: string;
  /** Split mode: Redis carries events between processes instead of PostgreSQL. */
  redisUrl?: string;
  /** Natural-language search ranking weights (packages/search/src/search.ts). */
  semanticWeights: Partial<Record<'embedding' | 'fullText' | 'lsa', number>>;
  /** Web processes `npm start` runs on this machine (default: its cores); they share the cores with the database. */
  webConcurrency: number;
  /**
   * Mail (docs/decisions/0083-email.md): sent to `smtpUrl`; without it kept in the outbox in
   * development, left queued in production. Links in mails start with `origin` (ORIGIN, else this
   * machine's PORT).
   */
  mail: { smtpUrl?: string; from: string; outbox: boolean; origin: string };
}

export function loadConfig(env: Record<string, string | undefined> = process.env, role: 'all' | 'web' = 'all'): Config {
  const e = parseEnv(schemaFor(role), env);
  const production = e.NODE_ENV === 'production';
  return {
    ...processConfig(e),
    dataDir: e.DATA_DIR,
    cookieSecure: e.COOKIE_SECURE ? e.COOKIE_SECURE === 'true' : production,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO === 'true',
    origin: e.ORIGIN,
    github:
      e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET
        ? {
            clientId: e.GITHUB_CLIENT_ID,
            clientSecret: e.GITHUB_CLIENT_SECRET,
            authorizeUrl: e.GITHUB_AUTHORIZE_URL,
            tokenUrl: e.GITHUB_TOKEN_URL,
            apiUrl: e.GITHUB_API_URL,
          }
        : null,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            authorizeUrl: e.GOOGLE_AUTHORIZE_URL,
            tokenUrl: e.GOOGLE_TOKEN_URL,
            userinfoUrl: e.GOOGLE_USERINFO_URL,
          }
        : null,
    idToken:
      e.ID_TOKEN_ISSUER && e.ID_TOKEN_AUDIENCE
        ? { jwksUrl: e.ID_TOKEN_JWKS_URL, issuer: e.ID_TOKEN_ISSUER, audience: e.ID_TOKEN_AUDIENCE }
        : null,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    realtimeUrl: e.REALTIME_URL,
    semanticWeights: weights(e.SEMANTIC_WEIGHTS ?? ''),
    webConcurrency: e.WEB_CONCURRENCY ?? availableParallelism(),
    mail: mailConfig(e, production),
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
      }),
  );
}

function mailConfig(e: z.infer<typeof schema>, production: boolean): Config['mail'] {
  const origin = (e.ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    smtpUrl: e.SMTP_URL,
    from: e.MAIL_FROM ?? `Fake Stack Overflow <no-reply@${new URL(origin).hostname}>`,
    outbox: !e.SMTP_URL && !production,
    origin,
  };
}
