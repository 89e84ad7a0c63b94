import { expect, request, type APIRequestContext } from "./test.ts";

/** A demo user of the local identity provider, by id (server/demo-identity-provider.ts). */
export type DemoUserId = "demo-public" | "demo-subscriber" | "demo-premium" | "demo-admin";

/**
 * A request context for `baseURL`, signed in as `user` through the whole authorization-code flow of the local
 * provider (no browser needed), or anonymous for null: what a visitor or a member's script receives over HTTP.
 */
export async function requestAs(baseURL: string, user: DemoUserId | null): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL });
  if (!user) return context;
  const chooser = await context.get("/api/auth/signin?provider=google&returnTo=/");
  const html = await chooser.text();
  const href = html.match(new RegExp(`href="(authorize\\?[^"]*demo_user=${user})"`))?.[1]?.replace(/&#38;/g, "&");
  expect(href, `demo user ${user} on the chooser page`).toBeTruthy();
  const landed = await context.get(`/dev/oidc/google/${href}`);
  expect(landed.ok()).toBe(true);
  expect((await context.get("/api/auth/me")).status()).toBe(200);
  return context;
}
