import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import { MAX_PASSWORD } from "~/lib/password-rules.ts";
import type { PasswordSignInField } from "./account-forms.ts";

export type PasswordSignInResult = FormResult<PasswordSignInField>;

/** Where the form posts: the sign-in page's action, which comes back to `returnTo` once signed in. */
function signInAction(returnTo: string): string {
  return `/sign-in?${new URLSearchParams({ returnTo })}`;
}

/**
 * E-mail and password, beside the providers (decision 0076). A plain form posting to /sign-in: without JavaScript the
 * page answers with the messages beside the fields; with it, a fetcher keeps the answer in the dialog, and a passed
 * sign-in goes on to `returnTo` (the action's redirect). The address typed stays; the password never comes back.
 */
export function PasswordSignInForm({ returnTo, pageResult }: { returnTo: string; pageResult?: PasswordSignInResult }) {
  const fetcher = useFetcher<PasswordSignInResult>();
  const result = fetcher.data ?? pageResult;
  const busy = fetcher.state !== "idle";
  const formError = result && !result.ok && !result.errors?.email && !result.errors?.password ? result.message : undefined;
  return (
    <fetcher.Form method="post" action={signInAction(returnTo)} className="grid gap-3" noValidate>
      {formError ? (
        <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {formError}
        </p>
      ) : null}
      <FormField label="Email" error={result?.errors?.email}>
        {(p) => (
          <input
            {...p}
            type="email"
            name="email"
            autoComplete="username"
            required
            maxLength={254}
            defaultValue={result?.values?.email ?? ""}
          />
        )}
      </FormField>
      <FormField
        label="Password"
        error={result?.errors?.password}
        note={
          <Link to="/forgot-password" className="text-sm text-accent underline">
            Forgot password?
          </Link>
        }
      >
        {(p) => <input {...p} type="password" name="password" autoComplete="current-password" required maxLength={MAX_PASSWORD} />}
      </FormField>
      <Button type="submit" disabled={busy}>
        {busy ? "Signing in..." : "Sign in with password"}
      </Button>
      <p className="text-sm text-fg-muted">
        New to Introbase?{" "}
        <Link to={`/sign-up?${new URLSearchParams({ returnTo })}`} className="text-accent underline">
          Create an account
        </Link>
      </p>
    </fetcher.Form>
  );
}
