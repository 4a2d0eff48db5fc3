/** The mails the e2e server's SMTP server received (scripts/e2e-mail-sink.ts writes each into E2E_MAIL_DIR). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import type { SinkMail } from '../../packages/platform/test/smtp-sink.ts';

function received(): SinkMail[] {
  const dir = process.env.E2E_MAIL_DIR!;
  let names: string[] = [];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as SinkMail);
}

/** The newest mail to `address` whose subject contains `subject`, waiting for it to arrive. */
export async function mailTo(address: string, subject: string): Promise<SinkMail> {
  let found: SinkMail | undefined;
  await expect
    .poll(
      () => {
        found = received()
          .filter((m) => m.to === address && m.subject.includes(subject))
          .at(-1);
        return Boolean(found);
      },
      { timeout: 20_000, message: `a mail to ${address} about "${subject}"` },
    )
    .toBe(true);
  return found!;
}

/** How many mails `address` has received. */
export const mailCount = (address: string) => received().filter((m) => m.to === address).length;

/** The first link in the mail's text whose path starts with `path`. */
export function linkIn(mail: SinkMail, path: string): string {
  const url = mail.text.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname.startsWith(path));
  if (!url) throw new Error(`no ${path} link in "${mail.subject}"`);
  return url;
}
