/**
 * The secrets in mail links. A single-use link's token is an HMAC of a random salt under the
 * site's mail key: the database keeps the salt and the token's SHA-256 only, so a copy of the
 * database alone opens no account, and the sender re-derives the token when it writes the mail.
 * Unsubscribe links are signed the same way and need no row: `<user id>.<scope>.<signature>`.
 * Machinery only: whether a token may still be used is core's (decideTokenUse).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CADENCES, MAIL_KINDS, type UnsubscribeScope } from '@fso/shared';

/** The key of every mail link, derived from the session secret (which never leaves the server). */
export const mailKey = (sessionSecret: string): Buffer =>
  createHmac('sha256', sessionSecret).update('fake-stack-overflow mail links').digest();

const mac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The token a salt stands for under `key`. */
export const tokenFor = (key: Buffer, salt: string): string => mac(key, `token:${salt}`);

/** A new link: its salt (stored), token (mailed) and the token's hash (stored). */
export function newToken(key: Buffer): { salt: string; token: string; tokenHash: string } {
  const salt = randomBytes(16).toString('base64url');
  const token = tokenFor(key, salt);
  return { salt, token, tokenHash: hashToken(token) };
}

const SCOPES: readonly string[] = [...MAIL_KINDS, ...CADENCES.filter((c) => c === 'daily' || c === 'weekly')];

export const unsubscribeToken = (key: Buffer, userId: number, scope: UnsubscribeScope): string =>
  `${userId}.${scope}.${mac(key, `unsubscribe:${userId}:${scope}`).slice(0, 32)}`;

/** Whose mail of which scope an unsubscribe token stops; null when it was not made with `key`. */
export function readUnsubscribeToken(key: Buffer, token: string): { userId: number; scope: UnsubscribeScope } | null {
  const [id = '', scope = '', signature = ''] = token.split('.');
  const userId = Number(id);
  if (!/^[1-9]\d{0,15}$/.test(id) || !SCOPES.includes(scope)) return null;
  const expected = Buffer.from(unsubscribeToken(key, userId, scope as UnsubscribeScope).split('.')[2] ?? '');
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, scope: scope as UnsubscribeScope };
}
