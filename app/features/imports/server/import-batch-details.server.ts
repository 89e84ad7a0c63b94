/**
 * The rows a batch of imported companies brings besides their listings, in a few statements for the whole batch:
 * team members, funding rounds, investor relationships and the funding summaries. The rules are the one-by-one
 * path's (import-details.server.ts): a person, round or investor the listing already has is not added again.
 */
import { inArray, sql } from "drizzle-orm";
import { fundingRounds, investorRelationships, teamMembers } from "#db/schema/listing-details.ts";
import { execRows, textArray, uuidArray } from "~/lib/db.server.ts";
import { fundingStageFromRounds, teamMemberRow, type Tx } from "./import-details.server.ts";
import type { ImportedCompany } from "../provider/map-provider-record.ts";

/** A company of the batch and its listing; the counts are filled in here. */
export interface BatchCompany {
  company: ImportedCompany;
  listingId: string;
  /** The listing existed before the batch (merged into or updated): it may have people, rounds and investors. */
  target: unknown;
  teamAdded: number;
  roundAdded: boolean;
  relationshipsAdded: number;
}

const normalised = (name: string) => name.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();

/** The team, round and investor rows of the batch, each added once (same rules as import-details.server.ts). */
export async function addBatchDetails(tx: Tx, planned: BatchCompany[], investorId: (name: string) => string | null) {
  const existingIds = planned.filter((p) => p.target).map((p) => p.listingId);
  const team = existingIds.length
    ? await execRows<{ listing_id: string; name: string; position: number }>(
        tx,
        sql`SELECT listing_id::text, name, position FROM team_members WHERE listing_id = ANY(${uuidArray(existingIds)})`,
      )
    : [];
  const members: Array<typeof teamMembers.$inferInsert> = [];
  for (const p of planned) {
    const own = team.filter((m) => m.listing_id === p.listingId);
    const names = new Set(own.map((m) => normalised(m.name)));
    let position = own.reduce((max, m) => Math.max(max, Number(m.position) + 1), 0);
    for (const member of p.company.team) {
      if (names.has(normalised(member.name))) continue;
      names.add(normalised(member.name));
      members.push(teamMemberRow(p.listingId, position++, member));
      p.teamAdded += 1;
    }
  }
  if (members.length) await tx.insert(teamMembers).values(members);

  const withRound = planned.filter((p) => p.company.fundingRound);
  if (!withRound.length) return;
  const roundKey = (listingId: string, lotDataId: string) => `${listingId} ${lotDataId}`;
  const rounds = new Map<string, number>();
  const lotIds = withRound.map((p) => p.company.fundingRound!.lotDataId);
  for (const r of await execRows<{ id: number; listing_id: string; lot_data_id: string }>(
    tx,
    sql`SELECT id, listing_id::text, lot_data_id FROM funding_rounds
        WHERE listing_id = ANY(${uuidArray(withRound.map((p) => p.listingId))}) AND lot_data_id = ANY(${textArray(lotIds)})
        ORDER BY id DESC`,
  ))
    rounds.set(roundKey(r.listing_id, r.lot_data_id), Number(r.id));
  const newRounds = withRound.filter((p) => !rounds.has(roundKey(p.listingId, p.company.fundingRound!.lotDataId)));
  if (newRounds.length) {
    const inserted = await tx
      .insert(fundingRounds)
      .values(newRounds.map((p) => ({ ...p.company.fundingRound!, listingId: p.listingId })))
      .returning({ id: fundingRounds.id, listingId: fundingRounds.listingId, lotDataId: fundingRounds.lotDataId });
    for (const r of inserted) rounds.set(roundKey(r.listingId, r.lotDataId!), r.id);
    for (const p of newRounds) p.roundAdded = true;
  }

  const roundIds = [...new Set(withRound.map((p) => rounds.get(roundKey(p.listingId, p.company.fundingRound!.lotDataId))!))];
  const known = await tx
    .select({
      companyId: investorRelationships.companyId,
      roundId: investorRelationships.fundingRoundId,
      name: investorRelationships.investorName,
    })
    .from(investorRelationships)
    .where(inArray(investorRelationships.fundingRoundId, roundIds));
  const seen = new Set(known.map((k) => `${k.companyId} ${k.roundId} ${normalised(k.name)}`));
  const relationships: Array<typeof investorRelationships.$inferInsert> = [];
  for (const p of withRound) {
    const roundId = rounds.get(roundKey(p.listingId, p.company.fundingRound!.lotDataId))!;
    for (const investor of p.company.investors) {
      const key = `${p.listingId} ${roundId} ${normalised(investor.name)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      relationships.push({
        companyId: p.listingId,
        investorId: investorId(investor.name),
        investorName: investor.name,
        fundingRoundId: roundId,
        investmentStatus: investor.investmentStatus,
      });
      p.relationshipsAdded += 1;
    }
  }
  if (relationships.length) await tx.insert(investorRelationships).values(relationships);
}

/** Total raised, round count, the latest round and the stage of every listing given, from its rounds (import-details.server.ts). */
export async function recomputeFundingSummaries(tx: Tx, ids: string[]) {
  if (!ids.length) return;
  await tx.execute(sql`
    WITH r AS (SELECT listing_id, sum(amount) AS total, count(*) AS n FROM funding_rounds WHERE listing_id = ANY(${uuidArray(ids)}) GROUP BY listing_id),
    latest AS (SELECT DISTINCT ON (listing_id) listing_id, amount, round_type, funding_date FROM funding_rounds
               WHERE listing_id = ANY(${uuidArray(ids)}) ORDER BY listing_id, funding_date DESC NULLS LAST, id DESC)
    UPDATE listings SET total_funding_raised = r.total, funding_round_count = r.n, latest_round_date = latest.funding_date,
      latest_round_amount = latest.amount, latest_round_type = latest.round_type, funding_stage_id = ${fundingStageFromRounds()}
    FROM r JOIN latest USING (listing_id) WHERE listings.id = r.listing_id`);
}
