import { redirect } from "react-router";
import type { Route } from "./+types/verify-email";
import { confirmAddress, readVerificationLink, resendVerificationLink } from "~/features/accounts/address-verification.server.ts";
import { signInAttempts } from "~/features/accounts/sign-in.server.ts";
import { VerifyEmailPage, type VerifyPageState } from "~/features/accounts/verify-email-page.tsx";
import { listMyIntroRequests, sendWaitingRequestsToReview } from "~/features/introductions/intro-requests.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { formDone, formRefused } from "~/lib/form-result.server.ts";
import { readForm } from "~/lib/http.server.ts";
import { countAttempt } from "~/lib/rate-limit.server.ts";

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
  const form = await readForm(request);
  const token = String(form.get("token") ?? "");
  if (form.get("intent") === "resend") {
    const resent = await resendVerificationLink(database, token);
    const result = { intent: "resend", target: resent.state, data: "email" in resent ? { email: resent.email } : undefined };
    if (resent.state === "sent") return formDone({ ...result });
    return formRefused<"password", { email: string }>(resent.state === "over_limit" ? "rate_limited" : "conflict", result);
  }
  if (!(await countAttempt(database, signInAttempts, clientAddress)).allowed) {
    const message = "Too many attempts. Please wait a minute and try again.";
    return formRefused<"password">("rate_limited", { intent: "confirm", message, errors: { password: message } });
  }
  const password = String(form.get("password") ?? "");
  const result = await confirmAddress(database, { token, password, headers: request.headers });
  if (!result.ok) {
    if ("passwordError" in result)
      return formRefused<"password">("bad_request", {
        intent: "confirm",
        message: result.passwordError,
        errors: { password: result.passwordError },
      });
    // The link is no longer open (expired, used, or not ours): the page says which.
    return formRefused<"password">("conflict", { intent: "confirm", target: result.link.state });
  }
  await sendWaitingRequestsToReview(database, result.userId);
  const headers = new Headers();
  for (const cookie of result.cookies) headers.append("Set-Cookie", cookie);
  return redirect("/verify-email?confirmed=1", { headers });
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  return <VerifyEmailPage page={loaderData} result={actionData} />;
}
