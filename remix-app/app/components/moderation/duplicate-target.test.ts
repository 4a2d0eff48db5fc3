/** The close dialog's duplicate target: a typed id or link wins over a picked suggestion; anything else is none. */
import { describe, expect, it } from 'vitest';
import { targetId } from './ModControls.tsx';

describe('targetId', () => {
  it('reads an id, or a link to a question on any host, before the picked suggestion', () => {
    expect(targetId('42', '7')).toBe('42');
    expect(targetId(' https://fso.example/question/42?answer=3#answer-3 ', '7')).toBe('42');
    expect(targetId('/questions/42/some-title', undefined)).toBe('42');
    expect(targetId('', '7')).toBe('7');
  });
  it('finds none in words, other paths or nothing at all', () => {
    expect(targetId('the one about hooks', undefined)).toBeNull();
    expect(targetId('https://fso.example/user/42', undefined)).toBeNull();
    expect(targetId(undefined, undefined)).toBeNull();
  });
});
