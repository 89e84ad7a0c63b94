import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/verify-email";
import { resendVerificationLink } from "~/features/accounts/address-verification.server.ts";
import { signInAttempts } from "~/features/accounts/sign-in.server.ts";
import { confirmLinkAndSendRequests, verifyEmailPage } from "~/features/accounts/verify-email.server.ts";
import { VerifyEmailPage, type VerifyPageState } from "~/features/accounts/verify-email-page.tsx";
import { guardPublicForm } from "~/features/verification/public-form-guard.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { formDone, formRefused } from "~/lib/form-result.server.ts";
import { readForm } from "~/lib/http.server.ts";
import { parse } from "~/lib/parse.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Confirm your e-mail address | Introbase" }, { name: "robots", content: "noindex" }];
}

/**
 * Where the verification link of a password sign-up leads (DESIGN D15). Opening it only shows what it is: a
 * mail scanner fetching it must not confirm anything. Confirming is a POST with the account's password, which
 * signs the browser in and sends the requests that waited for the address to review. Works without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<VerifyPageState> {
  const { database, user } = getAppContext(context);
  return verifyEmailPage(database, { query: new URL(request.url).searchParams, user });
}

/** The page's two buttons; a field left out is empty (the link's checks then refuse it), as the page has always read it. */
const text = (field: string) => z.string({ error: `${field} must be text.` }).default("");
const Submission = z.object({ intent: text("intent"), token: text("token"), password: text("password") });

export async function action({ request, context }: Route.ActionArgs) {
  const { database, clientAddress } = getAppContext(context);
  const { intent, token, password } = parse(Submission, Object.fromEntries(await readForm(request)));
  if (intent === "resend") {
    const resent = await resendVerificationLink(database, token);
    const result = { intent: "resend", target: resent.state, data: "email" in resent ? { email: resent.email } : undefined };
    if (resent.state === "sent") return formDone({ ...result });
    return formRefused<"password", { email: string }>(resent.state === "over_limit" ? "rate_limited" : "conflict", result);
  }
  const message = "Too many attempts. Please wait a minute and try again.";
  const guard = await guardPublicForm(database, { limit: { rateLimit: signInAttempts, subject: clientAddress, message } });
  if (!guard.ok) return formRefused<"password">(guard.code, { intent: "confirm", message, errors: { password: message } });
  const confirmed = await confirmLinkAndSendRequests(database, { token, password, headers: request.headers });
  if (!confirmed.ok) {
    if (confirmed.code === "bad_request")
      return formRefused<"password">(confirmed.code, {
        intent: "confirm",
        message: confirmed.passwordError,
        errors: { password: confirmed.passwordError },
      });
    return formRefused<"password">(confirmed.code, { intent: "confirm", target: confirmed.link });
  }
  const headers = new Headers();
  for (const cookie of confirmed.cookies) headers.append("Set-Cookie", cookie);
  return redirect("/verify-email?confirmed=1", { headers });
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  return <VerifyEmailPage page={loaderData} result={actionData} />;
}
