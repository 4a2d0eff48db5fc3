/**
 * The mails, one template per kind: each builds a list of blocks (paragraphs, a quote, a
 * button, a list of links), and two renderers turn the same blocks into the plain-text and the
 * HTML part, so the parts always say the same thing. Links are absolute, on the site's ORIGIN;
 * every mail but the two a person asks for themselves (reset, confirm) carries its unsubscribe
 * link, also as RFC 8058 `List-Unsubscribe` / `List-Unsubscribe-Post` headers.
 */
import { MAIL_TEXT, notificationLink, type DigestCadence, type NotificationKind } from '@fso/shared';

export type Block =
  | { p: string }
  | { quote: string }
  | { button: string; href: string }
  | { heading: string }
  | { links: { text: string; href: string; meta?: string }[] };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** Where links point and what the mail is signed with. */
export interface MailSite {
  name: string;
  /** The site's public origin, without a trailing slash. */
  origin: string;
}

/** A mail's recipient and, for mail they did not ask for, how they stop it. */
export interface MailFooter {
  username: string;
  /** Why they get it ("answers and comments on what I follow"); with its unsubscribe path. */
  subscription?: { what: string; unsubscribePath: string };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function blockText(block: Block): string {
  if ('p' in block) return block.p;
  if ('quote' in block) return block.quote.replace(/^/gm, '> ');
  if ('button' in block) return `${block.button}: ${block.href}`;
  if ('heading' in block) return `${block.heading}\n${'-'.repeat(block.heading.length)}`;
  return block.links.map((l) => `* ${l.text}${l.meta ? ` (${l.meta})` : ''}\n  ${l.href}`).join('\n');
}

const FONT =
  'font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#232629';

function blockHtml(block: Block): string {
  if ('p' in block) return `<p style="margin:0 0 16px">${escapeHtml(block.p)}</p>`;
  if ('quote' in block)
    return `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:4px solid #c8ccd0;background:#f8f9f9">${escapeHtml(block.quote)}</blockquote>`;
  if ('button' in block)
    return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.href)}" style="display:inline-block;padding:10px 16px;background:#0a66c2;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(block.button)}</a></p>`;
  if ('heading' in block) return `<h2 style="margin:24px 0 8px;font-size:17px">${escapeHtml(block.heading)}</h2>`;
  const items = block.links
    .map(
      (l) =>
        `<li style="margin:0 0 8px"><a href="${escapeHtml(l.href)}" style="color:#0a66c2">${escapeHtml(l.text)}</a>${l.meta ? `<br><span style="color:#6a737c;font-size:13px">${escapeHtml(l.meta)}</span>` : ''}</li>`,
    )
    .join('');
  return `<ul style="margin:0 0 16px;padding-left:20px">${items}</ul>`;
}

