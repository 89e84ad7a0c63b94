import { CircleCheck, CircleX, MailCheck } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/verify-email";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { confirmAddress, readVerificationLink, resendVerificationLink } from "~/features/accounts/address-verification.server.ts";
import { signInAttempts } from "~/features/accounts/sign-in.server.ts";
import { listMyIntroRequests, sendWaitingRequestsToReview } from "~/features/introductions/intro-requests.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { VERIFICATION_LINK_HOURS } from "~/lib/verification-email.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Confirm your e-mail address | Introbase" }, { name: "robots", content: "noindex" }];
}

type PageState =
  | { state: "open" | "expired"; email: string; token: string }
  | { state: "used"; email: string }
  | { state: "invalid" }
  | { state: "confirmed"; name: string | null; inReview: string[] };

/**
 * Where the verification link of a password sign-up leads (DESIGN D15). Opening it only shows what it is: a
 * mail scanner fetching it must not confirm anything. Confirming is a POST with the account's password, which
 * signs the browser in and sends the requests that waited for the address to review. Works without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<PageState> {
  const { database, user } = getAppContext(context);
  const url = new URL(request.url);
  if (url.searchParams.get("confirmed") === "1") {
    const inReview = user ? (await listMyIntroRequests(database, user.id)).filter((r) => r.status === "pending_review") : [];
    return { state: "confirmed", name: user?.name ?? null, inReview: inReview.map((r) => r.recipientName) };
  }
  const token = url.searchParams.get("token") ?? "";
  const link = await readVerificationLink(database, token);
  if (link.state === "invalid") return { state: "invalid" };
  if (link.state === "used") return { state: "used", email: link.email };
  // The token goes back into the page's form, so confirming works without JavaScript.
  return { state: link.state, email: link.email, token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { database, clientAddress } = getAppContext(context);
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  if (form.get("intent") === "resend") {
    const resent = await resendVerificationLink(database, token);
    return data({ resent }, { status: resent.state === "sent" ? 200 : resent.state === "over_limit" ? 429 : 409 });
  }
  if (!signInAttempts.attempt(clientAddress)) {
    return data({ passwordError: "Too many attempts. Please wait a minute and try again." }, { status: 429 });
  }
  const password = String(form.get("password") ?? "");
  const result = await confirmAddress(database, { token, password, headers: request.headers });
  if (!result.ok) {
    if ("passwordError" in result) return data({ passwordError: result.passwordError }, { status: 400 });
    // The link is no longer open (expired, used, or not ours): the page says which.
    return data({ refused: result.link.state }, { status: 409 });
  }
  await sendWaitingRequestsToReview(database, result.userId);
  const headers = new Headers();
  for (const cookie of result.cookies) headers.append("Set-Cookie", cookie);
  return redirect("/verify-email?confirmed=1", { headers });
}

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

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const page = loaderData;
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

  if (actionData && "resent" in actionData) {
    const { resent } = actionData;
    if (resent.state === "sent" || resent.state === "over_limit") {
      return (
        <div className="mx-auto max-w-xl px-4 py-16 text-center">
          <MailCheck aria-hidden="true" className="mx-auto size-10 text-accent" />
          <h1 className="mt-4 text-2xl font-semibold">
            {resent.state === "sent" ? "We sent you a new link" : "Please use a link we sent"}
          </h1>
          <p className="mt-2 text-fg-muted">
            {resent.state === "sent"
              ? `Open the newest e-mail we sent to ${resent.email}. Its link works for ${VERIFICATION_LINK_HOURS} hours.`
              : `We already sent several links to ${resent.email} in the last hour. Please use the newest one, or try again later.`}
          </p>
        </div>
      );
    }
  }

  const refused =
    actionData && "refused" in actionData ? actionData.refused : actionData && "resent" in actionData ? actionData.resent.state : null;
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

  const passwordError = actionData && "passwordError" in actionData ? actionData.passwordError : undefined;
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
