/**
 * Imported first by each command-line script, for its side effect: whatever stops the script (an invalid setting
 * found while its modules load, an unreachable DATABASE_URL, the embedded database held by a running server) ends
 * it with one line on stderr naming the setting to fix, and status 1, as the server does (app/lib/startup-failure.ts).
 * LOG_LEVEL=debug prints the stack as well.
 */
import path from "node:path";
import { databaseUrlFailure, exitOnStartupFailure, settingOf } from "../app/lib/startup-failure.ts";

const COMMANDS: Record<string, string> = {
  "seed.ts": "npm run db:seed",
  "make-admin.ts": "npm run user:admin",
  "import.ts": "npm run import",
  "db-backup.ts": "npm run db:backup",
  "db-restore.ts": "npm run db:restore",
};
const script = path.basename(process.argv[1] ?? "");
const who = COMMANDS[script] ?? script;

function fail(error: unknown): never {
  const url = process.env.DATABASE_URL;
  const described = settingOf(error) || !url ? error : (databaseUrlFailure(error, url) ?? error);
  return exitOnStartupFailure(described, {
    who,
    verb: "failed",
    debug: process.env.LOG_LEVEL === "debug" || process.env.LOG_LEVEL === "trace" ? (e) => console.error(e) : undefined,
  });
}

process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);
