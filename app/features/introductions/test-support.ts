/** Test code only: a solved proof of work as the browser's widget would send it, and a member row (verified). */
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { users } from "#db/schema/accounts.ts";
import { newProofChallenge } from "~/features/verification/proof-of-work.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";

export async function solvedProof(database: Database, now?: number): Promise<string> {
  const challenge = await newProofChallenge(database, now);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the challenge");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

export async function insertMember(
  database: Database,
  id: string,
  tier: SessionUser["tier"] = "public",
  role: SessionUser["role"] = "user",
): Promise<SessionUser> {
  const user = { id, name: `Member ${id}`, email: `${id}@members.test`, tier, role };
  // Verified, like every account that can have a session (DESIGN D15).
  await database.db
    .insert(users)
    .values({ ...user, emailVerified: true })
    .onConflictDoNothing();
  return { ...user, picture: null };
}
