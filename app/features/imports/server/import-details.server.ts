/**
 * The rows an imported company brings besides its listing (issue 7 §3): industry records, team members, the
 * funding round and its investor relationships, and the funding summary derived from the rounds. Each write is
 * idempotent, so importing the same company again adds nothing. Runs inside the importer's transaction.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { fundingRounds, investorRelationships, teamMembers } from "#db/schema/listing-details.ts";
import { industryName } from "~/features/taxonomy/taxonomy.ts";
import { execRows, type Db } from "~/lib/db.server.ts";
import type { ImportedFundingRound, ImportedInvestor, ImportedTeamMember } from "../provider/map-provider-record.ts";
import { STAGE_OF_ROUND } from "../funding-stage.ts";
import type { ImportIndustry } from "../processing-rules.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const normalised = (name: string) => name.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();

/**
 * The industry record of each taxonomy key: the record holding the key; else the one named 'Primary: Secondary';
 * else, before the taxonomy migration, the flat record named the primary category (the migration later moves the
 * listing with it); else a new taxonomy record, created as the migration would create it.
 */
export async function industryIdsFor(tx: Tx, industries: readonly ImportIndustry[]): Promise<number[]> {
  const ids: number[] = [];
  for (const industry of industries) {
    const name = industryName(industry.primary, industry.secondary);
    const [found] = await execRows<{ id: number }>(
      tx,
      sql`SELECT id FROM industries
          WHERE industry_key = ${industry.key} OR lower(name) = lower(${name})
             OR (industry_key IS NULL AND lower(name) = lower(${industry.primary}))
          ORDER BY (industry_key = ${industry.key}) IS TRUE DESC, (lower(name) = lower(${name})) DESC, id LIMIT 1`,
    );
    let id = found?.id;
    if (id === undefined) {
      const [created] = await execRows<{ id: number }>(
        tx,
        sql`INSERT INTO industries (name, primary_category, secondary_category, industry_key, leads_on_trees_source, mapping_confidence)
            VALUES (${name}, ${industry.primary}, ${industry.secondary}, ${industry.key}, true, ${industry.confidence}) RETURNING id`,
      );
      id = created!.id;
    }
    if (!ids.includes(Number(id))) ids.push(Number(id));
  }
  return ids;
}

/** A team member's row (isCeo, firstName and lastName are the mapper's working fields, not columns). */
export function teamMemberRow(listingId: string, position: number, member: ImportedTeamMember): typeof teamMembers.$inferInsert {
  const { name, title, email, linkedinUrl, photoUrl } = member;
  return { listingId, position, name, title, email, linkedinUrl, photoUrl };
}

/** Adds the people the listing does not list yet (same name, without case or spacing), after the ones it has. */
export async function addTeamMembers(tx: Tx, listingId: string, team: readonly ImportedTeamMember[]): Promise<number> {
  const existing = await execRows<{ name: string; position: number }>(
    tx,
    sql`SELECT name, position FROM team_members WHERE listing_id = ${listingId}`,
  );
  const known = new Set(existing.map((m) => normalised(m.name)));
  let position = existing.reduce((max, m) => Math.max(max, Number(m.position) + 1), 0);
  const rows: Array<typeof teamMembers.$inferInsert> = [];
  for (const member of team) {
    if (known.has(normalised(member.name))) continue;
    known.add(normalised(member.name));
    rows.push(teamMemberRow(listingId, position++, member));
  }
  if (rows.length) await tx.insert(teamMembers).values(rows);
  return rows.length;
}

/**
 * The round (unless the listing already has one with its provider id) and one active relationship per investor
 * and round, linked to the investor's listing when one of exactly that name exists. Returns what was added.
 */
