import { PasswordSignInForm, type PasswordSignInResult } from "./password-sign-in-form.tsx";
import { SIGN_IN_FAILED, SignInOptions } from "./sign-in-options.tsx";

/**
 * The sign-in page: where the header's Sign In leads without JavaScript, and where a failed provider callback lands.
 * The providers first (spec 01 §2), then e-mail and password (decision 0076).
 */
export function SignInPage({
  returnTo,
  failed,
  hint,
  notice,
  result,
}: {
  returnTo: string;
  failed: boolean;
  hint: string | null;
  notice?: string | null;
  result?: PasswordSignInResult;
}) {
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-2xl font-semibold tracking-tight">Sign in to Introbase</h1>
      <p className="mt-2 text-sm text-fg-muted">Members see more of the directory, depending on their plan.</p>
      {notice ? (
        <p role="status" className="mt-4 rounded-md border border-accent/40 bg-accent/10 px-3 py-2 text-sm">
          {notice}
        </p>
      ) : null}
      <div className="mt-6">
        <SignInOptions returnTo={returnTo} error={failed ? [SIGN_IN_FAILED, hint].filter(Boolean).join(" ") : null} />
      </div>
      <OrDivider />
      <PasswordSignInForm returnTo={returnTo} pageResult={result} />
    </div>
  );
}

export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-xs text-fg-muted" aria-hidden="true">
      <span className="h-px flex-1 bg-border" />
      or with your e-mail address
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
