/**
 * A password account, made through Better Auth. It cannot sign in until its address is verified (DESIGN D15):
 * Better Auth mails the link (lib/auth.server.ts) and makes no session. An address held by an unverified
 * account is free for a new sign-up (the earlier one is removed by the sign-up hook); one that is verified
 * is taken.
 */
import { and, eq } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { getAuth } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";

export type PasswordSignUp = { ok: true; user: { id: string; name: string; email: string } } | { ok: false; reason: "taken" };

export async function signUpWithPassword(
  database: Database,
  { name, email, password }: { name: string; email: string; password: string },
  headers: Headers,
): Promise<PasswordSignUp> {
  const { db } = database;
  const address = email.toLowerCase();
  const [verified] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, address), eq(users.emailVerified, true)))
    .limit(1);
  if (verified) return { ok: false, reason: "taken" };
  const { user } = await getAuth(database).api.signUpEmail({ body: { name, email: address, password }, headers });
  // A taken address gets a made-up user from Better Auth (so its HTTP answer tells nobody the address is known):
  // only a row proves an account was made.
  const [made] = await db.select({ id: users.id }).from(users).where(eq(users.id, user.id)).limit(1);
  if (!made) return { ok: false, reason: "taken" };
  return { ok: true, user: { id: user.id, name: user.name, email: user.email } };
}

/** Undoes a sign-up whose next step failed: the account goes while it is still unverified (never after). */
export async function removeUnverifiedAccount({ db }: Database, userId: string): Promise<void> {
  await db.delete(users).where(and(eq(users.id, userId), eq(users.emailVerified, false)));
}
