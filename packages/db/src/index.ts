/** Public surface of @fso/db: connection, migrations, schema and queries. */
export * from './client.ts';
export * from './migrate.ts';
export * from './availability.ts';
export * as schema from './schema/index.ts';
export * from './queries/users.ts';
export * from './queries/sessions.ts';
export * from './queries/identities.ts';
export * from './queries/rate-limits.ts';
export * from './session-cookie.ts';
export * from './queries/question-read.ts';
export * from './queries/question-write.ts';
export * from './queries/post-html.ts';
export * from './queries/tags.ts';
export * from './queries/messages.ts';
export * from './queries/chats.ts';
export * from './queries/games.ts';
export * from './queries/embeddings.ts';
export * from './queries/notifications.ts';
