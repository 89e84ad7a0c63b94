import { CircleCheck, CircleX, MailCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import { VERIFICATION_LINK_HOURS } from "~/lib/verification-email.ts";

export type VerifyPageState =
  | { state: "open" | "expired"; email: string; token: string }
  | { state: "used"; email: string }
  | { state: "invalid" }
  | { state: "confirmed"; name: string | null; inReview: string[] };

const REFUSED = {
  expired: {
    title: "This link has expired",
    text: `Links work for ${VERIFICATION_LINK_HOURS} hours. We can send a new one to your address.`,
  },
  used: { title: "This link was already used", text: "This address is already confirmed. Each link works once." },
  invalid: {
    title: "This link is not valid",
    text: "It may be incomplete, or the account it was for no longer exists. Use the newest link from our e-mail as it was sent, or sign up again.",
  },
} as const;

function Outcome({ ok, title, children }: { ok: boolean; title: string; children: ReactNode }) {
  const Icon = ok ? CircleCheck : CircleX;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <Icon aria-hidden="true" className={ok ? "mx-auto size-10 text-accent" : "mx-auto size-10 text-danger"} />
      <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
      <div className="mt-2 grid gap-2 text-fg-muted">{children}</div>
    </div>
  );
}

/** What a confirm or resend post answered: `intent` says which, `target` the state of the link or the resend. */
export type VerifySubmission = FormResult<"password", { email: string }>;

/** The /verify-email page: the link's state, the password form, and the answer to a confirm or resend post. */
export function VerifyEmailPage({ page, result: actionData }: { page: VerifyPageState; result?: VerifySubmission }) {
  const busy = useNavigation().state !== "idle";
  const token = "token" in page ? page.token : "";
  const home = (
    <p className="mt-6">
      <Link to="/" className={buttonClass({ variant: "secondary" })}>
        Go to Introbase
      </Link>
    </p>
  );

  if (page.state === "confirmed") {
    return (
      <Outcome ok title="Your e-mail address is confirmed">
        {page.name ? <p>You are signed in as {page.name}.</p> : null}
        {page.inReview.map((name) => (
          <p key={name}>Your introduction request to {name} is with our team now. We will e-mail you when they respond.</p>
        ))}
        <p className="mt-6">
          <Link to={page.name ? "/settings" : "/"} className={buttonClass({ variant: "secondary" })}>
            {page.name ? "See your requests" : "Go to Introbase"}
          </Link>
        </p>
      </Outcome>
    );
  }

  const resent = actionData?.intent === "resend" ? actionData : null;
  if (resent && (resent.target === "sent" || resent.target === "over_limit")) {
    const email = resent.data?.email ?? "";
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <MailCheck aria-hidden="true" className="mx-auto size-10 text-accent" />
        <h1 className="mt-4 text-2xl font-semibold">{resent.target === "sent" ? "We sent you a new link" : "Please use a link we sent"}</h1>
        <p className="mt-2 text-fg-muted">
          {resent.target === "sent"
            ? `Open the newest e-mail we sent to ${email}. Its link works for ${VERIFICATION_LINK_HOURS} hours.`
            : `We already sent several links to ${email} in the last hour. Please use the newest one, or try again later.`}
        </p>
      </div>
    );
  }

  const refused = actionData?.target;
  const state = refused === "used" || refused === "invalid" || refused === "expired" ? refused : page.state;
  if (state !== "open") {
    const { title, text } = REFUSED[state];
    return (
      <Outcome ok={false} title={title}>
        <p>{text}</p>
        {state === "expired" ? (
          <Form method="post" className="mt-6">
            <input type="hidden" name="token" value={token} />
            <Button type="submit" name="intent" value="resend" disabled={busy}>
              Send me a new link
            </Button>
          </Form>
        ) : (
          home
        )}
      </Outcome>
    );
  }

  const passwordError = actionData?.errors?.password;
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-semibold">Confirm your e-mail address</h1>
      <p className="mt-2 text-sm text-fg-muted">
        To confirm {"email" in page ? page.email : "your address"} for Introbase, enter the password you chose when you signed up. If you
        did not sign up, close this page: without that password nobody can confirm your address.
      </p>
      <Form method="post" className="mt-6 grid gap-4">
        <input type="hidden" name="token" value={token} />
        <FormField label="Password" error={passwordError}>
          {(p) => <input {...p} type="password" name="password" autoComplete="current-password" required maxLength={128} />}
        </FormField>
        <div>
          <Button type="submit" name="intent" value="confirm" disabled={busy}>
            {busy ? "Confirming..." : "Confirm address"}
          </Button>
        </div>
      </Form>
    </div>
  );
}
