import { sql } from "drizzle-orm";
import type { Database } from "../../app/lib/db.server.ts";
import * as s from "../schema/index.ts";
import { generateListings, type ReferenceIds } from "./generate-listings.ts";
import * as ref from "./reference-data.ts";

const BATCH = 500;

/** Inserts the reference lists (idempotent) and returns their ids for the listing generator. */
export async function seedReferenceData({ db }: Database): Promise<ReferenceIds> {
  const now = new Date();
  await db
    .insert(s.industries)
    .values(ref.PRIMARY_CATEGORIES.map((name) => ({ name, primaryCategory: name })))
    .onConflictDoNothing();
  await db
    .insert(s.geographies)
    .values(ref.GEOGRAPHIES.map((name) => ({ name })))
    .onConflictDoNothing();
  const geos = await db.select({ id: s.geographies.id, name: s.geographies.name }).from(s.geographies);
  const geoId = new Map(geos.map((g) => [g.name, g.id]));
  await db
    .insert(s.countries)
    .values(
      ref.COUNTRIES.map(([name, isoCode, geo]) => ({
        name,
        isoCode,
        emoji: ref.flagEmoji(isoCode),
        geographyId: geoId.get(geo)!,
        dataSource: "demo",
        lastUpdated: now,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(s.fundingStages)
    .values(ref.FUNDING_STAGES.map((name, i) => ({ name, sortOrder: i, dataSource: "demo" })))
    .onConflictDoNothing();
  await db
    .insert(s.targetPersonas)
    .values(ref.TARGET_PERSONAS.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(s.businessModels)
    .values(ref.BUSINESS_MODELS.map(([code, name]) => ({ code, name })))
    .onConflictDoNothing();
  await db
    .insert(s.revenueRanges)
    .values(ref.REVENUE_RANGES.map(([code, name], i) => ({ code, name, sortOrder: i })))
    .onConflictDoNothing();
  await db
    .insert(s.visibilityLevels)
    .values(ref.VISIBILITY_LEVELS.map((v) => ({ ...v })))
    .onConflictDoNothing();
  await db
    .insert(s.fieldVisibilityRules)
    .values(ref.FIELD_VISIBILITY_RULES.map(([fieldName, accessLevel]) => ({ fieldName, accessLevel })))
    .onConflictDoNothing();

  return {
    industries: await db.select({ id: s.industries.id, name: s.industries.name }).from(s.industries).orderBy(s.industries.id),
    geographies: geos,
    countries: (
      await db
        .select({ id: s.countries.id, name: s.countries.name, geographyId: s.countries.geographyId })
        .from(s.countries)
        .orderBy(s.countries.id)
    ).map((c) => ({ ...c, geographyId: c.geographyId! })),
    fundingStages: await db
      .select({ id: s.fundingStages.id, name: s.fundingStages.name })
      .from(s.fundingStages)
      .orderBy(s.fundingStages.sortOrder),
    personas: await db.select({ id: s.targetPersonas.id, name: s.targetPersonas.name }).from(s.targetPersonas).orderBy(s.targetPersonas.id),
    businessModels: await db
      .select({ id: s.businessModels.id, code: s.businessModels.code })
      .from(s.businessModels)
      .orderBy(s.businessModels.id),
    revenueRanges: await db
      .select({ id: s.revenueRanges.id, code: s.revenueRanges.code })
      .from(s.revenueRanges)
      .orderBy(s.revenueRanges.sortOrder),
  };
}

/** Fills the database with `count` demo listings and everything they link to. */
export async function seedListings(database: Database, count: number, onProgress?: (done: number) => void): Promise<void> {
  const refs = await seedReferenceData(database);
  let batch: ReturnType<typeof generateListings> extends Generator<infer T> ? T[] : never = [];
  let done = 0;
  const flush = async () => {
    if (!batch.length) return;
    const current = batch;
    batch = [];
    await database.db.transaction(async (tx) => {
      const ids = await tx
        .insert(s.listings)
        .values(current.map((g) => g.listing as typeof s.listings.$inferInsert))
        .returning({ id: s.listings.id });
      const team: (typeof s.teamMembers.$inferInsert)[] = [];
      const faqs: (typeof s.faqs.$inferInsert)[] = [];
      const useCases: (typeof s.keyUseCases.$inferInsert)[] = [];
      const steps: (typeof s.howItWorksSteps.$inferInsert)[] = [];
      const rounds: Array<typeof s.fundingRounds.$inferInsert & { investors: string[] }> = [];
      current.forEach((g, i) => {
        const listingId = ids[i]!.id;
        g.team.forEach((m, position) => team.push({ listingId, position, ...m }));
        g.faqs.forEach((f, position) => faqs.push({ listingId, position, ...f }));
        g.useCases.forEach((u, position) => useCases.push({ listingId, position, ...u }));
        g.steps.forEach((text, position) => steps.push({ listingId, position, text }));
        g.rounds.forEach((r) =>
          rounds.push({
            listingId,
            amount: r.amount,
            roundType: r.roundType as never,
            fundingDate: r.fundingDate,
            currency: "USD",
            dataSource: "demo",
            allInvestors: r.investors.join(", "),
            investors: r.investors,
          }),
        );
      });
      if (team.length) await tx.insert(s.teamMembers).values(team);
      if (faqs.length) await tx.insert(s.faqs).values(faqs);
      if (useCases.length) await tx.insert(s.keyUseCases).values(useCases);
      if (steps.length) await tx.insert(s.howItWorksSteps).values(steps);
      if (rounds.length) {
        const roundIds = await tx
          .insert(s.fundingRounds)
          .values(rounds.map(({ investors: _, ...r }) => r))
          .returning({ id: s.fundingRounds.id });
        const relations = rounds.flatMap((r, i) =>
          r.investors.map((investorName) => ({ companyId: r.listingId, investorName, fundingRoundId: roundIds[i]!.id })),
        );
        if (relations.length) {
          await tx.insert(s.investorRelationships).values(relations);
          // Link each relation to the investor's own listing when it is in the directory.
          await tx.execute(
            sql`UPDATE investor_relationships r SET investor_id = l.id FROM listings l WHERE r.investor_id IS NULL AND l.type = 'investor' AND l.name = r.investor_name`,
          );
        }
      }
    });
    done += current.length;
    onProgress?.(done);
  };
  for (const generated of generateListings(count, refs)) {
    batch.push(generated);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
}

export async function countListings(database: Database): Promise<number> {
  const [row] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM listings`);
  return row?.n ?? 0;
}
