/** Live game events (SPEC §4, §7): gameUpdate, gameError; joinGame/leaveGame/makeMove. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface GameServerEvents {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface GameClientEvents {}
