/** Public surface of @fso/shared: messages, schemas, entity and event types. */
export * from './messages.ts';
export * from './user.schemas.ts';
export * from './qa.schemas.ts';
export * from './chat.schemas.ts';
export * from './validate.ts';
export * from './entities.ts';
export * from './socket-events.ts';
export * from './qa-events.ts';
export * from './chat-events.ts';
export * from './game-events.ts';
export * from './game.ts';
export * from './time.ts';
export * from './counted.ts';
export * from './theme.schemas.ts';
