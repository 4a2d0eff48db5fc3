/**
 * The mail links' signatures, pinned: links mailed before a release must still open after it, so
 * a key, token or unsubscribe signature that came out differently would lock their readers out.
 */
import { describe, expect, it } from 'vitest';
import { hashToken, mailKey, newToken, readUnsubscribeToken, tokenFor, unsubscribeToken } from './tokens.ts';

const key = mailKey('test-secret-test-secret-test-secret-test');

describe('mail link tokens', () => {
  it('derives the same token and hash from a stored salt as every earlier release did', () => {
    expect(tokenFor(key, 'fixed-salt')).toBe('5BpGGt7U8rfsvWqdRi0vpiS4Zc2Fm4ZYdtAfiVA_WZo');
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const made = newToken(key);
    expect(made.token).toBe(tokenFor(key, made.salt));
    expect(made.tokenHash).toBe(hashToken(made.token));
  });

  it('reads an unsubscribe link signed with the key, and no forged or foreign one', () => {
    const token = unsubscribeToken(key, 42, 'daily');
    expect(token).toBe('42.daily.Yww8bdmCZRBF8sGDuvfZOi9fru3Y6zX-');
    expect(readUnsubscribeToken(key, token)).toEqual({ userId: 42, scope: 'daily' });
    expect(readUnsubscribeToken(key, '43.daily.Yww8bdmCZRBF8sGDuvfZOi9fru3Y6zX-')).toBeNull();
    expect(readUnsubscribeToken(mailKey('another-secret-another-secret-another'), token)).toBeNull();
  });
});
