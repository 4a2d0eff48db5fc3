/** Public surface of @fso/realtime. */
export * from './realtime-server.ts';
export * from './event-limit.ts';
export * from './chat.handlers.ts';
export * from './game.handlers.ts';
export * from './handshake.ts';
export * from './cluster.ts';
export * from './instance.ts';
