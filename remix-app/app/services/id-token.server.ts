/**
 * Verifies an ID token (JWT) from the external identity provider for POST /user/firebaseLogin:
 * signature against the provider's published keys (JWKS, fetched and cached by `jose`), issuer,
 * audience, expiry. Only then are its subject and verified email believed.
 */
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { fail, succeed, type ExternalProfile, type IdTokenVerifier, type Result } from '@fso/core';
import { MSG } from '@fso/shared';
import type { Config } from '@fso/platform';

type IdTokenConfig = NonNullable<Config['idToken']>;

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySet(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5_000, cooldownDuration: 30_000 });
    keySets.set(url, set);
  }
  return set;
}

function reason(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'it has expired';
  if (error instanceof errors.JWTClaimValidationFailed) return `its "${error.claim}" claim is not accepted`;
  if (error instanceof errors.JWKSNoMatchingKey) return 'it is signed by an unknown key';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'its signature does not match';
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported)
    return 'its algorithm is not accepted';
  return 'it is not a valid JWT';
}

/** The key set could not be fetched or read (network, non-200, not JSON): not the token's fault. */
const keysUnavailable = (error: unknown) =>
  error instanceof errors.JWKSTimeout ||
  error instanceof errors.JWKSInvalid ||
  (error instanceof Error && (error.constructor === errors.JOSEError || error.name === 'TypeError'));

export async function verifyIdToken(token: string, config: IdTokenConfig): Promise<Result<ExternalProfile>> {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, keySet(config.jwksUrl), {
      issuer: config.issuer,
      audience: config.audience,
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 5,
    }));
  } catch (error) {
    if (keysUnavailable(error)) return fail('unavailable', MSG.idTokenKeysUnavailable);
    return fail('unauthenticated', `${MSG.idTokenInvalid}: ${reason(error)}.`);
  }
  const email = typeof payload.email === 'string' && payload.email_verified === true ? payload.email : null;
  const login = typeof payload.name === 'string' ? payload.name : null;
  return succeed({ provider: 'firebase', subject: payload.sub!, login, email });
}

/** The verifier POST /user/firebaseLogin uses, or null when no provider is configured. */
export const idTokenVerifier = (config: Config): IdTokenVerifier | null => {
  const idToken = config.idToken;
  return idToken ? (token) => verifyIdToken(token, idToken) : null;
};
