import { asc, eq, getTableColumns } from "drizzle-orm";
import { faqs, fundingRounds, howItWorksSteps, keyUseCases, teamMembers } from "#db/schema/listing-details.ts";
import { listings } from "#db/schema/listings.ts";
import type { Database } from "~/lib/db.server.ts";
import type { EditableListing, ListingContent, ListingRow } from "./listing-snapshot.ts";

type Reader = Pick<Database["db"], "select">;

const { searchVector: _searchVector, ...listingColumns } = getTableColumns(listings);

/** The child lists of a listing in their saved order (rounds by id: they have no position column). */
export async function readChildren(db: Reader, listingId: string): Promise<Omit<ListingContent<ListingRow>, "columns">> {
  const [team, faqRows, useCases, steps, rounds] = await Promise.all([
    db
      .select({
        name: teamMembers.name,
        title: teamMembers.title,
        photoUrl: teamMembers.photoUrl,
        linkedinUrl: teamMembers.linkedinUrl,
        email: teamMembers.email,
      })
      .from(teamMembers)
      .where(eq(teamMembers.listingId, listingId))
      .orderBy(asc(teamMembers.position), asc(teamMembers.id)),
    db
      .select({ question: faqs.question, answer: faqs.answer })
      .from(faqs)
      .where(eq(faqs.listingId, listingId))
      .orderBy(asc(faqs.position), asc(faqs.id)),
    db
      .select({ title: keyUseCases.title, description: keyUseCases.description })
      .from(keyUseCases)
      .where(eq(keyUseCases.listingId, listingId))
      .orderBy(asc(keyUseCases.position), asc(keyUseCases.id)),
    db
      .select({ text: howItWorksSteps.text })
      .from(howItWorksSteps)
      .where(eq(howItWorksSteps.listingId, listingId))
      .orderBy(asc(howItWorksSteps.position), asc(howItWorksSteps.id)),
    db
      .select({
        id: fundingRounds.id,
        roundType: fundingRounds.roundType,
        amount: fundingRounds.amount,
        currency: fundingRounds.currency,
        fundingDate: fundingRounds.fundingDate,
        announcementUrl: fundingRounds.announcementUrl,
        allInvestors: fundingRounds.allInvestors,
        notes: fundingRounds.notes,
      })
      .from(fundingRounds)
      .where(eq(fundingRounds.listingId, listingId))
      .orderBy(asc(fundingRounds.id)),
  ]);
  return {
    team,
    faqs: faqRows,
    keyUseCases: useCases,
    howItWorks: steps.map((s) => s.text),
    fundingRounds: rounds.map((r) => ({ ...r, amount: r.amount === null ? null : Number(r.amount) })),
  };
}

/** The listing row without its search vector; `lock` takes a row lock for the rest of a transaction. */
export async function readListingRow(db: Reader, id: string, { lock = false } = {}): Promise<ListingRow | null> {
  const query = db.select(listingColumns).from(listings).where(eq(listings.id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** One listing with its child lists and, when merged, the listing it was merged into. */
export async function getListingForEdit(database: Database, id: string): Promise<EditableListing | null> {
  const { db } = database;
  const columns = await readListingRow(db, id);
  if (!columns) return null;
  const [children, survivor] = await Promise.all([
    readChildren(db, id),
    columns.mergedInto
      ? db
          .select({ id: listings.id, name: listings.name })
          .from(listings)
          .where(eq(listings.id, columns.mergedInto))
          .then((rows) => rows[0] ?? null)
      : Promise.resolve(null),
  ]);
  return { columns, ...children, survivor };
}
