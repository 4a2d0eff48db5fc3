import { describe, expect, it } from 'vitest';
import { SEARCH_MSG } from '@fso/shared';
import { parseSearchQuery } from './search-query.ts';

describe('parseSearchQuery', () => {
  it('keeps words, phrases and [tags] as they are when there is no operator', () => {
    expect(parseSearchQuery('[qiskit] "bell state" -noise')).toEqual({
      ok: true,
      value: { text: '[qiskit] "bell state" -noise', filters: {} },
    });
  });

  it('takes every operator out of the text, combined with words and tags', () => {
    const parsed = parseSearchQuery(
      'entanglement user:Craig.G [qiskit] is:question score:-2 answers:3 isaccepted:yes closed:NO',
    );
    expect(parsed).toEqual({
      ok: true,
      value: {
        text: 'entanglement [qiskit]',
        filters: { user: 'Craig.G', is: 'question', score: -2, answers: 3, accepted: true, closed: false },
      },
    });
  });

  it('reads operator names in any case, the last of two the same winning', () => {
    expect(parseSearchQuery('IS:Answer Score:1 score:5')).toMatchObject({
      ok: true,
      value: { text: '', filters: { is: 'answer', score: 5 } },
    });
  });

  it('leaves a word with a colon that names no operator, and a colon inside a word', () => {
    expect(parseSearchQuery('http://example.com note:this xuser:bob')).toMatchObject({
      ok: true,
      value: { text: 'http://example.com note:this xuser:bob', filters: {} },
    });
  });

  it('refuses a value an operator cannot use, with a message saying how to write it', () => {
    expect(parseSearchQuery('score:lots')).toEqual({
      ok: false,
      kind: 'invalid',
      message: SEARCH_MSG.badNumber('score'),
    });
    expect(parseSearchQuery('answers:-1')).toMatchObject({ ok: false, message: SEARCH_MSG.badNumber('answers') });
    expect(parseSearchQuery('answers:')).toMatchObject({ ok: false, message: SEARCH_MSG.badNumber('answers') });
    expect(parseSearchQuery('is:comment')).toMatchObject({ ok: false, message: SEARCH_MSG.badIs });
    expect(parseSearchQuery('closed:maybe')).toMatchObject({ ok: false, message: SEARCH_MSG.badYesNo('closed') });
    expect(parseSearchQuery('isaccepted:')).toMatchObject({ ok: false, message: SEARCH_MSG.badYesNo('isaccepted') });
    expect(parseSearchQuery('user:<script>')).toMatchObject({ ok: false, message: SEARCH_MSG.badUser });
    expect(parseSearchQuery('score:99999999999')).toMatchObject({ ok: false });
    expect(parseSearchQuery('is:answer answers:2')).toMatchObject({ ok: false, message: SEARCH_MSG.answersOfAnswers });
  });
});
