/** Live messaging events (SPEC §4, §7): messageUpdate, chatUpdate; joinChat/leaveChat. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ChatServerEvents {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ChatClientEvents {}
