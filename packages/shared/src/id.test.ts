/** parseId (qa.schemas.ts): the one parser of ids from paths, fields and socket events. */
import { describe, expect, it } from 'vitest';
import { parseId } from './qa.schemas.ts';

describe('parseId', () => {
  it('reads positive whole ids, from text or a number', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('42')).toBe(42);
    expect(parseId(7)).toBe(7);
    expect(parseId('999999999999999')).toBe(999_999_999_999_999);
  });

  it('refuses anything else', () => {
    for (const raw of [
      undefined,
      null,
      '',
      '0',
      '01',
      '-1',
      '1.5',
      ' 1',
      '1e3',
      'abc',
      '1234567890123456',
      0,
      1.5,
      -3,
      {},
      ['1'],
    ])
      expect(parseId(raw)).toBeNull();
  });
});
