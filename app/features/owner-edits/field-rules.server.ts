/**
 * Which low-risk fields owners publish at once (decision 0115), set by operators. Only AT_ONCE_FIELDS can ever be set:
 * a post naming another field (a contact address, an amount) is refused with a message, and the table's check refuses
 * it again should any other path try.
 */
import { sql } from "drizzle-orm";
import { ownerFieldRules } from "#db/schema/owner-changes.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { AT_ONCE_FIELDS, fieldLabel, isAtOnceField } from "./owner-fields.ts";

/** Sets the rule of every low-risk field: on for those named, off for the rest. */
export async function setAtOnceFields(database: Database, { fields, admin }: { fields: readonly string[]; admin: { id: string } }) {
  const refused = fields.filter((f) => !isAtOnceField(f));
  if (refused.length)
    throw new AppError(
      "bad_request",
      `${refused.map(fieldLabel).join(", ")} can never publish at once: only ${AT_ONCE_FIELDS.map(fieldLabel).join(", ")} may.`,
    );
  const on = new Set(fields);
  await database.db.transaction(async (tx) => {
    await tx
      .insert(ownerFieldRules)
      .values(AT_ONCE_FIELDS.map((field) => ({ field, publishAtOnce: on.has(field), updatedBy: admin.id, updatedAt: new Date() })))
      .onConflictDoUpdate({
        target: ownerFieldRules.field,
        set: { publishAtOnce: sql`excluded.publish_at_once`, updatedBy: admin.id, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      operation: "owner_change",
      source: "admin",
      action: "rules_set",
      actorId: admin.id,
      details: { publishAtOnce: [...on] },
    });
  });
}
