import { redirect } from "react-router";
import type { Route } from "./+types/sign-in";
import { safeReturnTo } from "~/features/accounts/return-to.ts";
import { SignInPage } from "~/features/accounts/sign-in-page.tsx";
import { getAppContext } from "~/lib/app-context.ts";
import { PROVIDER_EMAIL_UNVERIFIED } from "~/lib/auth.server.ts";

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
  return { returnTo, failed: code !== null, hint: code ? (HINTS[code] ?? null) : null };
}

export default function SignIn({ loaderData }: Route.ComponentProps) {
  return <SignInPage {...loaderData} />;
}
