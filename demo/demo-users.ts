/**
 * The demo accounts: one per tier and an admin, each named after its tier's plan (decision 0080). The local identity
 * provider offers exactly these on its sign-in page, described from the plan catalogue, so a newcomer can see the
 * product as each tier without an external account.
 */
import type { Database } from "../app/lib/db.server.ts";
import { users } from "../db/schema/accounts.ts";

export interface DemoUser {
  id: string;
  name: string;
  email: string;
  tier: "public" | "subscriber" | "premium";
  role: "user" | "admin";
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    id: "demo-public",
    name: "Pat Public",
    email: "pat.public@demo.introbase.test",
    tier: "public",
    role: "user",
  },
  {
    id: "demo-subscriber",
    name: "Sam Subscriber",
    email: "sam.subscriber@demo.introbase.test",
    tier: "subscriber",
    role: "user",
  },
  {
    id: "demo-premium",
    name: "Priya Premium",
    email: "priya.premium@demo.introbase.test",
    tier: "premium",
    role: "user",
  },
  {
    id: "demo-admin",
    name: "Ada Admin",
    email: "ada.admin@demo.introbase.test",
    tier: "premium",
    role: "admin",
  },
];

/**
 * Creates the demo users that are missing (their e-mail is verified, so a provider sign-in with the same
 * address links to them). Existing rows are left alone: a demo user's tier may have been changed on purpose.
 */
export async function ensureDemoUsers({ db }: Database): Promise<void> {
  await db
    .insert(users)
    .values(DEMO_USERS.map(({ id, name, email, tier, role }) => ({ id, name, email, tier, role, emailVerified: true })))
    .onConflictDoNothing({ target: users.email });
}
