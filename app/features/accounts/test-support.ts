/**
 * Test code only: password accounts as a person makes them, and route calls as a browser on our site makes them (the
 * session cookie, the client's address, a form body), with the signed-in user read from the cookie as the server does.
 */
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { users } from "#db/schema/accounts.ts";
import { appContext } from "~/lib/app-context.ts";
import { getAuth } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv, publicUrl } from "~/lib/env.server.ts";
import { getSessionUser } from "~/lib/session.server.ts";

/** A confirmed password account (the link's confirmation is tested in verified-addresses.db.test.ts). */
export async function makePasswordAccount(
  database: Database,
  { name, email, password }: { name: string; email: string; password: string },
) {
  const { user } = await getAuth(database).api.signUpEmail({ body: { name, email, password }, headers: ourOrigin() });
  await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  return { id: user.id, name, email };
}

function ourOrigin(): Headers {
  return new Headers({ origin: publicUrl(getEnv()) });
}

/** `name=value; …` from a response's Set-Cookie headers, live cookies only. */
function cookiesOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .filter((c) => !/max-age=0/i.test(c))
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A session cookie for the account, made by a real password sign-in. */
export async function signedInCookie(database: Database, email: string, password: string, userAgent = "TestBrowser/1.0"): Promise<string> {
  const headers = ourOrigin();
  headers.set("user-agent", userAgent);
  const result = await getAuth(database).api.signInEmail({ body: { email, password }, headers, returnHeaders: true });
  return cookiesOf(result.headers);
}

export interface Call {
  cookie?: string;
  clientAddress?: string;
  /** Form fields: the call is a POST with them as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
}

/** Loader or action arguments for `path`, as the server makes them (user from the cookie). */
export async function routeArgs<Args>(database: Database, path: string, call: Call = {}): Promise<Args> {
  const url = new URL(path, publicUrl(getEnv()));
  const headers = ourOrigin();
  if (call.cookie) headers.set("cookie", call.cookie);
  const init: RequestInit = { headers };
  if (call.form) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    Object.assign(init, { method: "POST", body: new URLSearchParams(call.form).toString() });
  }
  const user = call.cookie ? await getSessionUser(database, headers) : null;
  const context = new RouterContextProvider();
  context.set(appContext, { database, cspNonce: "", user, clientAddress: call.clientAddress ?? "192.0.2.1" });
  return { request: new Request(url, init), url, params: {}, context, pattern: url.pathname } as unknown as Args;
}

/** What an action answered: a redirect (with its cookies), or the form result and its status. */
export async function answered(result: unknown) {
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get("location"), cookie: cookiesOf(result.headers), headers: result.headers };
  }
  const { data, init } = result as { data: Record<string, unknown>; init?: { status?: number; headers?: Record<string, string> } | null };
  return { status: init?.status ?? 200, data, headers: new Headers(init?.headers ?? {}) };
}

/** The newest e-mail of `kind` to `email`, from the outbox. */
export async function newestMail(database: Database, kind: string, email: string): Promise<{ subject: string; text: string } | undefined> {
  const [mail] = await database.rows<{ subject: string; text: string }>(
    sql`SELECT subject, text FROM outbox_emails WHERE kind = ${kind} AND ${email} = ANY("to") ORDER BY created_at DESC LIMIT 1`,
  );
  return mail;
}

export async function mailCount(database: Database, email: string, kind?: string): Promise<number> {
  const [row] = await database.rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM outbox_emails WHERE ${email} = ANY("to") AND (${kind ?? null}::text IS NULL OR kind = ${kind ?? null})`,
  );
  return row!.n;
}
