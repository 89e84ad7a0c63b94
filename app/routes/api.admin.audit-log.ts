import { z } from "zod";
import type { Route } from "./+types/api.admin.audit-log";
import { auditStatistics, recentAudit, recordAudit } from "~/features/audit/audit-log.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { created, methodNotAllowed, readBody } from "~/lib/http.server.ts";
import { parse } from "~/lib/parse.ts";

/** The audit entry of spec 02 §3, as a client posts it. The acting admin is the one signed in, never the body's. */
const Entry = z.object({
  timestamp: z.iso.datetime({ offset: true, error: "timestamp must be an ISO date-time." }).optional(),
  operation: z.enum(["duplicate_check", "merge_operation", "manual_review", "cleanup_batch"], {
    error: "operation must be duplicate_check, merge_operation, manual_review or cleanup_batch.",
  }),
  source: z.string().trim().min(1, "source is required.").max(100),
  companyName: z.string().max(300).nullish(),
  recordId: z.string().max(100).nullish(),
  action: z.enum(["created", "merged", "skipped", "flagged_for_review", "ignored"], {
    error: "action must be created, merged, skipped, flagged_for_review or ignored.",
  }),
  details: z
    .object({
      matchReason: z.string().max(1000).nullish(),
      similarity: z.number().min(0).max(1).nullish(),
      mergedFields: z.array(z.string().max(100)).max(200).nullish(),
      conflictsResolved: z.array(z.string().max(100)).max(200).nullish(),
      existingRecordId: z.string().max(100).nullish(),
    })
    .strict()
    .default({}),
});

/** POST /api/admin/audit-log: store an entry (spec 02 §7). */
export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  if (args.request.method !== "POST") return methodNotAllowed();
  // The field a refusal is about is the answer's `field`, beside the schema's message.
  const entry = parse(Entry, (await readBody(args.request)) ?? undefined);
  await recordAudit(getAppContext(args.context).database.db, { ...entry, actorId: admin.id, details: entry.details });
  return created({ success: true });
}

/** GET /api/admin/audit-log: the most recent 100 entries and the last 24 hours' statistics. */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  const { database } = getAppContext(args.context);
  const [entries, statistics] = await Promise.all([recentAudit(database), auditStatistics(database)]);
  return Response.json({ entries, statistics }, { headers: { "Cache-Control": "no-store" } });
}
