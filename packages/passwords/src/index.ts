/**
 * Public surface of @fso/passwords: hashing and verifying passwords (argon2id) and the list of
 * too-common ones, as core's `passwords` port (packages/platform builds it). Machinery only: when
 * a password is asked for, checked or refused is core's (packages/core/src/accounts).
 */
import { isCommonPassword } from './common.ts';
import { hashPassword, verifyPassword } from './hashing.ts';

export { hashPassword };

/** Core's `passwords` port: one for every process (the dummy hash of `verify` is made once, at load). */
export const passwords = { hash: hashPassword, verify: verifyPassword, isCommon: isCommonPassword };
