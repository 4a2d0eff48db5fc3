/**
 * "Sign in with GitHub / Google" buttons (SPEC §2). Each is a plain HTML form posting to
 * /auth/:provider, so it works without JavaScript, carrying the page to return to; a provider
 * the site has not enabled shows a disabled button with that said in plain words under it.
 */
export interface ProviderButtonState {
  id: string;
  label: string;
  /** Why the button is off; null when the provider is configured. */
  offReason: string | null;
}

export function ExternalSignIn({
  verb,
  providers,
  redirectTo,
}: {
  verb: 'Sign in' | 'Sign up';
  providers: ProviderButtonState[];
  redirectTo: string | null;
}) {
  return (
    <div className="external-sign-in">
      {providers.map((p) =>
        p.offReason === null ? (
          <form key={p.id} method="post" action={`/auth/${p.id}`}>
            {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
            <button type="submit">
              {verb} with {p.label}
            </button>
          </form>
        ) : (
          <div key={p.id} className="oauth-off">
            <button type="button" disabled aria-describedby={`oauth-off-${p.id}`}>
              {verb} with {p.label}
            </button>
            <p id={`oauth-off-${p.id}`} className="muted">
              {p.offReason}
            </p>
          </div>
        ),
      )}
    </div>
  );
}
