import { MailCheck } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import { RESET_LINK_MINUTES } from "~/lib/account-emails.ts";

export type ForgotPasswordResult = FormResult<"email", { email: string }>;

/**
 * /forgot-password (decision 0076): one field, and one answer whatever the address, since only the mailbox may learn
 * whether it has an account. Works without JavaScript.
 */
export function ForgotPasswordPage({ result }: { result?: ForgotPasswordResult }) {
  const busy = useNavigation().state !== "idle";
  if (result?.ok && result.data) {
    return (
      <div className="mx-auto max-w-md px-4 py-12 sm:py-16" role="status">
        <MailCheck aria-hidden="true" className="size-10 text-accent" />
        <h1 className="mt-4 text-2xl font-semibold tracking-tight">Check your e-mail</h1>
        <p className="mt-2 text-fg-muted">
          We sent a message to <strong className="break-all text-fg">{result.data.email}</strong>. If an account uses this address, it has a
          link to choose a new password: the link works once, for {RESET_LINK_MINUTES} minutes. If not, it says what you can do instead.
        </p>
        <p className="mt-2 text-sm text-fg-muted">
          Nothing there after a few minutes? Look in your spam folder. We send at most a few of these messages an hour to one address.
        </p>
        <p className="mt-6">
          <Link to="/sign-in" className="text-accent underline">
            Back to sign in
          </Link>
        </p>
      </div>
    );
  }
  const formError = result && !result.ok && !result.errors?.email ? result.message : undefined;
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-2xl font-semibold tracking-tight">Forgot your password?</h1>
      <p className="mt-2 text-sm text-fg-muted">
        Enter the e-mail address of your account. We will send you a link to choose a new password.
      </p>
      <Form method="post" className="mt-6 grid gap-4" noValidate>
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
              autoComplete="email"
              required
              maxLength={254}
              defaultValue={result?.values?.email ?? ""}
            />
          )}
        </FormField>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Sending..." : "Send me a link"}
          </Button>
        </div>
      </Form>
      <p className="mt-6 text-sm">
        <Link to="/sign-in" className="text-accent underline">
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
