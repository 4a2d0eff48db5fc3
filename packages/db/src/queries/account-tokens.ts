/**
 * Single-use links by mail (password resets, address confirmations) and the addresses they
 * confirm. A token row and the mail that carries it are written in one transaction; only the
 * token's hash is stored (the sender re-derives the token from its salt). Using a token locks
 * its row and applies core's rule to it (once, before it expires), so of two uses at once the
 * second sees the first's and is refused.
 */
import { sql } from 'drizzle-orm';
import { succeed, type Result } from '@fso/shared';
import type { Db } from '../client.ts';
import type { Decide } from './decide.ts';
import { rows, type Row, type Tx } from './sql-rows.ts';
import { sqlState } from '../errors.ts';

export type TokenPurpose = 'reset' | 'confirm';

export interface AccountToken {
  id: number;
  userId: number;
  username: string;
  purpose: TokenPurpose;
  /** The address a confirmation link confirms; null for a reset. */
  email: string | null;
  salt: string;
  expiresAt: Date;
  usedAt: Date | null;
}

export const asDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const dateOrNull = (v: unknown): Date | null => (v === null || v === undefined ? null : asDate(v));

function toToken(r: Row): AccountToken {
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    username: String(r.username),
    purpose: r.purpose as TokenPurpose,
    email: r.email === null || r.email === undefined ? null : String(r.email),
    salt: String(r.salt),
    expiresAt: asDate(r.expires_at),
    usedAt: dateOrNull(r.used_at),
  };
}

const SELECT_TOKEN = sql`SELECT t.id, t.user_id, u.username, t.purpose, t.email, t.salt, t.expires_at, t.used_at
  FROM account_tokens t JOIN users u ON u.id = t.user_id`;

/** Creates a token and queues the mail that carries it (kind `passwordReset` or `confirmEmail`), in one transaction. */
export async function createTokenMail(
  db: Db,
  input: {
    userId: number;
    purpose: TokenPurpose;
    email: string | null;
    salt: string;
    tokenHash: string;
    expiresAt: Date;
    now: Date;
  },
): Promise<number> {
  const kind = input.purpose === 'reset' ? 'passwordReset' : 'confirmEmail';
  return db.transaction(async (tx) => {
    const [token] = await rows(
      tx,
      sql`INSERT INTO account_tokens (user_id, purpose, email, salt, token_hash, created_at, expires_at)
        VALUES (${input.userId}, ${input.purpose}, ${input.email}, ${input.salt}, ${input.tokenHash}, ${input.now.toISOString()}, ${input.expiresAt.toISOString()})
        RETURNING id`,
    );
    const tokenId = Number(token?.id);
    await tx.execute(
      sql`INSERT INTO mail_queue (kind, user_id, token_id, send_after) VALUES (${kind}, ${input.userId}, ${tokenId}, ${input.now.toISOString()})`,
    );
    return tokenId;
  });
}

export async function findTokenByHash(db: Db | Tx, tokenHash: string): Promise<AccountToken | null> {
  const [row] = await rows(db, sql`${SELECT_TOKEN} WHERE t.token_hash = ${tokenHash}`);
  return row ? toToken(row) : null;
}

export async function findTokenById(db: Db | Tx, id: number): Promise<AccountToken | null> {
  const [row] = await rows(db, sql`${SELECT_TOKEN} WHERE t.id = ${id}`);
  return row ? toToken(row) : null;
}

/** A link's token as using it sees it, its row locked: when it expires and when it was used; null when there is none. */
export type TokenSeen = Pick<AccountToken, 'expiresAt' | 'usedAt'> | null;

/** A token to use: the row and the account's links of its purpose (a reset also uses up the others). */
type TokenUse = {
  token: Pick<AccountToken, 'id' | 'userId' | 'purpose'>;
  now: Date;
  decide: Decide<TokenSeen, unknown>;
};

/** Uses the token as core decides on its locked row. */
async function useToken(tx: Tx, use: TokenUse): Promise<Result<unknown>> {
  const { token } = use;
  const [row] = await rows(tx, sql`SELECT expires_at, used_at FROM account_tokens WHERE id = ${token.id} FOR UPDATE`);
  const decision = use.decide(row ? { expiresAt: asDate(row.expires_at), usedAt: dateOrNull(row.used_at) } : null);
  if (!decision.ok) return decision;
  await tx.execute(
    sql`UPDATE account_tokens SET used_at = ${use.now.toISOString()} WHERE user_id = ${token.userId} AND purpose = ${token.purpose} AND used_at IS NULL`,
  );
  return decision;
}

