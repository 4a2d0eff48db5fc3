import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { addAnswerBodySchema, addCommentBodySchema, addQuestionBodySchema, questionFormSchema } from './qa.schemas.ts';
import { createChatBodySchema, roomMessageFormSchema } from './chat.schemas.ts';
import { updateBiographySchema } from './user.schemas.ts';
import { parseWith } from './validate.ts';

const NUL = '\u0000';

describe('text rules', () => {
  it('refuses a NUL character in every text field with one plain message', () => {
    const inputs: [Parameters<typeof parseWith>[0], unknown][] = [
      [addQuestionBodySchema, { title: `a${NUL}`, text: 'x', tags: ['t'], askedBy: 'ann' }],
      [addQuestionBodySchema, { title: 'a', text: `x${NUL}`, tags: ['t'], askedBy: 'ann' }],
      [addAnswerBodySchema, { qid: '1', ans: { text: `${NUL}`, ansBy: 'ann' } }],
      [addCommentBodySchema, { id: '1', type: 'answer', comment: { text: `hi${NUL}`, commentBy: 'ann' } }],
      [roomMessageFormSchema, { msg: `hi${NUL}` }],
      [updateBiographySchema, { username: 'ann', biography: `me${NUL}` }],
      [createChatBodySchema, { participants: ['ann', `bob${NUL}`] }],
    ];
    for (const [schema, input] of inputs)
      expect(parseWith(schema, input)).toMatchObject({ ok: false, message: MSG.textHasNul });
  });

  it('counts zero-width-only and bidi-control-only titles and texts as empty', () => {
    const invisible = ['\u200B\u200C\u200D', '\u202E', '\u2066\u2069 \uFEFF', '\u00AD\u2060'];
    for (const blank of invisible) {
      expect(parseWith(questionFormSchema, { title: blank, text: 'x', tags: 't' })).toMatchObject({
        ok: false,
        message: MSG.titleEmpty,
      });
      expect(parseWith(questionFormSchema, { title: 'ok', text: blank, tags: 't' })).toMatchObject({
        ok: false,
        message: MSG.questionTextEmpty,
      });
      expect(parseWith(addAnswerBodySchema, { qid: '1', ans: { text: blank, ansBy: 'ann' } })).toMatchObject({
        ok: false,
        message: MSG.answerEmpty,
      });
      expect(
        parseWith(addCommentBodySchema, { id: '1', type: 'answer', comment: { text: blank, commentBy: 'a' } }),
      ).toMatchObject({ ok: false, message: MSG.commentEmpty });
      expect(parseWith(roomMessageFormSchema, { msg: blank })).toMatchObject({ ok: false, message: MSG.messageEmpty });
    }
    // Visible text around such characters is kept as written.
    expect(parseWith(questionFormSchema, { title: 'a\u200Bb', text: '\u202Bشكرا', tags: 't' })).toMatchObject({
      ok: true,
      value: { title: 'a\u200Bb' },
    });
  });
});
