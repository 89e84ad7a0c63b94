/**
 * Makes an existing user an admin: `npm run user:admin -- someone@example.com`. The user must have signed in
 * once, and their address must be verified. Uses DATABASE_URL when set, else the embedded database in
 * PGLITE_DIR (stop the server first: the embedded database belongs to one process).
 */
// First: a failure anywhere below, even while the modules load, ends in one clear line (fail-clearly.ts).
import "./fail-clearly.ts";
import { z } from "zod";
import { grantAdmin } from "../app/features/accounts/grant-admin.server.ts";
import { openDatabase } from "../app/lib/db.server.ts";
import { getEnv } from "../app/lib/env.server.ts";

const USAGE = "Usage: npm run user:admin -- someone@example.com";
if (process.argv[2] === "--help" || process.argv[2] === "-h") {
  console.log(`${USAGE}\n  Makes a user who has signed in once, with a verified address, an admin (DATABASE_URL, else PGLITE_DIR).`);
  process.exit(0);
}
const email = z.email().safeParse(process.argv[2]?.trim().toLowerCase());
if (!email.success) {
  console.error(USAGE);
  process.exit(2);
}
const env = getEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dir: env.PGLITE_DIR });
try {
  await database.migrate();
  const result = await grantAdmin(database, email.data);
  if (result.outcome === "granted") {
    console.log(`${result.name} <${email.data}> is now an admin. It takes effect on their next request.`);
  } else {
    console.error(
      result.outcome === "unverified"
        ? `${email.data} has not confirmed its e-mail address yet: it cannot be an admin until it opens the link we sent.`
        : `No user with the e-mail address ${email.data}. They must sign in once first (or list it in ADMIN_EMAILS).`,
    );
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
