/**
 * A base's funding rounds and investor relationships upserted (issue 7 §7; decision 0029), each linked to the
 * listings its company (and investor) records became. Neither table has a column for a base record id: a round keeps
 * its key in lot_data_id, a relationship is found again by what it says.
 */
import { and, eq, sql } from "drizzle-orm";
import { fundingRounds, investorRelationships } from "#db/schema/listing-details.ts";
import type { Tx } from "../server/import-details.server.ts";
import { normaliseRoundType } from "../processing-rules.ts";
import { dateOnly } from "./listing-columns.ts";
import type { FundingRoundItem, InvestorRelationshipItem } from "./map-spreadsheet-reference.ts";

/**
 * A round is found again by its key in lot_data_id: the base's LOT Data ID when it has one (so a later provider
 * import of the same round finds it too), else "{source}/{record id}".
 */
export async function upsertRound(tx: Tx, round: FundingRoundItem, listingId: string, source: string) {
  const key = round.lotDataId ?? `${source}/${round.externalId}`;
  const values = {
    listingId,
    amount: round.amount,
    currency: round.currency ?? "USD",
    roundType: normaliseRoundType(round.roundType) ?? "other",
    fundingDate: dateOnly(round.fundingDate),
    dataSource: round.dataSource ?? "spreadsheet import",
    lotDataId: key,
    announcementUrl: round.announcementUrl,
    allInvestors: round.allInvestors,
    notes: round.notes,
  };
  const [existing] = await tx
    .select()
    .from(fundingRounds)
    .where(
      round.lotDataId ? and(eq(fundingRounds.listingId, listingId), eq(fundingRounds.lotDataId, key)) : eq(fundingRounds.lotDataId, key),
    )
    .limit(1);
  if (!existing) {
    const [inserted] = await tx.insert(fundingRounds).values(values).returning({ id: fundingRounds.id });
    return { id: inserted!.id, outcome: "created" as const };
  }
  const same = (Object.keys(values) as Array<keyof typeof values>).every((k) => String(existing[k] ?? "") === String(values[k] ?? ""));
  if (same) return { id: existing.id, outcome: "skipped" as const };
  await tx
    .update(fundingRounds)
    .set({ ...values, lastUpdated: new Date() })
    .where(eq(fundingRounds.id, existing.id));
  return { id: existing.id, outcome: "updated" as const };
}

/**
 * A relationship has no column for its record id: it is found again by what the record says, its company, its
 * round and its investor's name; the investor link and status are brought up to date.
 */
export async function upsertRelationship(
  tx: Tx,
  relation: InvestorRelationshipItem,
  companyId: string,
  investor: { id: string; name: string } | null,
  roundId: number | null,
): Promise<"created" | "updated" | "skipped"> {
  const investorName = investor?.name ?? relation.investorName!;
  const r = investorRelationships;
  const [existing] = await tx
    .select()
    .from(r)
    .where(
      and(
        eq(r.companyId, companyId),
        eq(r.investorName, investorName),
        roundId === null ? sql`${r.fundingRoundId} IS NULL` : eq(r.fundingRoundId, roundId),
      ),
    )
    .limit(1);
  const values = { investorId: investor?.id ?? null, investmentStatus: relation.investmentStatus, notes: relation.notes };
  if (!existing) {
    await tx.insert(r).values({ companyId, investorName, fundingRoundId: roundId, ...values });
    return "created";
  }
  if (existing.investorId === values.investorId && existing.investmentStatus === values.investmentStatus && existing.notes === values.notes)
    return "skipped";
  await tx.update(r).set(values).where(eq(r.id, existing.id));
  return "updated";
}
