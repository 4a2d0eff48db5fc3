/** Live messaging events (SPEC §4, §7): messageUpdate, chatUpdate; joinChat/leaveChat. */
import type { AckCallback } from './ack.ts';
import type { ChatUpdatePayload, MessageUpdatePayload } from './chat.schemas.ts';

export interface ChatServerEvents {
  /** A message in the global room, to every signed-in socket. */
  messageUpdate: (payload: MessageUpdatePayload) => void;
  /**
   * Only to the chat's participants. `newMessage`: the chat with its participants and its latest
   * messages (CHAT_LATEST_MESSAGES at most, oldest first), so a client may replace its chat with it.
   */
  chatUpdate: (payload: ChatUpdatePayload) => void;
}

export interface ChatClientEvents {
  /** Enter `chat:<id>`; refused unless the socket's user takes part in the chat. */
  joinChat: (chatId: string, ack?: AckCallback) => void;
  leaveChat: (chatId: string, ack?: AckCallback) => void;
}
