/**
 * Password hashing with argon2id (@node-rs/argon2, prebuilt) at the package's default cost
 * (m=19456, t=2, p=1), which every stored hash records and is verified with.
 */
import { hash, verify } from '@node-rs/argon2';

// Algorithm 2 = argon2id (the package's const enum cannot be imported under isolatedModules).
const OPTIONS = { algorithm: 2 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

// Verified against when the user does not exist (or has no password), so that answer takes as
// long as a wrong password does and login timing does not tell known names from unknown ones.
// Made once, at start, so not even the first unknown name is faster.
const dummyHash = hashPassword('not-a-real-password');

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
