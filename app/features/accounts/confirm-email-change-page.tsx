import { CircleCheck, CircleX } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import type { FormResult } from "~/lib/form-parse.ts";

export type EmailChangePageState =
  { state: "open"; from: string; to: string; token: string } | { state: "expired" | "invalid" } | { state: "done" };
export type EmailChangeResult = FormResult<never>;

const REFUSED: Record<string, { title: string; text: string }> = {
  expired: { title: "This link has expired", text: "Links work for 24 hours. Ask for the change again in your settings." },
  invalid: {
    title: "This link does not work",
    text: "It was used already, the account's password was changed since it was sent, or it is incomplete. Ask for the change again in your settings.",
  },
  taken: { title: "This address is taken", text: "Another Introbase account uses this address now, so yours keeps its address." },
  other_account: {
    title: "Signed in as someone else",
    text: "This link is for another Introbase account. Sign out, then open the link again.",
  },
};

/** /confirm-email-change (decision 0076): what the link is for, and the button that moves the account. No JavaScript needed. */
export function ConfirmEmailChangePage({ page, result }: { page: EmailChangePageState; result?: EmailChangeResult }) {
  const busy = useNavigation().state !== "idle";
  if (page.state === "done") {
    return (
      <div className="mx-auto max-w-md px-4 py-12 text-center sm:py-16">
        <CircleCheck aria-hidden="true" className="mx-auto size-10 text-accent" />
        <h1 className="mt-4 text-2xl font-semibold">Your address is changed</h1>
        <p className="mt-2 text-fg-muted">Your Introbase account now uses the new address. Sign in with it from now on.</p>
        <p className="mt-6">
          <Link to="/sign-in" className={buttonClass({ variant: "secondary" })}>
            Sign in
          </Link>
        </p>
      </div>
    );
  }
  const refused = result && !result.ok ? (result.target ?? "invalid") : page.state === "open" ? null : page.state;
  if (refused || page.state !== "open") {
    const { title, text } = REFUSED[refused ?? "invalid"] ?? REFUSED.invalid!;
    return (
      <div className="mx-auto max-w-md px-4 py-12 text-center sm:py-16">
        <CircleX aria-hidden="true" className="mx-auto size-10 text-danger" />
        <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
        <p className="mt-2 text-fg-muted">{text}</p>
        <p className="mt-6">
          <Link to="/settings" className={buttonClass({ variant: "secondary" })}>
            Go to settings
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-2xl font-semibold tracking-tight">Confirm your new address</h1>
      <p className="mt-2 text-fg-muted">
        Move the Introbase account of <span className="break-all">{page.from}</span> to{" "}
        <strong className="break-all text-fg">{page.to}</strong>? You will sign in with the new address from now on.
      </p>
      <Form method="post" className="mt-6">
        <input type="hidden" name="token" value={page.token} />
        <Button type="submit" disabled={busy}>
          {busy ? "Confirming..." : "Confirm new address"}
        </Button>
      </Form>
    </div>
  );
}
