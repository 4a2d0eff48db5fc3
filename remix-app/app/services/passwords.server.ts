/** Password hashing with argon2id (@node-rs/argon2, prebuilt). */
import { hash, verify } from '@node-rs/argon2';

// Algorithm 2 = argon2id (the package's const enum cannot be imported under isolatedModules).
const OPTIONS = { algorithm: 2 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

// Verified against when the user does not exist, so both paths take the same time.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
