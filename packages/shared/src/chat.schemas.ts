/**
 * Messaging shapes and payloads (SPEC §3, §5, §7): Message and Chat as they travel, the room
 * and chat forms, the REST bodies, the paging query and the live events. One schema each,
 * used by the browser (forms, socket events, catch-up fetches) and the server alike.
 */
import { z } from 'zod';
import { MSG } from './messages.ts';
import { idSchema } from './qa.schemas.ts';
import { noNul, textField } from './text-rules.ts';
import { USERNAME_MAX } from './user.schemas.ts';

export const MESSAGE_MAX = 2000;
export const CHAT_INITIAL_MESSAGES_MAX = 20;
/** The latest messages a chat carries in POST /chat/:chatId/addMessage's answer and in chatUpdate `newMessage`. */
export const CHAT_LATEST_MESSAGES = 100;

export const messageSchema = z.object({
  _id: z.string(),
  msg: z.string(),
  /** null once the author's account is deleted. */
  msgFrom: z.string().nullable(),
  msgDateTime: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const chatSchema = z.object({
  _id: z.string(),
  participants: z.array(z.string()),
  messages: z.array(messageSchema),
});
export type Chat = z.infer<typeof chatSchema>;

export const CHAT_UPDATE_TYPES = ['created', 'newMessage', 'newParticipant'] as const;
export const chatUpdateSchema = z.object({
  chat: chatSchema,
  type: z.enum(CHAT_UPDATE_TYPES, { error: MSG.invalidChatUpdate }),
});
export type ChatUpdatePayload = z.infer<typeof chatUpdateSchema>;

export const messageUpdateSchema = z.object({ msg: messageSchema });
export type MessageUpdatePayload = z.infer<typeof messageUpdateSchema>;

const trimmed = (schema: z.ZodString) => z.preprocess((v) => (typeof v === 'string' ? v.trim() : ''), schema);

export const messageTextSchema = textField({ empty: MSG.messageEmpty, max: MESSAGE_MAX, tooLong: MSG.messageTooLong });
const participantSchema = trimmed(noNul().min(1, MSG.selectUser).max(USERNAME_MAX, MSG.selectUser));
/** The spec client names the author; the session decides, so another name is refused (403). */
const msgFromSchema = z.string({ error: MSG.notAllowed }).trim().optional();

/** The global room's form (and the body of its action). */
export const roomMessageFormSchema = z.object({ msg: messageTextSchema });

/** The direct-message form: a message needs text and a selected chat (SPEC §5). */
export const chatMessageFormSchema = z.object({
  chatId: z
    .unknown()
    .refine((v) => idSchema.safeParse(v).success, MSG.messageEmpty)
    .transform(Number),
  msg: messageTextSchema,
});

/** The "Start a Chat" panel: one other user. */
export const startChatFormSchema = z.object({ username: participantSchema });

/** POST /messaging/addMessage. msgDateTime is set by the server; the client's is ignored. */
export const addMessageBodySchema = z.object({
  messageToAdd: z.object({ msg: messageTextSchema, msgFrom: msgFromSchema }, { error: MSG.messageEmpty }),
});

/** POST /chat/{chatId}/addMessage. */
export const chatMessageBodySchema = z.object({ msg: messageTextSchema, msgFrom: msgFromSchema });

/** POST /chat/createChat: two distinct people (any letter case), optionally first messages. */
export const createChatBodySchema = z.object({
  participants: z
    .array(participantSchema, { error: MSG.selectUser })
    .transform((names) => names.filter((n, i) => names.findIndex((m) => m.toLowerCase() === n.toLowerCase()) === i))
    .refine((names) => names.length >= 2, MSG.selectUser)
    .refine((names) => names.length === 2, MSG.chatPairOnly),
  messages: z
    .array(chatMessageBodySchema, { error: MSG.messageEmpty })
    .max(CHAT_INITIAL_MESSAGES_MAX, MSG.chatTooManyMessages)
    .optional()
    .transform((v) => v ?? []),
});

/** `?before=<id>` pages back through older messages; `?after=<id>` catches up on newer ones. */
export const messagePageQuerySchema = z
  .object({ before: idSchema.optional(), after: idSchema.optional() })
  .refine((q) => !(q.before && q.after), MSG.invalidCursor)
  .transform((q) => ({
    before: q.before ? Number(q.before) : undefined,
    after: q.after ? Number(q.after) : undefined,
  }));
