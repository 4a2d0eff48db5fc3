/**
 * The login and sign-up form (SPEC §2): same fields and messages with or without JavaScript.
 * With JavaScript the same zod schema checks the fields before anything is sent.
 */
import { Form, Link, useActionData, useNavigation, useSearchParams } from '@remix-run/react';
import { useState, type FormEvent } from 'react';
import { loginSchema, MAIL_MSG, MSG, parseWith, signupSchema } from '@fso/shared';
import { replyError, type ActionReply } from './action-reply.ts';
import { ExternalSignIn, type ProviderButtonState } from './ExternalSignIn.tsx';
import { FormError, FormSuccess } from './FormError.tsx';
import { PasswordFields } from './PasswordField.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

export type AuthMode = 'login' | 'signup';

export function AuthForm({
  mode,
  providers,
  notice,
  error,
  username,
}: {
  mode: AuthMode;
  providers: ProviderButtonState[];
  notice?: string | null;
  /** A failure that brought the visitor back here (a failed login, an external sign-in). */
  error?: string | null;
  /** The username a failed login was tried with. */
  username?: string;
}) {
  const result = useActionData<ActionReply>();
  const [clientError, setClientError] = useState<string | null>(null);
  const [params] = useSearchParams();
  const busy = useNavigation().state !== 'idle';
  const schema = mode === 'login' ? loginSchema : signupSchema;

  function check(event: FormEvent<HTMLFormElement>) {
    const parsed = parseWith(schema, Object.fromEntries(new FormData(event.currentTarget)));
    setClientError(parsed.ok ? null : parsed.message);
    if (!parsed.ok) event.preventDefault();
  }

  const passwordFields =
    mode === 'login'
      ? [{ name: 'password', label: 'Password', autoComplete: 'current-password' }]
      : [
          { name: 'password', label: 'Password', autoComplete: 'new-password' },
          { name: 'confirmPassword', label: 'Confirm Password', autoComplete: 'new-password' },
        ];
  return (
    <main className="auth-page">
      <ThemeToggle />
      <h1>{mode === 'login' ? 'Welcome to FakeStackOverflow!' : 'Sign up for FakeStackOverflow!'}</h1>
      <FormSuccess message={notice} />
      <Form method="post" className="auth-form" onSubmit={check} noValidate>
        <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? ''} />
        <label className="field">
          <span>Username</span>
          <input name="username" autoComplete="username" defaultValue={username} autoFocus />
        </label>
        <PasswordFields fields={passwordFields} />
        <FormError message={clientError ?? replyError(result, mode) ?? error} />
        <button type="submit" className="primary" disabled={busy}>
          Submit
        </button>
      </Form>
      <ExternalSignIn
        verb={mode === 'login' ? 'Sign in' : 'Sign up'}
        providers={providers}
        redirectTo={params.get('redirectTo')}
      />
      {mode === 'login' ? (
        <p>
          <Link to="/forgot-password">{MAIL_MSG.forgotLink}</Link>
          <br />
          Don&apos;t have an account? <Link to="/signup">Sign up here</Link>
        </p>
      ) : (
        <p>
          Have an account? <Link to="/">Login here</Link>
        </p>
      )}
    </main>
  );
}

/** The message a failed server call shows (SPEC §8): the prefix, then the server's text. */
export const authFailure = (mode: AuthMode, reason: string) =>
  `${mode === 'login' ? MSG.loginError : MSG.signupError}: ${reason}`;
