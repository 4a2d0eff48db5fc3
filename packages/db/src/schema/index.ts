/** The one schema, used by drizzle-kit to generate migrations and by every query. */
export * from './users.ts';
export * from './qa.ts';
export * from './chat.ts';
export * from './games.ts';
export * from './semantic.ts';
export * from './notifications.ts';
export * from './moderation.ts';
