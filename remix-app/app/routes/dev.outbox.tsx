/**
 * `/dev/outbox` — development without SMTP_URL (`npm start`'s default): the mails the site would
 * have sent, newest first, each with its headers, its plain-text part (links clickable) and its
 * HTML part's source. Answered only to this machine (loopback) and only while mail goes to the
 * outbox: reset links are in there. Anywhere else it does not exist (404).
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { outboxPage } from '@fso/core';
import { MAIL_MSG } from '@fso/shared';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { StandalonePage } from '~/components/StandalonePage.tsx';
import { pageOffset } from '~/services/http.server.ts';

const PAGE = 20;
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.config.mail.outbox || !LOOPBACK.test(context.clientIp)) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const offset = pageOffset(url, PAGE);
  const { mails, total } = await outboxPage(context.ports, { limit: PAGE, offset });
  return { mails, total, page: offset / PAGE + 1, pages: Math.max(1, Math.ceil(total / PAGE)) };
}

/** The text with its URLs as links. */
function Linked({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <pre className="outbox-text">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

export default function OutboxPage() {
  const { mails, total, page, pages } = useLoaderData<typeof loader>();
  return (
    <StandalonePage heading={MAIL_MSG.outboxHeading} wide>
      <p>{MAIL_MSG.outboxIntro}</p>
      <p className="muted">
        {total} {total === 1 ? 'mail' : 'mails'}
      </p>
      {mails.length === 0 ? <p>{MAIL_MSG.outboxEmpty}</p> : null}
      <ol className="outbox">
        {mails.map((mail) => (
          <li key={mail.id} className="outbox-mail">
            <h2>{mail.subject}</h2>
            <dl className="outbox-headers">
              <dt>To</dt>
              <dd>{mail.to}</dd>
              <dt>Date</dt>
              <dd>
                <time dateTime={mail.createdAt}>{mail.createdAt.replace('T', ' ').slice(0, 19)} UTC</time>
              </dd>
              {Object.entries(mail.headers).map(([name, value]) => (
                <div key={name} className="outbox-header">
                  <dt>{name}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            <Linked text={mail.text} />
            <details>
              <summary>HTML part</summary>
              <pre className="outbox-text">{mail.html}</pre>
            </details>
          </li>
        ))}
      </ol>
      {pages > 1 ? (
        <nav className="pager" aria-label="Outbox pages">
          {page > 1 ? <Link to={`?page=${page - 1}`}>Newer</Link> : null}{' '}
          <span className="muted">
            Page {page} of {pages}
          </span>{' '}
          {page < pages ? <Link to={`?page=${page + 1}`}>Older</Link> : null}
        </nav>
      ) : null}
    </StandalonePage>
  );
}

export const meta: MetaFunction = () => [
  { title: 'Outbox — Fake Stack Overflow' },
  { name: 'robots', content: 'noindex' },
];

export const ErrorBoundary = routeErrorBoundary({ standalone: true });
