import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fso/shared';
import { startTestIssuer } from '../../test/id-tokens.ts';
import { verifyIdToken } from './id-token.server.ts';

let issuer: Awaited<ReturnType<typeof startTestIssuer>>;
beforeAll(async () => {
  issuer = await startTestIssuer();
});
afterAll(() => issuer.close());

const rejected = (reason: string) => ({
  ok: false,
  kind: 'unauthenticated',
  message: `${MSG.idTokenInvalid}: ${reason}.`,
});

describe('ID token verification', () => {
  it('accepts a token signed by a published key, with the verified email', async () => {
    const token = await issuer.sign({ sub: 'uid-1', email: 'ada@example.test', email_verified: true, name: 'Ada' });
    expect(await verifyIdToken(token, issuer.config)).toEqual({
      ok: true,
      value: { provider: 'firebase', subject: 'uid-1', login: 'Ada', email: 'ada@example.test' },
    });
  });

  it('believes an email only when the provider says it is verified', async () => {
    const token = await issuer.sign({ sub: 'uid-2', email: 'bob@example.test', email_verified: false });
    expect(await verifyIdToken(token, issuer.config)).toMatchObject({
      ok: true,
      value: { subject: 'uid-2', email: null },
    });
  });

  it('refuses an expired token, a wrong issuer and a wrong audience', async () => {
    expect(
      await verifyIdToken(
        await issuer.sign({ sub: 'u' }, { expiresIn: Math.floor(Date.now() / 1000) - 60 }),
        issuer.config,
      ),
    ).toEqual(rejected('it has expired'));
    expect(await verifyIdToken(await issuer.sign({ sub: 'u', iss: 'https://evil.test' }), issuer.config)).toEqual(
      rejected('its "iss" claim is not accepted'),
    );
    expect(await verifyIdToken(await issuer.sign({ sub: 'u', aud: 'other-project' }), issuer.config)).toEqual(
      rejected('its "aud" claim is not accepted'),
    );
  });

  it('refuses a token signed by another key, under the published kid or another one', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    expect(await verifyIdToken(await issuer.sign({ sub: 'u' }, { key: privateKey }), issuer.config)).toEqual(
      rejected('its signature does not match'),
    );
    expect(
      await verifyIdToken(await issuer.sign({ sub: 'u' }, { key: privateKey, kid: 'unknown' }), issuer.config),
    ).toEqual(rejected('it is signed by an unknown key'));
  });

  it('refuses unsigned, symmetric and malformed tokens and a token without a subject', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', kid: 'test-key' })).toString('base64url');
    const body = Buffer.from(
      JSON.stringify({ sub: 'u', iss: issuer.config.issuer, aud: issuer.config.audience, exp: 9e9, iat: 1 }),
    ).toString('base64url');
    expect(await verifyIdToken(`${header}.${body}.`, issuer.config)).toMatchObject({
      ok: false,
      kind: 'unauthenticated',
    });
    const hs = await new SignJWT({ sub: 'u', iss: issuer.config.issuer, aud: issuer.config.audience })
      .setProtectedHeader({ alg: 'HS256', kid: 'test-key' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-shared-secret-that-is-long-enough'));
    expect(await verifyIdToken(hs, issuer.config)).toMatchObject({ ok: false, kind: 'unauthenticated' });
    expect(await verifyIdToken('not-a-jwt', issuer.config)).toEqual(rejected('it is not a valid JWT'));
    expect(await verifyIdToken(await issuer.sign({}), issuer.config)).toEqual(
      rejected('its "sub" claim is not accepted'),
    );
  });

  it('answers 503 when the published keys cannot be fetched', async () => {
    const token = await issuer.sign({ sub: 'u' });
    expect(await verifyIdToken(token, { ...issuer.config, jwksUrl: 'http://127.0.0.1:9/jwks' })).toEqual({
      ok: false,
      kind: 'unavailable',
      message: MSG.idTokenKeysUnavailable,
    });
  });
});
