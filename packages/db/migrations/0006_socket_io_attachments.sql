-- Split mode (docs/decisions/0008-split-mode.md): @socket.io/postgres-adapter 0.5 and its emitter
-- store messages too large for NOTIFY (over 8000 bytes) here and pass on the row id. The adapter
-- deletes rows older than 30 s itself. Created by a migration, not by servers racing at start.
CREATE TABLE IF NOT EXISTS "socket_io_attachments" (
	"id" bigserial UNIQUE,
	"created_at" timestamptz DEFAULT now(),
	"payload" bytea
);
