/**
 * Every rate limit of the site, one line each (docs/decisions/0018-passwords-and-rate-limits.md).
 * Windowed limits are counted in the database, so all instances share them, per signed-in user
 * and per client address (and, for failed logins, per address and username); the socket limit
 * is a token bucket per connection. Defaults sit far above what a person does by hand;
 * RATE_LIMIT_FACTOR multiplies every number of the table (load tests and benchmarks raise it).
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface WindowLimit {
  windowMs: number;
  /** Events per signed-in user in one window. */
  perUser?: number;
  /** Events per client address in one window, whoever is signed in. */
  perIp?: number;
  /** Events per client address and typed username (failed logins). */
  perIpAndName?: number;
  /** Events per name the use case gives (the account a password reset is asked for). */
  perName?: number;
  /** A success takes its event back (`forgive`), so a count can fall inside a window: never refused from memory. */
  takenBack?: true;
}

export const RATE_LIMITS = {
  failedLogin: { windowMs: 15 * MINUTE, perIpAndName: 10, perIp: 100, takenBack: true },
  signup: { windowMs: HOUR, perIp: 300 },
  question: { windowMs: HOUR, perUser: 50, perIp: 500 },
  answer: { windowMs: HOUR, perUser: 100, perIp: 1000 },
  comment: { windowMs: HOUR, perUser: 200, perIp: 2000 },
  message: { windowMs: MINUTE, perUser: 30 },
  gameCreate: { windowMs: HOUR, perUser: 60, perIp: 600 },
  semanticSearch: { windowMs: MINUTE, perUser: 60, perIp: 300 },
  // A post's revisions (page or REST): a reader pages through a few; a crawler may not walk them all at once.
  revisions: { windowMs: MINUTE, perUser: 60, perIp: 300 },
  // Stack Overflow allows 40 votes a day; here a window a person never fills, clicking back and forth included.
  vote: { windowMs: HOUR, perUser: 300, perIp: 3000 },
  accept: { windowMs: HOUR, perUser: 100, perIp: 1000 },
  edit: { windowMs: HOUR, perUser: 100, perIp: 1000 },
  delete: { windowMs: HOUR, perUser: 100, perIp: 1000 },
  // Moderation (issue 41): close/reopen votes, locks, suspensions and role changes; reading the log.
  moderate: { windowMs: HOUR, perUser: 300, perIp: 3000 },
  modLog: { windowMs: MINUTE, perUser: 60, perIp: 300 },
  markRead: { windowMs: MINUTE, perUser: 60, perIp: 600 },
  // Asked while typing (debounced): a fast typist sends a few a second for a while, never for a minute.
  markdownPreview: { windowMs: MINUTE, perUser: 120, perIp: 1200 },
  tagSuggest: { windowMs: MINUTE, perUser: 120, perIp: 1200 },
  // Email (docs/decisions/0079): asking for a reset link is refused per address with a 429; the
  // mails one account gets are capped without a word (the answer must not tell whether it exists).
  passwordReset: { windowMs: HOUR, perIp: 30 },
  passwordResetMail: { windowMs: HOUR, perName: 3 },
  tokenUse: { windowMs: HOUR, perIp: 100 },
  emailChange: { windowMs: HOUR, perUser: 10, perIp: 100 },
  follow: { windowMs: HOUR, perUser: 300, perIp: 3000 },
  mailSettings: { windowMs: HOUR, perUser: 100, perIp: 1000 },
  // Flags (issue 41): a daily cap per user (Stack Overflow's is 100 at most); moderators' reviews.
  flag: { windowMs: 24 * HOUR, perUser: 50, perIp: 500 },
  review: { windowMs: MINUTE, perUser: 120 },
  deleteSpammer: { windowMs: HOUR, perUser: 30 },
  // One-click unsubscribes come from mail providers' servers, many users behind one address.
  unsubscribe: { windowMs: HOUR, perIp: 3000 },
} as const satisfies Record<string, WindowLimit>;

export type LimitedAction = keyof typeof RATE_LIMITS;

/** The longest window of the table: a row whose window started before now minus this decides nothing. */
export const LONGEST_LIMIT_WINDOW_MS = Math.max(...Object.values(RATE_LIMITS).map((limit) => limit.windowMs));

/** Client → server socket events, per connection: a burst, then a steady rate; refused in a row this often, the socket is closed. */
export const SOCKET_EVENT_LIMIT = { burst: 20, perSecond: 10, disconnectAfterRefused: 100 } as const;

/** A count of the table multiplied by RATE_LIMIT_FACTOR (never below 1). */
export const scaledCount = (count: number, factor: number) => Math.max(1, Math.round(count * factor));
