import { redirect } from "react-router";
import type { Route } from "./+types/sign-in";
import { passwordSignInSchema } from "~/features/accounts/account-forms.ts";
import { signInWithPassword } from "~/features/accounts/password-sign-in.server.ts";
import type { PasswordSignInResult } from "~/features/accounts/password-sign-in-form.tsx";
import { safeReturnTo } from "~/features/accounts/return-to.ts";
import { SignInPage } from "~/features/accounts/sign-in-page.tsx";
import { getAppContext } from "~/lib/app-context.ts";
import { ACCOUNT_DISABLED, ACCOUNT_DISABLED_MESSAGE } from "~/lib/account-disabled.ts";
import { PROVIDER_EMAIL_UNVERIFIED } from "~/lib/auth.server.ts";
import { parseForm, refused } from "~/lib/form-parse.ts";
import { formRefused } from "~/lib/form-result.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Sign in | Introbase" }, { name: "robots", content: "noindex" }];
}

/** Error codes a provider callback can come back with, and what the visitor can do about them. */
const HINTS: Record<string, string> = {
  // Both mean the provider has not verified the address (DESIGN D15): one for an address we know, one for a new one.
  account_not_linked:
    "An Introbase account already uses this e-mail address, and your provider has not verified that the address is yours, so we cannot connect them. Verify the address with your provider, then try again.",
  [PROVIDER_EMAIL_UNVERIFIED]: "Your provider has not verified this e-mail address. Verify it with your provider, then try again.",
  access_denied: "The sign-in was cancelled.",
  provider_unavailable: "The sign-in provider could not be reached.",
  // A provider sign-in of an account an operator disabled (decision 0081).
  [ACCOUNT_DISABLED]: ACCOUNT_DISABLED_MESSAGE,
};

/**
 * The sign-in page: where the header's Sign In leads without JavaScript, and where a failed provider
 * callback lands (`?error=`). Signed in already, it sends the visitor on.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const returnTo = safeReturnTo(url.searchParams.get("returnTo"));
  if (getAppContext(context).user) throw redirect(returnTo);
  const code = url.searchParams.get("error")?.slice(0, 60) ?? null;
  // After a password reset (routes/reset-password.tsx): the new password is set, every session ended.
  const notice =
    url.searchParams.get("reset") === "1" ? "Your new password is set, and every session was signed out. Sign in with it." : null;
  return { returnTo, failed: code !== null, hint: code ? (HINTS[code] ?? null) : null, notice };
}

const CODE = { invalid: "unauthorized", unverified: "forbidden", disabled: "forbidden", rate_limited: "rate_limited" } as const;

/**
 * E-mail and password (decision 0076): the form of this page and of the sign-in dialog posts here. A passed sign-in
 * sets the session cookie and goes on to `returnTo`; a refused one answers with the message beside the field and the
 * address as typed. A wrong password and an unknown address get the same answer.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, clientAddress } = getAppContext(context);
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo"));
  const parsed = parseForm(passwordSignInSchema, Object.fromEntries(await readForm(request, { nulInValues: true })));
  if (!parsed.ok) return formRefused<"email" | "password">("bad_request", { ...refused(parsed), values: { email: parsed.values.email } });
  const { email, password } = parsed.data;
  const signedIn = await signInWithPassword(database, { email, password, headers: request.headers, clientAddress });
  if (!signedIn.ok) {
    const headers = signedIn.reason === "rate_limited" ? { "Retry-After": String(signedIn.retryAfterSeconds) } : undefined;
    const refusal = formRefused<"email" | "password">(CODE[signedIn.reason], {
      message: signedIn.message,
      errors: signedIn.reason === "invalid" ? { password: signedIn.message } : undefined,
      values: { email },
    });
    if (headers) refusal.init = { ...refusal.init, headers: { ...headers } };
    return refusal;
  }
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of signedIn.cookies) headers.append("Set-Cookie", cookie);
  return redirect(returnTo, { headers });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  return <SignInPage {...loaderData} result={actionData as PasswordSignInResult | undefined} />;
}