/** Lays out a mail: its blocks, then the footer (why, unsubscribe, settings), as text and HTML with headers. */
export function layout(site: MailSite, subject: string, blocks: Block[], footer: MailFooter): RenderedMail {
  const settingsUrl = `${site.origin}/user/${encodeURIComponent(footer.username)}#mail-settings`;
  const sub = footer.subscription;
  const unsubscribeUrl = sub ? `${site.origin}${sub.unsubscribePath}` : null;
  const why = sub ? MAIL_TEXT.footerWhy(footer.username, sub.what) : MAIL_TEXT.footerAccount(footer.username);
  const footerText = [
    '-- ',
    `${site.name} · ${site.origin}`,
    why,
    ...(unsubscribeUrl ? [`${MAIL_TEXT.footerUnsubscribe}: ${unsubscribeUrl}`] : []),
    `${MAIL_TEXT.footerSettings}: ${settingsUrl}`,
  ].join('\n');
  const link = (href: string, text: string) =>
    `<a href="${escapeHtml(href)}" style="color:#6a737c">${escapeHtml(text)}</a>`;
  const footerHtml = `<p style="margin:24px 0 0;padding-top:12px;border-top:1px solid #d6d9dc;color:#6a737c;font-size:13px">${link(site.origin, site.name)}<br>${escapeHtml(why)}<br>${unsubscribeUrl ? `${link(unsubscribeUrl, MAIL_TEXT.footerUnsubscribe)} · ` : ''}${link(settingsUrl, MAIL_TEXT.footerSettings)}</p>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head><body style="margin:0;padding:16px;background:#ffffff"><div style="max-width:600px;margin:0 auto;${FONT}">${blocks.map(blockHtml).join('')}${footerHtml}</div></body></html>`;
  const headers: Record<string, string> = unsubscribeUrl
    ? { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : {};
  return { subject, text: `${blocks.map(blockText).join('\n\n')}\n\n${footerText}\n`, html, headers };
}

export const resetMail = (site: MailSite, username: string, token: string) =>
  layout(
    site,
    MAIL_TEXT.resetSubject(site.name),
    [
      { p: MAIL_TEXT.resetIntro(username) },
      { button: MAIL_TEXT.resetButton, href: `${site.origin}/reset-password/${token}` },
      { p: MAIL_TEXT.resetIgnore },
    ],
    { username },
  );

export const confirmMail = (site: MailSite, username: string, email: string, token: string) =>
  layout(
    site,
    MAIL_TEXT.confirmSubject(site.name),
    [
      { p: MAIL_TEXT.confirmIntro(username, email) },
      { button: MAIL_TEXT.confirmButton, href: `${site.origin}/confirm-email/${token}` },
      { p: MAIL_TEXT.confirmIgnore },
    ],
    { username },
  );

/** A notification as the mail (and a digest's line) tells it. */
export interface NotificationItem {
  kind: NotificationKind;
  actor: string | null;
  title: string | null;
  excerpt: string;
  questionId: number | null;
  answerId: number | null;
  chatId: number | null;
}

const notificationUrl = (site: MailSite, n: NotificationItem) =>
  `${site.origin}${notificationLink({
    qid: n.questionId === null ? null : String(n.questionId),
    aid: n.answerId === null ? null : String(n.answerId),
    chatId: n.chatId === null ? null : String(n.chatId),
  })}`;

function notificationWords(n: NotificationItem): { subject: string; intro: string } {
  const actor = n.actor ?? MAIL_TEXT.someone;
  switch (n.kind) {
    case 'answer':
      return { subject: MAIL_TEXT.answerSubject(n.title), intro: MAIL_TEXT.answerIntro(actor) };
    case 'comment':
      return { subject: MAIL_TEXT.commentSubject(n.title), intro: MAIL_TEXT.commentIntro(actor) };
    case 'mention':
      return { subject: MAIL_TEXT.mentionSubject(actor, n.title), intro: MAIL_TEXT.mentionIntro(actor) };
    case 'accepted':
      return { subject: MAIL_TEXT.acceptedSubject(n.title), intro: MAIL_TEXT.acceptedIntro(actor) };
    case 'message':
      return { subject: MAIL_TEXT.messageSubject(actor), intro: MAIL_TEXT.messageIntro(actor) };
    case 'moderation':
      return { subject: MAIL_TEXT.moderationSubject(n.title), intro: MAIL_TEXT.moderationIntro(actor) };
  }
}

export function notificationMail(site: MailSite, n: NotificationItem, footer: MailFooter): RenderedMail {
  const words = notificationWords(n);
  const blocks: Block[] = [{ p: words.intro }];
  if (n.excerpt) blocks.push({ quote: n.excerpt });
  const button = n.kind === 'message' ? MAIL_TEXT.replyButton : MAIL_TEXT.openButton;
  blocks.push({ button, href: notificationUrl(site, n) });
  return layout(site, words.subject, blocks, footer);
}

/** A question as a mail lists it. */
export interface QuestionItem {
  id: number;
  title: string;
  lead: string;
  tags: string[];
  askedBy: string | null;
  score: number;
  answerCount: number;
}

const questionUrl = (site: MailSite, q: QuestionItem) => `${site.origin}/question/${q.id}`;

export function watchedQuestionMail(site: MailSite, q: QuestionItem, footer: MailFooter): RenderedMail {
  const lead = q.lead.replace(/\s+/g, ' ').trim();
  return layout(
    site,
    MAIL_TEXT.watchedSubject(q.tags, q.title),
    [
      { p: MAIL_TEXT.watchedIntro(q.askedBy ?? MAIL_TEXT.someone) },
      { quote: `${q.title}\n\n${lead.length > 200 ? `${lead.slice(0, 199)}…` : lead}` },
      { button: MAIL_TEXT.openButton, href: questionUrl(site, q) },
    ],
    footer,
  );
}

export function digestMail(
  site: MailSite,
  cadence: DigestCadence,
  content: { notifications: NotificationItem[]; questions: QuestionItem[] },
  footer: MailFooter,
): RenderedMail {
  const blocks: Block[] = [{ p: MAIL_TEXT.digestIntro(cadence) }];
  if (content.notifications.length > 0) {
    blocks.push({ heading: MAIL_TEXT.digestActivity });
    blocks.push({
      links: content.notifications.map((n) => {
        const words = notificationWords(n);
        return { text: words.subject, href: notificationUrl(site, n), meta: n.excerpt || undefined };
      }),
    });
  }
  if (content.questions.length > 0) {
    blocks.push({ heading: MAIL_TEXT.digestQuestions });
    blocks.push({
      links: content.questions.map((q) => ({
        text: q.title,
        href: questionUrl(site, q),
        meta: MAIL_TEXT.digestQuestionMeta(q.score, q.answerCount, q.tags),
      })),
    });
  }
  return layout(site, MAIL_TEXT.digestSubject(cadence, site.name), blocks, footer);
}
