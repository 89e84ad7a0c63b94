import type { Route } from "./+types/forgot-password";
import { forgotPasswordSchema } from "~/features/accounts/account-forms.ts";
import { ForgotPasswordPage, type ForgotPasswordResult } from "~/features/accounts/forgot-password-page.tsx";
import { requestPasswordReset } from "~/features/accounts/password-reset.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { parseForm, refused } from "~/lib/form-parse.ts";
import { formDone, formRefused } from "~/lib/form-result.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Forgot your password? | Introbase" }, { name: "robots", content: "noindex" }];
}

/**
 * Asks for a reset link (decision 0076). Every well-formed address gets the same answer, with status 200: whether it
 * has an account is for its mailbox to learn. Too many requests from one client address are a 429.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, clientAddress } = getAppContext(context);
  const parsed = parseForm(forgotPasswordSchema, Object.fromEntries(await readForm(request, { nulInValues: true })));
  if (!parsed.ok) return formRefused<"email">("bad_request", refused(parsed));
  const asked = await requestPasswordReset(database, { email: parsed.data.email, clientAddress });
  if (!asked.ok) {
    const refusal = formRefused<"email">("rate_limited", {
      message: "Too many requests from your network. Please wait a while and try again.",
      values: { email: parsed.data.email },
    });
    refusal.init = { ...refusal.init, headers: { "Retry-After": String(asked.retryAfterSeconds) } };
    return refusal;
  }
  return formDone<"email", { email: string }>({ data: { email: parsed.data.email } });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  return <ForgotPasswordPage result={actionData as ForgotPasswordResult | undefined} />;
}
