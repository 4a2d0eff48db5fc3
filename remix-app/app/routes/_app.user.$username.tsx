/**
 * `/user/:username` — a profile (SPEC §2, §8): biography with Edit/Save/Cancel, date joined,
 * and for the owner a Danger Zone (Reset Password; Delete This User behind a confirmation).
 * Edit mode and the confirmation are URL states (?edit, ?confirm), so everything works
 * without JavaScript too. Also the user's reputation and their questions and answers with
 * scores, newest first, each list paged by its own parameter (?qpage, ?apage). The owner also
 * sees their email address and mail settings (components/mail/MailSection.tsx). A suspension in
 * force is shown; moderators suspend and lift from here (components/moderation/SuspendForm.tsx).
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import {
  deleteAccount,
  mailPreferencesOf,
  resetPassword,
  setRole,
  suspendUser,
  updateBiography,
  userActivity,
  userProfile,
} from '@fso/core';
import { mathTitles } from '@fso/markdown';
import {
  answerHref,
  calendarDate,
  counted,
  isModeratorRole,
  memberFor,
  MSG,
  parseWith,
  resetPasswordSchema,
  setRoleSchema,
  suspendedMessage,
  suspensionDate,
  suspendUserSchema,
  updateBiographySchema,
} from '@fso/shared';
import { replyError, replyMessage, type ActionReply } from '~/components/action-reply.ts';
import { Avatar } from '~/components/Avatar.tsx';
import { MathTitle } from '~/components/MathText.tsx';
import { CancelLink, ConfirmDialog } from '~/components/ConfirmDialog.tsx';
import { MailSection } from '~/components/mail/MailSection.tsx';
import { ModDiamond } from '~/components/ModDiamond.tsx';
import { RoleForm, roleLabel } from '~/components/moderation/RoleForm.tsx';
import { SuspendForm } from '~/components/moderation/SuspendForm.tsx';
import { FormError, FormSuccess } from '~/components/FormError.tsx';
import { PasswordFields } from '~/components/PasswordField.tsx';
import { routeErrorBoundary } from '~/components/RouteError.tsx';
import { statusOf } from '~/services/respond.server.ts';
import { refused, replied } from '~/services/actions.server.ts';
import { formFields } from '~/services/forms.server.ts';
import { mailFormAction } from '~/services/mail-forms.server.ts';
import { callerOf, clearSessionCookie, getSessionUser, requirePageUser } from '~/services/session.server.ts';

const ACTIVITY_PAGE = 10;

/** `?qpage=` / `?apage=` as a 1-based page number. */
function pageParam(url: URL, name: string): number {
  const n = Number(url.searchParams.get(name) ?? 1);
  return Number.isInteger(n) && n > 1 ? Math.min(n, 10_000) : 1;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const qpage = pageParam(url, 'qpage');
  const apage = pageParam(url, 'apage');
  const username = params.username ?? '';
  const [found, viewer, activity] = await Promise.all([
    userProfile(context.ports, { username }),
    getSessionUser(request, context),
    userActivity(context.ports, {
      username,
      limit: ACTIVITY_PAGE,
      questionOffset: (qpage - 1) * ACTIVITY_PAGE,
      answerOffset: (apage - 1) * ACTIVITY_PAGE,
    }),
  ]);
  if (!found.ok || !activity.ok) throw data({ missing: true }, { status: 404 });
  const pages = (total: number) => Math.max(1, Math.ceil(total / ACTIVITY_PAGE));
  const { user, id } = found.value;
  const isOwner = viewer?.userId === id;
  const mail = isOwner ? await mailPreferencesOf(context.ports, callerOf(context, viewer)) : null;
  return {
    user,
    activity: activity.value,
    // The activity lists' titles with TeX, rendered as math (issue 42 item 3).
    activityMath: mathTitles([...activity.value.questions.items, ...activity.value.answers.items].map((p) => p.title)),
    qpage,
    apage,
    qpages: pages(activity.value.questions.total),
    apages: pages(activity.value.answers.total),
    isOwner,
    // An admin changes others' roles (never their own: core refuses it too).
    mayChangeRole: viewer?.role === 'admin' && !isOwner,
    // A moderator suspends others (admins only by an admin: core refuses the rest too).
    maySuspend: isModeratorRole(viewer?.role) && !isOwner && (user.role !== 'admin' || viewer?.role === 'admin'),
    mail: mail?.ok ? mail.value : null,
    now: Date.now(),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requirePageUser(request, context);
  const fields = await formFields(request);
  const username = params.username ?? '';

  switch (fields.intent) {
    case 'bio': {
      const parsed = parseWith(updateBiographySchema, { username, biography: fields.biography ?? '' });
      if (!parsed.ok) return refused('bio', `${MSG.bioFailed} ${parsed.message}`);
      const outcome = await updateBiography(context.ports, callerOf(context, actor), {
        username,
        biography: parsed.value.biography,
      });
      return outcome.ok
        ? redirect(`/user/${encodeURIComponent(username)}?saved=bio`)
        : refused('bio', MSG.bioFailed, statusOf(outcome));
    }
    case 'reset': {
      const parsed = parseWith(resetPasswordSchema, {
        username,
        password: fields.password ?? '',
        confirmPassword: fields.confirmPassword ?? '',
        currentPassword: fields.currentPassword,
      });
      if (!parsed.ok) return refused('reset', parsed.message);
      const { password, currentPassword } = parsed.value;
      const outcome = await resetPassword(context.ports, callerOf(context, actor), {
        username,
        password,
        currentPassword,
      });
      if (outcome.ok) return replied('reset', MSG.resetOk);
      // Why it failed when the owner can act on it (the current password); else the screen's own text.
      const why = outcome.kind === 'forbidden' || outcome.kind === 'tooMany' ? ` ${outcome.message}` : '';
      return refused('reset', `${MSG.resetFailed}${why}`, statusOf(outcome));
    }
    case 'role': {
      const parsed = parseWith(setRoleSchema, { username, role: fields.role });
      if (!parsed.ok) return refused('role', parsed.message);
      const outcome = await setRole(context.ports, callerOf(context, actor), parsed.value);
      return outcome.ok
        ? redirect(`/user/${encodeURIComponent(username)}?saved=role`)
        : refused('role', outcome.message, statusOf(outcome));
    }
    case 'suspend': {
      const parsed = parseWith(suspendUserSchema, { username, days: fields.days, reason: fields.reason });
      if (!parsed.ok) return refused('suspend', parsed.message);
      const outcome = await suspendUser(context.ports, callerOf(context, actor), parsed.value);
      return outcome.ok
        ? redirect(`/user/${encodeURIComponent(username)}?saved=suspension`)
        : refused('suspend', outcome.message, statusOf(outcome));
    }
    case 'delete': {
      const outcome = await deleteAccount(context.ports, callerOf(context, actor), { username });
      if (!outcome.ok) return refused('delete', MSG.deleteFailed, statusOf(outcome));
      return redirect(`/?deleted=${encodeURIComponent(outcome.value.username)}`, {
        headers: { 'Set-Cookie': clearSessionCookie(context) },
      });
    }
    default:
      return (await mailFormAction(context, actor, username, fields)) ?? refused('unknown', 'Unknown action.');
  }
}

export default function ProfilePage() {
  const { user, activity, activityMath, qpage, apage, qpages, apages, isOwner, mayChangeRole, maySuspend, mail, now } =
    useLoaderData<typeof loader>();
  const result = useActionData<ActionReply>();
  const [params] = useSearchParams();
  const busy = useNavigation().state !== 'idle';
  const editing = isOwner && params.has('edit');
  const confirming = isOwner && params.get('confirm') === 'delete';
  const message = (form: string) => (
    <>
      <FormSuccess message={replyMessage(result, form)} />
      <FormError message={replyError(result, form)} />
    </>
  );

  return (
    <section className="profile-page">
      <h1 className="profile-name">
        <Avatar username={user.username} size={64} />
        {user.username}
        {isModeratorRole(user.role) ? <ModDiamond /> : null}
      </h1>
      <p className="muted">
        Date joined: {calendarDate(new Date(user.dateJoined))} ({memberFor(new Date(user.dateJoined), new Date(now))})
      </p>
      {isModeratorRole(user.role) ? <p className="role-line">{roleLabel(user.role)}</p> : null}
      {mayChangeRole ? <RoleForm role={user.role ?? 'user'} busy={busy} /> : null}
      {params.get('saved') === 'role' ? <FormSuccess message={`Role: ${roleLabel(user.role)}.`} /> : null}
      {message('role')}
      {user.suspension ? (
        <p className="profile-suspension" data-testid="profile-suspension">
          {isOwner
            ? suspendedMessage(new Date(user.suspension.until), user.suspension.reason)
            : `Suspended until ${suspensionDate(new Date(user.suspension.until))}: ${user.suspension.reason}`}
        </p>
      ) : null}
      {maySuspend ? <SuspendForm suspension={user.suspension} busy={busy} /> : null}
      {params.get('saved') === 'suspension' ? (
        <FormSuccess message={user.suspension ? 'Suspended.' : 'Not suspended.'} />
      ) : null}
      {message('suspend')}
      <p className="profile-reputation">
        Reputation: <strong id="reputation">{activity.reputation}</strong>
      </p>
      <h2>Biography</h2>
      {editing ? (
        <Form method="post" className="stack" replace>
          <input type="hidden" name="intent" value="bio" />
          <label className="field">
            <span>Biography</span>
            <textarea name="biography" defaultValue={user.biography} rows={4} autoFocus />
          </label>
          <div className="row">
            <button type="submit" className="primary" disabled={busy}>
              Save
            </button>
            <Link to="." replace className="button">
              Cancel
            </Link>
          </div>
        </Form>
      ) : (
        <div className="row">
          <p className="biography">{user.biography || 'No biography yet.'}</p>
          {isOwner ? (
            <Link to="?edit" className="button">
              Edit
            </Link>
          ) : null}
        </div>
      )}
      {params.get('saved') === 'bio' && !editing ? <FormSuccess message={MSG.bioOk} /> : null}
      {message('bio')}

      <section className="activity" aria-labelledby="questions-heading">
        <h2 id="questions-heading">{counted(activity.questions.total, 'Question')}</h2>
        <ul className="activity-list">
          {activity.questions.items.map((q) => (
            <li key={q._id}>
              <span className="activity-score" title="score">
                {q.score}
              </span>{' '}
              <Link to={`/question/${q._id}`}>
                <MathTitle text={q.title} math={activityMath} />
              </Link>{' '}
              <span
                className={
                  q.accepted ? 'answers-stat accepted' : q.answerCount > 0 ? 'answers-stat answered' : 'answers-stat'
                }
              >
                {counted(q.answerCount, 'answer')}
              </span>
            </li>
          ))}
        </ul>
        <ActivityPager name="qpage" page={qpage} pages={qpages} />
      </section>
      <section className="activity" aria-labelledby="answers-heading">
        <h2 id="answers-heading">{counted(activity.answers.total, 'Answer')}</h2>
        <ul className="activity-list">
          {activity.answers.items.map((a) => (
            <li key={a._id}>
              <span
                className={a.accepted ? 'activity-score accepted' : 'activity-score'}
                title={a.accepted ? 'score (accepted answer)' : 'score'}
              >
                {a.score}
              </span>{' '}
              {a.accepted ? <span aria-label="accepted">✓ </span> : null}
              <Link to={answerHref(a.qid, a._id)}>
                <MathTitle text={a.title} math={activityMath} />
              </Link>
            </li>
          ))}
        </ul>
        <ActivityPager name="apage" page={apage} pages={apages} />
      </section>

      {mail ? <MailSection mail={mail} /> : null}

      {isOwner ? (
        <section className="danger-zone" aria-labelledby="danger-heading">
          <h2 id="danger-heading">Danger Zone</h2>
          <Form method="post" className="stack" noValidate>
            <input type="hidden" name="intent" value="reset" />
            <PasswordFields
              fields={[
                { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
                { name: 'password', label: 'New Password', autoComplete: 'new-password' },
                { name: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
              ]}
            />
            <button type="submit" disabled={busy}>
              Reset Password
            </button>
          </Form>
          {message('reset')}
          <Link to="?confirm=delete" className="button danger">
            Delete This User
          </Link>
          {message('delete')}
        </section>
      ) : null}

      {confirming ? (
        <ConfirmDialog labelledBy="confirm-heading" cancelTo=".">
          <h2 id="confirm-heading">Delete {user.username}?</h2>
          <p>
            This deletes the account and signs it out everywhere. Questions and answers stay, shown as by a deleted
            user.
          </p>
          <Form method="post" className="row">
            <input type="hidden" name="intent" value="delete" />
            <button type="submit" className="danger" disabled={busy}>
              Confirm
            </button>
            <CancelLink to=".">Cancel</CancelLink>
          </Form>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** Previous/next links for one activity list, keeping the other list's page. */
function ActivityPager({ name, page, pages }: { name: string; page: number; pages: number }) {
  const [params] = useSearchParams();
  if (pages <= 1) return null;
  const to = (n: number) => {
    const next = new URLSearchParams(params);
    next.set(name, String(n));
    return `?${next}`;
  };
  return (
    <nav className="pager" aria-label={name === 'qpage' ? 'Question pages' : 'Answer pages'}>
      {page > 1 ? <Link to={to(page - 1)}>Previous</Link> : null}{' '}
      <span className="muted">
        Page {page} of {pages}
      </span>{' '}
      {page < pages ? <Link to={to(page + 1)}>Next</Link> : null}
    </nav>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d ? `${d.user.username} — Fake Stack Overflow` : 'User not found — Fake Stack Overflow' },
  { name: 'description', content: d?.user.biography || 'A member of Fake Stack Overflow.' },
];

export const ErrorBoundary = routeErrorBoundary({
  missing: MSG.noUserData,
  failed: MSG.profileFetchError,
  back: { to: '/users', label: 'Back to the users' },
});