export async function addRoundAndInvestors(
  tx: Tx,
  listingId: string,
  round: ImportedFundingRound | null,
  investors: readonly ImportedInvestor[],
): Promise<{ roundAdded: boolean; relationshipsAdded: number }> {
  if (!round) return { roundAdded: false, relationshipsAdded: 0 };
  const [existing] = await execRows<{ id: number }>(
    tx,
    sql`SELECT id FROM funding_rounds WHERE listing_id = ${listingId} AND lot_data_id = ${round.lotDataId} ORDER BY id LIMIT 1`,
  );
  let roundId = existing?.id;
  if (roundId === undefined) {
    const [inserted] = await tx
      .insert(fundingRounds)
      .values({
        listingId,
        amount: round.amount,
        currency: round.currency,
        roundType: round.roundType,
        fundingDate: round.fundingDate,
        dataSource: round.dataSource,
        lotDataId: round.lotDataId,
        allInvestors: round.allInvestors,
        notes: round.notes,
      })
      .returning({ id: fundingRounds.id });
    roundId = inserted!.id;
  }
  const known = await tx
    .select({ name: investorRelationships.investorName })
    .from(investorRelationships)
    .where(and(eq(investorRelationships.companyId, listingId), eq(investorRelationships.fundingRoundId, roundId)));
  const seen = new Set(known.map((k) => normalised(k.name)));
  let relationshipsAdded = 0;
  for (const investor of investors) {
    if (seen.has(normalised(investor.name))) continue;
    seen.add(normalised(investor.name));
    const [linked] = await execRows<{ id: string }>(
      tx,
      // The LIKE (no wildcards left) lets the name's trigram index answer; the equality keeps the match exact.
      sql`SELECT id::text FROM listings WHERE lower(name) LIKE lower(${investor.name.replace(/[\\%_]/g, "\\$&")}) AND name = ${investor.name}
          AND type = 'investor' AND processing_status <> 'merged' ORDER BY created_at, id LIMIT 1`,
    );
    await tx.insert(investorRelationships).values({
      companyId: listingId,
      investorId: linked?.id ?? null,
      investorName: investor.name,
      fundingRoundId: roundId,
      investmentStatus: investor.investmentStatus,
    });
    relationshipsAdded += 1;
  }
  return { roundAdded: existing === undefined, relationshipsAdded };
}

/**
 * Total raised, round count, the latest round and the stage (funding-stage.ts), from the rounds the listing holds (one record knows one round,
 * decision 0025). A listing without rounds keeps the summary it has: there is nothing to derive it from.
 */
export async function recomputeFundingSummary(tx: Tx, listingId: string): Promise<void> {
  await tx.execute(sql`
    WITH r AS (SELECT id, amount, round_type, funding_date FROM funding_rounds WHERE listing_id = ${listingId}),
    latest AS (SELECT amount, round_type, funding_date FROM r ORDER BY funding_date DESC NULLS LAST, id DESC LIMIT 1)
    UPDATE listings SET
      total_funding_raised = (SELECT sum(amount) FROM r),
      funding_round_count = (SELECT count(*) FROM r),
      latest_round_date = latest.funding_date,
      latest_round_amount = latest.amount,
      latest_round_type = latest.round_type,
      funding_stage_id = ${fundingStageFromRounds()}
    FROM latest WHERE listings.id = ${listingId}`);
}

/**
 * funding-stage.ts's rule as SQL, for an UPDATE of listings: the stage the listing's latest round naming one gives,
 * else the stage it has. Built from STAGE_OF_ROUND, so the two cannot drift apart.
 */
export function fundingStageFromRounds(): SQL {
  const named = Object.entries(STAGE_OF_ROUND).filter((entry): entry is [string, string] => entry[1] !== null);
  const cases = sql.join(
    named.map(([round, stage]) => sql`WHEN ${round} THEN ${stage}`),
    sql` `,
  );
  return sql`coalesce((SELECT s.id FROM funding_rounds fr JOIN funding_stages s ON s.name = (CASE fr.round_type ${cases} END)
    WHERE fr.listing_id = listings.id ORDER BY fr.funding_date DESC NULLS LAST, fr.id DESC, s.id LIMIT 1), listings.funding_stage_id)`;
}
