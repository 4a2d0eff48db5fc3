/**
 * A stand-in identity provider for tests: its own key pair, its JWKS served over real HTTP on a
 * loopback port, and ID tokens it signs with any claims a test wants.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

export const TEST_ISSUER = 'https://issuer.test/project';
export const TEST_AUDIENCE = 'test-project';

export async function startTestIssuer() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = createServer((_req, res) =>
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;

  /** Signs `claims` (defaults: this issuer, audience, one hour) with this key, or with `key`. */
  async function sign(claims: JWTPayload, opts: { expiresIn?: string | number; key?: CryptoKey; kid?: string } = {}) {
    return new SignJWT({ iss: TEST_ISSUER, aud: TEST_AUDIENCE, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? 'test-key' })
      .setIssuedAt()
      .setExpirationTime(opts.expiresIn ?? '1h')
      .sign(opts.key ?? privateKey);
  }

  return {
    config: { jwksUrl, issuer: TEST_ISSUER, audience: TEST_AUDIENCE },
    sign,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
