/**
 * The e2e server's SMTP server (scripts/e2e-server.mjs starts it beside the site): a real SMTP
 * server on loopback (packages/platform/test/smtp-sink.ts) on E2E_SMTP_PORT that writes every
 * mail it accepts, as JSON, into E2E_MAIL_DIR, where the browser tests read it
 * (tests/e2e/mailbox.ts). Prints "ready" once it listens.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSmtpSink } from '../packages/platform/test/smtp-sink.ts';

const dir = process.env.E2E_MAIL_DIR!;
mkdirSync(dir, { recursive: true });
let n = 0;
const sink = await startSmtpSink({
  port: Number(process.env.E2E_SMTP_PORT),
  onMail: (mail) => writeFileSync(join(dir, `${Date.now()}-${process.pid}-${++n}.json`), JSON.stringify(mail)),
});
console.log('ready');
const stop = () => void sink.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
