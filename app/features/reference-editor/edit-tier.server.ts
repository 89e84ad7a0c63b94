/**
 * The three tier records at /admin/tiers (issue 5 §1). The quota and feature code reads them through
 * getTierDefinitions (access/tier-records.server.ts); a save is announced, so every app server drops its copy and a
 * new limit counts from the next request, not five minutes later.
 */
import { eq } from "drizzle-orm";
import * as s from "#db/schema/index.ts";
import { quotaLimits, type QuotaLimits } from "../access/quotas.ts";
import { LEGACY_TIERS, type TierRecord } from "../access/tier-definitions.ts";
import { getTierDefinitions } from "../access/tier-records.server.ts";
import { ACCESS_LEVELS, type AccessLevel } from "../access/tiers.ts";
import { recordAudit } from "../audit/audit-log.server.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { FieldErrors } from "~/lib/form-parse.ts";
import { parseTierForm, rankOrderError, tierToFormValues, type TierField } from "./tier-form.ts";

export interface TierRow {
  name: AccessLevel;
  /** Null when the table has no record for the tier: saving creates it. */
  id: number | null;
  values: Record<TierField, string>;
  /** The monthly limits the quota code applies to the tier now. */
  limits: QuotaLimits;
}

export type TierOutcome = { ok: true } | { ok: false; message: string; errors: FieldErrors<TierField>; values: Record<TierField, string> };

/** Each tier's stored record (or its legacy definition when there is none) and the limits in force. */
export async function getTierRows(database: Database): Promise<TierRow[]> {
  const [rows, { tiers }] = await Promise.all([database.db.select().from(s.visibilityLevels), getTierDefinitions(database)]);
  return ACCESS_LEVELS.map((name) => {
    const row = rows.find((r) => r.name === name);
    return {
      name,
      id: row?.id ?? null,
      values: tierToFormValues((row as TierRecord | undefined) ?? LEGACY_TIERS[name]),
      limits: quotaLimits(name, tiers[name]),
    };
  });
}

export async function updateTier(
  database: Database,
  name: AccessLevel,
  input: Record<string, unknown>,
  admin: { id: string },
): Promise<TierOutcome> {
  const parsed = parseTierForm(input);
  if (!parsed.ok) return { ok: false, message: "Please correct the highlighted fields.", errors: parsed.errors, values: parsed.values };
  const values = tierToFormValues({ ...LEGACY_TIERS[name], ...parsed.data });
  const outcome = await database.db.transaction(async (tx): Promise<TierOutcome> => {
    const rows = await tx.select().from(s.visibilityLevels);
    const ranks = Object.fromEntries(ACCESS_LEVELS.map((l) => [l, rows.find((r) => r.name === l)?.rank ?? LEGACY_TIERS[l].rank])) as Record<
      AccessLevel,
      number
    >;
    const rankError = rankOrderError(name, parsed.data.rank, ranks);
    if (rankError) return { ok: false, message: "Please correct the highlighted fields.", errors: { rank: rankError }, values };
    const before = rows.find((r) => r.name === name) ?? null;
    const [after] = before
      ? await tx.update(s.visibilityLevels).set(parsed.data).where(eq(s.visibilityLevels.id, before.id)).returning()
      : await tx
          .insert(s.visibilityLevels)
          .values({ ...parsed.data, name })
          .returning();
    await recordAudit(tx, {
      operation: "tier_edit",
      source: "admin",
      action: before ? "updated" : "created",
      companyName: name,
      recordId: `visibility_levels:${after!.id}`,
      actorId: admin.id,
      details: { table: "visibility_levels", before, after },
    });
    return { ok: true };
  });
  // The tier records' caches, and the reference lists, which carry each level's display name and rank too.
  if (outcome.ok) await announceChange(database, "tier-records");
  return outcome;
}
