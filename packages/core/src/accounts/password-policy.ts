/**
 * What a new password (sign-up, reset by link or with the current one) must not be: one of the
 * most common passwords (the `passwords` port's list, docs/decisions/0018); one shorter than 8
 * characters is refused by the shared schema.
 */
import { MSG } from '@fso/shared';
import type { Ports } from '../ports.ts';
import { fail, type Failure } from '../result.ts';

export const weakPassword = (ports: Pick<Ports, 'passwords'>, password: string): Failure | null =>
  ports.passwords.isCommon(password) ? fail('invalid', MSG.passwordCommon) : null;
