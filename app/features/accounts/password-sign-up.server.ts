/**
 * A password account, made through Better Auth. It cannot sign in until its address is verified (DESIGN D15):
 * Better Auth mails the link (lib/auth.server.ts) and makes no session. An address held by an unverified
 * account is free for a new sign-up (the earlier one is removed by the sign-up hook). An address that already has
 * a confirmed account gets no second one: Better Auth answers as for a new account (it hashes the password all the
 * same) and mails the address that it already has an account and how to get back in (decision 0076). The caller
 * learns which happened, to attach or not what waits for the account; the visitor is told the same either way.
 */
import { and, eq } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { getAuth } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";

export type PasswordSignUp = { outcome: "created"; user: { id: string; name: string; email: string } } | { outcome: "exists" };

export async function signUpWithPassword(
  database: Database,
  { name, email, password }: { name: string; email: string; password: string },
  headers: Headers,
): Promise<PasswordSignUp> {
  const { user } = await getAuth(database).api.signUpEmail({ body: { name, email: email.toLowerCase(), password }, headers });
  // A taken address gets a made-up user from Better Auth: only a row proves an account was made.
  const [made] = await database.db.select({ id: users.id }).from(users).where(eq(users.id, user.id)).limit(1);
  if (!made) return { outcome: "exists" };
  return { outcome: "created", user: { id: user.id, name: user.name, email: user.email } };
}

/** Undoes a sign-up whose next step failed: the account goes while it is still unverified (never after). */
export async function removeUnverifiedAccount({ db }: Database, userId: string): Promise<void> {
  await db.delete(users).where(and(eq(users.id, userId), eq(users.emailVerified, false)));
}
