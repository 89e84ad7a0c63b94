import { CircleX } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import { MAX_PASSWORD, PASSWORD_RULE } from "~/lib/password-rules.ts";

export type ResetPageState = { state: "open"; email: string; token: string } | { state: "expired" | "invalid" };
export type ResetPasswordResult = FormResult<"password">;

const REFUSED = {
  expired: { title: "This link has expired", text: "Reset links work for an hour. Ask for a new one: it takes a moment." },
  invalid: {
    title: "This link does not work",
    text: "It may have been used already (each link works once), be incomplete, or be older than the newest one we sent. Ask for a new one.",
  },
} as const;

/** /reset-password (decision 0076): the link's state, and the new password's form. Works without JavaScript. */
export function ResetPasswordPage({ page, result }: { page: ResetPageState; result?: ResetPasswordResult & { target?: string } }) {
  const busy = useNavigation().state !== "idle";
  const refusedState = result?.target === "expired" || result?.target === "invalid" ? result.target : null;
  const state = refusedState ?? page.state;
  if (state !== "open" || page.state !== "open") {
    const { title, text } = REFUSED[state === "open" ? "invalid" : state];
    return (
      <div className="mx-auto max-w-md px-4 py-12 text-center sm:py-16">
        <CircleX aria-hidden="true" className="mx-auto size-10 text-danger" />
        <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
        <p className="mt-2 text-fg-muted">{text}</p>
        <p className="mt-6">
          <Link to="/forgot-password" className={buttonClass({ variant: "secondary" })}>
            Ask for a new link
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-2xl font-semibold tracking-tight">Choose a new password</h1>
      <p className="mt-2 text-sm text-fg-muted">
        For the account of <span className="break-all">{page.email}</span>. Every other session of the account is signed out.
      </p>
      <Form method="post" className="mt-6 grid gap-4" noValidate>
        {result && !result.ok && !result.errors?.password && result.message ? (
          <p role="alert" className="text-sm text-danger">
            {result.message}
          </p>
        ) : null}
        <input type="hidden" name="token" value={page.token} />
        {/* Password managers file the new password under the account's address. */}
        <input type="email" name="username" autoComplete="username" value={page.email} readOnly hidden />
        <FormField label="New password" error={result?.errors?.password} hint={PASSWORD_RULE}>
          {(p) => <input {...p} type="password" name="password" autoComplete="new-password" required maxLength={MAX_PASSWORD} />}
        </FormField>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Set new password"}
          </Button>
        </div>
      </Form>
    </div>
  );
}
