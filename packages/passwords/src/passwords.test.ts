/**
 * The passwords port as the servers build it: argon2id hashes, hashes stored before still
 * verifying, a dummy hash verified when there is none, and the common-passwords list.
 */
import { describe, expect, it, vi } from 'vitest';
import * as argon2 from '@node-rs/argon2';
import { passwords } from './index.ts';

// The real argon2, counted: verifying a missing hash must cost what a wrong password costs.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});

/** A hash of 'stored-before-the-move' as core's passwords.ts made them before this package existed. */
const STORED = '$argon2id$v=19$m=19456,t=2,p=1$K3NFEz020vrAt2aDVLzjrg$MOoZp2gp2o6kMOWCN5Lm1QDKS/HZ0wC5BCnyVDCZt10';

describe('passwords', () => {
  it('hashes with argon2id at the cost stored hashes have, and verifies the right password only', async () => {
    const hash = await passwords.hash('s3cret-pw');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await passwords.verify(hash, 's3cret-pw')).toBe(true);
    expect(await passwords.verify(hash, 's3cret-pw!')).toBe(false);
  });

  it('still verifies a hash stored by an earlier release', async () => {
    expect(await passwords.verify(STORED, 'stored-before-the-move')).toBe(true);
    expect(await passwords.verify(STORED, 'stored-after-the-move')).toBe(false);
  });

  it('verifies a dummy hash when there is none (an unknown user), and answers no', async () => {
    vi.mocked(argon2.verify).mockClear();
    expect(await passwords.verify(undefined, 'whatever-1')).toBe(false);
    expect(await passwords.verify(null, 'not-a-real-password')).toBe(false);
    expect(argon2.verify).toHaveBeenCalledTimes(2);
    expect(await passwords.verify('not a hash', 'whatever-1')).toBe(false);
  });

  it('knows the common passwords, whatever their case', () => {
    expect(passwords.isCommon('password123')).toBe(true);
    expect(passwords.isCommon('QWERTYUIOP')).toBe(true);
    expect(passwords.isCommon('heidi-unusual-9')).toBe(false);
  });
});
