import { describe, expect, it } from 'vitest';
import {
  chatMessageFormSchema,
  chatUpdateSchema,
  createChatBodySchema,
  MESSAGE_MAX,
  messagePageQuerySchema,
  roomMessageFormSchema,
  startChatFormSchema,
} from './chat.schemas.ts';
import { MSG } from './messages.ts';
import { parseWith } from './validate.ts';

const error = (result: ReturnType<typeof parseWith>) => (result.ok ? null : result.message);

describe('messaging schemas', () => {
  it('trims a message and refuses a blank or overlong one with the spec text', () => {
    expect(parseWith(roomMessageFormSchema, { msg: '  hi  ' })).toEqual({ ok: true, value: { msg: 'hi' } });
    expect(error(parseWith(roomMessageFormSchema, { msg: ' \n ' }))).toBe(MSG.messageEmpty);
    expect(error(parseWith(roomMessageFormSchema, {}))).toBe(MSG.messageEmpty);
    expect(error(parseWith(roomMessageFormSchema, { msg: 'x'.repeat(MESSAGE_MAX + 1) }))).toBe(MSG.messageTooLong);
  });

  it('needs a selected chat for a direct message, with the same text', () => {
    expect(parseWith(chatMessageFormSchema, { chatId: '12', msg: 'yo' })).toEqual({
      ok: true,
      value: { chatId: 12, msg: 'yo' },
    });
    expect(error(parseWith(chatMessageFormSchema, { chatId: '', msg: 'yo' }))).toBe(MSG.messageEmpty);
    expect(error(parseWith(startChatFormSchema, { username: ' ' }))).toBe(MSG.selectUser);
  });

  it('takes two distinct participants for a new chat', () => {
    expect(parseWith(createChatBodySchema, { participants: ['ann', 'bo'] })).toEqual({
      ok: true,
      value: { participants: ['ann', 'bo'], messages: [] },
    });
    expect(error(parseWith(createChatBodySchema, { participants: ['ann', 'ANN'], messages: [] }))).toBe(MSG.selectUser);
    expect(error(parseWith(createChatBodySchema, { participants: ['ann', 'bo', 'cy'], messages: [] }))).toBe(
      MSG.chatPairOnly,
    );
  });

  it('pages with before or after, not both', () => {
    expect(parseWith(messagePageQuerySchema, { before: '9', limit: '5' })).toEqual({
      ok: true,
      value: { before: 9, after: undefined },
    });
    expect(error(parseWith(messagePageQuerySchema, { before: '9', after: '3' }))).toBe(MSG.invalidCursor);
    expect(error(parseWith(messagePageQuerySchema, { after: '-1' }))).toBe(MSG.invalidId);
  });

  it('reports any chatUpdate type outside the spec as "Invalid chat update type"', () => {
    const chat = { _id: '1', participants: ['ann', 'bo'], messages: [] };
    expect(parseWith(chatUpdateSchema, { chat, type: 'newMessage' }).ok).toBe(true);
    expect(error(parseWith(chatUpdateSchema, { chat, type: 'deleted' }))).toBe(MSG.invalidChatUpdate);
  });
});
