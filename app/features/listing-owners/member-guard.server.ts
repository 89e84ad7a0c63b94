import { redirect, type RouterContextProvider } from "react-router";
import { getAppContext } from "~/lib/app-context.ts";
import type { SessionUser } from "~/lib/session.server.ts";

/**
 * The claim pages' guard: a signed-out visitor goes to sign in and comes back to the same page (the link of an e-mail
 * included), since a claim or an invitation belongs to an account.
 */
export function requireMember({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }): SessionUser {
  const { user } = getAppContext(context);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/sign-in?${new URLSearchParams({ returnTo: url.pathname.replace(/\.data$/, "") + url.search })}`);
}
