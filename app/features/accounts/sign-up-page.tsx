import { MailCheck } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import { MAX_PASSWORD, PASSWORD_RULE } from "~/lib/password-rules.ts";
import { VERIFICATION_LINK_HOURS } from "~/lib/verification-email.ts";
import type { SignUpField } from "./account-forms.ts";

export type SignUpResult = FormResult<SignUpField, { email: string }>;

/**
 * /sign-up (decision 0076): a password account. The answer is the same whether or not the address already has an
 * account, since only its mailbox may learn that: the e-mail either carries the link that confirms the new account or
 * says that the address has one and how to get back in. Works without JavaScript.
 */
export function SignUpPage({ returnTo, result }: { returnTo: string; result?: SignUpResult }) {
  const busy = useNavigation().state !== "idle";
  if (result?.ok && result.data) {
    return (
      <div className="mx-auto max-w-md px-4 py-12 sm:py-16" role="status">
        <MailCheck aria-hidden="true" className="size-10 text-accent" />
        <h1 className="mt-4 text-2xl font-semibold tracking-tight">Check your e-mail</h1>
        <p className="mt-2 text-fg-muted">
          We sent a message to <strong className="break-all text-fg">{result.data.email}</strong>. Open the link in it and enter your
          password to confirm the address: it works for {VERIFICATION_LINK_HOURS} hours, and you can sign in once it is confirmed.
        </p>
        <p className="mt-2 text-sm text-fg-muted">
          If this address already has an Introbase account, the message says so instead and how to sign in or reset the password.
        </p>
      </div>
    );
  }
  const formError = result && !result.ok && !Object.keys(result.errors ?? {}).length ? result.message : undefined;
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-2xl font-semibold tracking-tight">Create your Introbase account</h1>
      <p className="mt-2 text-sm text-fg-muted">
        Or{" "}
        <Link to={`/sign-in?${new URLSearchParams({ returnTo })}`} className="text-accent underline">
          sign in
        </Link>{" "}
        with Google, LinkedIn or an account you already have.
      </p>
      <Form method="post" className="mt-6 grid gap-4" noValidate>
        {formError ? (
          <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
            {formError}
          </p>
        ) : null}
        <FormField label="Full Name" error={result?.errors?.name}>
          {(p) => <input {...p} name="name" autoComplete="name" required maxLength={100} defaultValue={result?.values?.name ?? ""} />}
        </FormField>
        <FormField label="Email" error={result?.errors?.email}>
          {(p) => (
            <input
              {...p}
              type="email"
              name="email"
              autoComplete="email"
              required
              maxLength={254}
              defaultValue={result?.values?.email ?? ""}
            />
          )}
        </FormField>
        <FormField label="Password" error={result?.errors?.password} hint={PASSWORD_RULE}>
          {(p) => <input {...p} type="password" name="password" autoComplete="new-password" required maxLength={MAX_PASSWORD} />}
        </FormField>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Creating Account..." : "Create account"}
          </Button>
        </div>
        <p className="text-xs text-fg-muted">
          By creating an account, you agree to our{" "}
          <Link to="/terms" className="underline">
            Terms of Service
          </Link>{" "}
          and{" "}
          <Link to="/privacy-policy" className="underline">
            Privacy Policy
          </Link>
          .
        </p>
      </Form>
    </div>
  );
}
