/**
 * Signs a demo user in over HTTP through the whole authorization-code flow against one server: its sign-in redirect,
 * the local demo OpenID provider it serves under /dev/oidc/google (account chooser, authorize), and the callback
 * that sets the session cookie. Every hop goes to the same server: each server here has a PUBLIC_URL of its own, so
 * the issuer and redirect URI the flow names are that server's (server/demo-identity-provider.ts). The session it
 * makes lives in the database, so the cookie then works on every server.
 */
import { type Browser, locationOf, type Target } from "./browser.ts";

export type DemoUserId = "demo-public" | "demo-subscriber" | "demo-premium" | "demo-admin";

export async function signIn(browser: Browser, server: Target, user: DemoUserId, headers: Record<string, string> = {}): Promise<void> {
  const signedIn = await signInThroughProvider(browser, server, user, headers);
  if (signedIn?.id !== user) throw new Error(`${server.name}: signed in as ${JSON.stringify(signedIn)} instead of ${user}`);
}

/** The same flow, answering whom the server signed in (a new account when the demo user's was deleted). */
export async function signInThroughProvider(
  browser: Browser,
  server: Target,
  user: DemoUserId,
  headers: Record<string, string> = {},
): Promise<{ id?: string; email?: string; tier?: string } | null> {
  const start = await browser.get(server, "/api/auth/signin?provider=google&returnTo=%2F", { headers });
  if (start.status !== 302) throw new Error(`${server.name}: sign-in did not start (status ${start.status}): ${await start.text()}`);
  const chooser = locationOf(start, server.url);
  if (!chooser.pathname.endsWith("/choose-account"))
    throw new Error(`${server.name}: sign-in went to ${chooser} instead of the demo provider`);
  // The chooser page's link for the user: the same query, sent to the provider's authorize endpoint.
  const authorize = new URL(chooser.pathname.replace(/choose-account$/, "authorize"), server.url);
  authorize.search = chooser.search;
  authorize.searchParams.set("demo_user", user);
  const granted = await browser.get(server, authorize.pathname + authorize.search);
  const callback = locationOf(granted, server.url);
  if (callback.searchParams.get("error")) throw new Error(`${server.name}: the demo provider refused: ${callback}`);
  const done = await browser.get(server, callback.pathname + callback.search);
  const landing = locationOf(done, server.url);
  if (landing.searchParams.get("error")) throw new Error(`${server.name}: the sign-in callback failed: ${landing}`);
  const me = await browser.get(server, "/api/auth/me");
  return ((await me.json()) as { user?: { id?: string; email?: string; tier?: string } | null }).user ?? null;
}
