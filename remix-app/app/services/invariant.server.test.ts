/** The route guards: nothing thrown when the condition holds, else the status, message and headers asked for. */
import { describe, expect, it } from 'vitest';
import { fail, succeed, type Result } from '@fso/core';
import { MSG } from '@fso/shared';
import { invariantOk, invariantResponse } from './invariant.server.ts';

/** What `guard` threw, as status, text and headers; null when it threw nothing. */
async function thrownBy(guard: () => void) {
  try {
    guard();
    return null;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, text: await thrown.text(), headers: Object.fromEntries(thrown.headers) };
  }
}

describe('invariantResponse', () => {
  it('lets a condition that holds through, and narrows with it', async () => {
    const id: number | null = 7;
    expect(await thrownBy(() => invariantResponse(id !== null, 404, MSG.questionNotFound))).toBeNull();
    expect(await thrownBy(() => invariantResponse('x', 403, 'no'))).toBeNull();
  });

  it('throws the status with the message as plain text when it does not hold', async () => {
    expect(await thrownBy(() => invariantResponse(null, 404, MSG.questionNotFound))).toEqual({
      status: 404,
      text: MSG.questionNotFound,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
    const limited = await thrownBy(() => invariantResponse(false, 429, MSG.tooManyRequests, { 'Retry-After': '30' }));
    expect(limited).toMatchObject({ status: 429, text: MSG.tooManyRequests, headers: { 'retry-after': '30' } });
  });
});

describe('invariantOk', () => {
  it('lets a success through', async () => {
    expect(await thrownBy(() => invariantOk(succeed(1)))).toBeNull();
  });

  it("throws a failure's status and message, with Retry-After when it says when", async () => {
    const missing: Result<number> = fail('notFound', MSG.questionNotFound);
    expect(await thrownBy(() => invariantOk(missing))).toMatchObject({ status: 404, text: MSG.questionNotFound });
    const limited: Result<number> = fail('tooMany', MSG.tooManyRequests, 12);
    expect(await thrownBy(() => invariantOk(limited))).toMatchObject({
      status: 429,
      text: MSG.tooManyRequests,
      headers: { 'retry-after': '12' },
    });
    expect(await thrownBy(() => invariantOk(fail('forbidden', 'Not yours.')))).toMatchObject({ status: 403 });
  });
});