/** The account a password reset is asked for: by username, or by its (confirmed) address; with its address. */
export async function findResetTarget(
  db: Db,
  nameOrEmail: string,
): Promise<{ id: number; username: string; email: string | null } | null> {
  const key = nameOrEmail.toLowerCase();
  const column = key.includes('@') ? sql`lower(email)` : sql`lower(username)`;
  const [row] = await rows(db, sql`SELECT id, username, email FROM users WHERE ${column} = ${key} LIMIT 1`);
  if (!row) return null;
  return { id: Number(row.id), username: String(row.username), email: row.email === null ? null : String(row.email) };
}

/** The user's address, and the newest address waiting for its confirmation link (unused, unexpired). */
export async function emailState(
  db: Db,
  userId: number,
  now: Date,
): Promise<{ email: string | null; pending: string | null }> {
  const [row] = await rows(
    db,
    sql`SELECT u.email, (SELECT t.email FROM account_tokens t WHERE t.user_id = u.id AND t.purpose = 'confirm'
        AND t.used_at IS NULL AND t.expires_at > ${now.toISOString()} ORDER BY t.id DESC LIMIT 1) AS pending
      FROM users u WHERE u.id = ${userId}`,
  );
  const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return { email: str(row?.email), pending: str(row?.pending) };
}

/** Whether an account other than `userId` holds the address. */
export async function emailTakenByOther(db: Db | Tx, email: string, userId: number): Promise<boolean> {
  const found = await rows(
    db,
    sql`SELECT 1 FROM users WHERE lower(email) = ${email.toLowerCase()} AND id <> ${userId} LIMIT 1`,
  );
  return found.length > 0;
}

/**
 * Makes the confirmed address the user's; false when another account got it first (the unique
 * index decides, so two confirmations at once cannot both win).
 */
async function setConfirmedEmail(tx: Tx, userId: number, email: string): Promise<boolean> {
  if (await emailTakenByOther(tx, email, userId)) return false;
  try {
    // A savepoint: a unique violation (a confirmation racing this one) leaves the transaction usable.
    await tx.transaction((inner) => inner.execute(sql`UPDATE users SET email = ${email} WHERE id = ${userId}`));
  } catch (error) {
    if (sqlState(error) === '23505') return false;
    throw error;
  }
  return true;
}

/** Deletes tokens that expired before `before` (they can only say "expired"; a day later nobody asks). */
export async function deleteExpiredTokens(db: Db, before: Date): Promise<number> {
  const gone = await rows(db, sql`DELETE FROM account_tokens WHERE expires_at < ${before.toISOString()} RETURNING id`);
  return gone.length;
}

/**
 * A password reset by link, in one transaction: uses the token as decided (a reset's other links
 * with it), sets the new password hash and ends every session of the account; answers the ended
 * sessions' ids.
 */
export async function resetPasswordByToken(
  db: Db,
  input: TokenUse & { passwordHash: string },
): Promise<Result<{ ended: string[] }>> {
  return db.transaction(async (tx) => {
    const used = await useToken(tx, input);
    if (!used.ok) return used;
    await tx.execute(sql`UPDATE users SET password_hash = ${input.passwordHash} WHERE id = ${input.token.userId}`);
    const ended = await rows(tx, sql`DELETE FROM sessions WHERE user_id = ${input.token.userId} RETURNING id`);
    return succeed({ ended: ended.map((r) => String(r.id)) });
  });
}

/**
 * An address confirmation by link, in one transaction: uses the token as decided and makes its
 * address the account's (`confirmed` false: another account has it by now).
 */
export async function confirmEmailByToken(
  db: Db,
  input: TokenUse & { email: string },
): Promise<Result<{ confirmed: boolean }>> {
  return db.transaction(async (tx) => {
    const used = await useToken(tx, input);
    if (!used.ok) return used;
    return succeed({ confirmed: await setConfirmedEmail(tx, input.token.userId, input.email) });
  });
}
