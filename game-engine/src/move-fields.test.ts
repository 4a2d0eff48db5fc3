/** numberField: what a form's text and a socket's numbers read as. */
import { describe, expect, it } from 'vitest';
import { numberField } from './move-fields.ts';

describe('numberField', () => {
  it('takes finite numbers, and texts that read as one', () => {
    expect([3, -1, 0.5, '2', ' 3 ', '1e1', '0x10'].map(numberField)).toEqual([3, -1, 0.5, 2, 3, 10, 16]);
  });

  it('refuses blanks, words, non-finite numbers and anything else', () => {
    const refused = ['', '  ', 'abc', '3a', NaN, Infinity, -Infinity, '1e999', undefined, null, true, [], [3], {}];
    expect(refused.map(numberField)).toEqual(refused.map(() => null));
  });
});
