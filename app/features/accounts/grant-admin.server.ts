/**
 * `npm run user:admin`: makes an existing account an admin. Only an account whose address is verified
 * (DESIGN D15): an unverified one may be anyone's sign-up of that address.
 */
import { and, eq, sql } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import type { Database } from "~/lib/db.server.ts";

export type GrantAdmin = { outcome: "granted"; name: string } | { outcome: "unverified" | "unknown" };

export async function grantAdmin({ db }: Database, email: string): Promise<GrantAdmin> {
  const address = email.trim().toLowerCase();
  const [granted] = await db
    .update(users)
    .set({ role: "admin" })
    .where(and(eq(sql`lower(${users.email})`, address), eq(users.emailVerified, true)))
    .returning({ name: users.name });
  if (granted) return { outcome: "granted", name: granted.name };
  const [known] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, address))
    .limit(1);
  return { outcome: known ? "unverified" : "unknown" };
}
