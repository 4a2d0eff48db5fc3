/**
 * The development outbox (no SMTP_URL outside production): mails are kept in the database
 * instead of being sent, and the `/dev/outbox` page lists them, newest first.
 */
import * as db from '@fso/db';
import type { Ports } from '../ports.ts';

export const keepInOutbox = (ports: Pick<Ports, 'db'>, mail: Omit<db.OutboxMail, 'id' | 'createdAt'>) =>
  db.insertOutboxMail(ports.db, mail);

export const outboxPage = (ports: Pick<Ports, 'db'>, page: { limit: number; offset: number }) =>
  db.listOutbox(ports.db, page);
