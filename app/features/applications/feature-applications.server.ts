/**
 * Feature applications (issue 4 §4): stored as sent, screened by an operator who may edit them, approved into
 * a published listing (optionally featured) or rejected with a reason; the applicant hears either way.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { featureApplications } from "#db/schema/applications.ts";
import { howItWorksSteps, teamMembers } from "#db/schema/listing-details.ts";
import { listings } from "#db/schema/listings.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import { slugify, uniqueSlug } from "~/features/catalog/slug.ts";
import { recordFieldWrite } from "~/features/catalog/field-provenance.server.ts";
import { classifyWrite } from "~/features/catalog/field-provenance.ts";
import { refreshMatchColumns } from "~/features/duplicates/server/duplicate-scan.server.ts";
import { matchColumns } from "~/features/duplicates/matching/match-columns.ts";
import { registrableDomain } from "~/features/duplicates/matching/url-keys.ts";
import { fileUrl, storeFile } from "~/features/media/stored-files.server.ts";
import { inTransactionOf } from "~/lib/atomic-limit.server.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv, publicUrl } from "~/lib/env.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { sendEmail } from "~/lib/mailer.server.ts";
import { defineRateLimit } from "~/lib/rate-limit.server.ts";
import { applicationApprovedEmail, applicationReceivedEmail, applicationRejectedEmail } from "./application-emails.ts";
import type { FeatureApplicationInput, FeatureType } from "./feature-application.ts";

/** Applications per client address per hour. */
export const featureApplicationAttempts = defineRateLimit({ name: "feature-application", limit: 5, windowSeconds: 60 * 60 });

export type FeatureApplicationRow = typeof featureApplications.$inferSelect;
export type ApplicationStatus = FeatureApplicationRow["status"];

/**
 * Stores an application that passed every check, with its logo (already checked by checkLogo) in the same
 * transaction: a logo is never stored without the application that uses it.
 */
export async function submitFeatureApplication(
  database: Database,
  {
    type,
    input,
    logo,
    userId,
    clientAddress,
  }: {
    type: FeatureType;
    input: FeatureApplicationInput;
    logo: { contentType: string; bytes: Uint8Array } | null;
    userId: string | null;
    clientAddress: string;
  },
): Promise<string> {
  const id = await database.db.transaction(async (tx) => {
    const logoFileId = logo ? await storeFile(inTransactionOf(database, tx), logo.contentType, logo.bytes) : null;
    const [row] = await tx
      .insert(featureApplications)
      .values({ type, ...input, logoFileId, userId, clientAddress })
      .returning({ id: featureApplications.id });
    await recordAudit(tx, {
      operation: "feature_application",
      source: userId ? "member" : "visitor",
      action: "created",
      companyName: input.name,
      recordId: row!.id,
      actorId: userId,
    });
    return row!.id;
  });
  await sendEmail(database, applicationReceivedEmail(input));
  return id;
}

export function listFeatureApplications({ db }: Database, status: ApplicationStatus | null) {
  return db
    .select()
    .from(featureApplications)
    .where(status ? eq(featureApplications.status, status) : undefined)
    .orderBy(desc(featureApplications.createdAt))
    .limit(200);
}

export async function countFeatureApplicationsByStatus({ db }: Database): Promise<Partial<Record<ApplicationStatus, number>>> {
  const rows = await db
    .select({ status: featureApplications.status, n: count() })
    .from(featureApplications)
    .groupBy(featureApplications.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

export async function getFeatureApplication({ db }: Database, id: string): Promise<FeatureApplicationRow | null> {
  const [row] = await db.select().from(featureApplications).where(eq(featureApplications.id, id)).limit(1);
  return row ?? null;
}

export interface PossibleDuplicate {
  id: string;
  name: string;
  type: string;
  slug: string;
  reason: string;
}

/**
 * Listings each application may duplicate: the same registrable domain (the matcher's, so shared hosts do not
 * count), or a near-identical name (trigram similarity of at least 0.8 on the lowercased names, which the
 * listings' trigram index serves). The match columns are brought up to date once for all of them.
 */
export async function possibleDuplicates(
  database: Database,
  applications: ReadonlyArray<{ id: string; name: string; websiteUrl: string }>,
): Promise<Map<string, PossibleDuplicate[]>> {
  const found = new Map<string, PossibleDuplicate[]>();
  if (!applications.length) return found;
  await refreshMatchColumns(database);
  for (const { id, name, websiteUrl } of applications) {
    const domain = registrableDomain(websiteUrl);
    const rows = await database.rows<{
      id: string;
      name: string;
      type: string;
      slug: string;
      same_domain: boolean;
      similarity: number;
    }>(sql`
      SELECT id, name, type, slug, coalesce(match_domain = ${domain}, false) AS same_domain, similarity(lower(name), lower(${name})) AS similarity
      FROM listings
      WHERE processing_status <> 'merged' AND (lower(name) % lower(${name}) OR match_domain = ${domain})
      ORDER BY similarity DESC
      LIMIT 20`);
    found.set(
      id,
      rows
        .filter((r) => r.same_domain || r.similarity >= 0.8)
        .slice(0, 5)
        .map((r) => ({
          id: r.id,
          name: r.name,
          type: r.type,
          slug: r.slug,
          reason: [
            r.same_domain ? `same website domain (${domain})` : null,
            r.similarity >= 0.8 ? `name ${Number(r.similarity).toFixed(2)}` : null,
          ]
            .filter(Boolean)
            .join(", "),
        })),
    );
  }
  return found;
}

export async function updateFeatureApplication(
  database: Database,
  id: string,
  input: FeatureApplicationInput,
  admin: { id: string },
): Promise<void> {
  await database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(featureApplications)
      .set({ ...input })
      .where(and(eq(featureApplications.id, id), eq(featureApplications.status, "new")))
      .returning({ id: featureApplications.id });
    if (!row) throw new AppError("conflict", "Only applications still under review can be edited.");
    await recordAudit(tx, {
      operation: "feature_application",
      source: "admin",
      action: "edited",
      companyName: input.name,
      recordId: id,
      actorId: admin.id,
    });
  });
}

/** Approves into a published listing with its team and steps, in one transaction with the application's new status. */
export async function approveFeatureApplication(
  database: Database,
  id: string,
  { featured, admin, now = new Date() }: { featured: boolean; admin: { id: string }; now?: Date },
) {
  const application = await getFeatureApplication(database, id);
  if (!application) notFound("No such application.");
  if (application.status !== "new") throw new AppError("conflict", "This application was already decided.");
  const listing = await database.db.transaction(async (tx) => {
    const base = slugify(application.name);
    const taken = await tx
      .select({ slug: listings.slug })
      .from(listings)
      .where(and(eq(listings.type, application.type), sql`${listings.slug} LIKE ${`${base}%`}`));
    const slug = uniqueSlug(application.name, new Set(taken.map((t) => t.slug)));
    const values = {
      slug,
      type: application.type,
      name: application.name,
      logoUrl: application.logoFileId ? fileUrl(application.logoFileId) : null,
      tagline: application.tagline,
      description: application.description,
      websiteUrl: application.websiteUrl,
      ...matchColumns(application),
      linkedinUrl: application.linkedinUrl,
      featured,
      industryIds: application.industryIds,
      geographyIds: application.geographyIds,
      // The headquarters country leads the listing's countries (the listing has no column of its own for it).
      countryIds: application.hqCountryId
        ? [application.hqCountryId, ...application.countryIds.filter((c) => c !== application.hqCountryId)]
        : application.countryIds,
      fundingStageId: application.fundingStageId,
      businessModelId: application.businessModelId,
      problem: application.problem,
      solution: application.solution,
      timing: application.timing,
      visibility: "public" as const,
      primaryContact: application.contactName,
      primaryContactEmail: application.contactEmail,
      hqStreet: application.hqStreet,
      hqCity: application.hqCity,
      hqRegion: application.hqRegion,
      hqPostalCode: application.hqPostalCode,
      phone: application.phone,
      contactEmail: application.companyEmail,
      foundedYear: application.foundedYear,
      teamSize: application.teamSize,
      totalFundingRaised: application.totalFundingRaised,
      latestRoundType: application.latestRoundType,
      latestRoundDate: application.latestRoundDate,
      processingStatus: "published",
      dataSource: "application",
    };
    const [created] = await tx.insert(listings).values(values).returning({ id: listings.id, slug: listings.slug, type: listings.type });
    if (application.team.length) {
      await tx
        .insert(teamMembers)
        .values(application.team.map((m, position) => ({ listingId: created!.id, position, name: m.name, title: m.title || null })));
    }
    if (application.howItWorks.length) {
      await tx.insert(howItWorksSteps).values(application.howItWorks.map((text, position) => ({ listingId: created!.id, position, text })));
    }
    // Every value the company sent (as the operator may have corrected it) is the company's, from the approval on.
    const { changed } = classifyWrite(null, { ...values, team: application.team, howItWorks: application.howItWorks });
    await recordFieldWrite(tx, created!.id, { source: "feature_application", at: now, changed });
    const [decided] = await tx
      .update(featureApplications)
      .set({ status: "approved", featured, listingId: created!.id, reviewedBy: admin.id, reviewedAt: now })
      .where(and(eq(featureApplications.id, id), eq(featureApplications.status, "new")))
      .returning({ id: featureApplications.id });
    if (!decided) throw new AppError("conflict", "This application was already decided.");
    await recordAudit(tx, {
      operation: "feature_application",
      source: "admin",
      action: "approved",
      companyName: application.name,
      recordId: id,
      actorId: admin.id,
      details: { listingId: created!.id, featured },
    });
    return created!;
  });
  await announceChange(database, "listings");
  const profile = `${publicUrl(getEnv())}/profile/${listing.type}/${listing.slug}`;
  await sendEmail(database, applicationApprovedEmail(application, { featured, profileUrl: profile }));
  return listing;
}

export async function rejectFeatureApplication(
  database: Database,
  id: string,
  { reason, admin }: { reason: string; admin: { id: string } },
): Promise<void> {
  const application = await getFeatureApplication(database, id);
  if (!application) notFound("No such application.");
  await database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(featureApplications)
      .set({ status: "rejected", decisionNote: reason, reviewedBy: admin.id, reviewedAt: new Date() })
      .where(and(eq(featureApplications.id, id), eq(featureApplications.status, "new")))
      .returning({ id: featureApplications.id });
    if (!row) throw new AppError("conflict", "This application was already decided.");
    await recordAudit(tx, {
      operation: "feature_application",
      source: "admin",
      action: "rejected",
      companyName: application.name,
      recordId: id,
      actorId: admin.id,
      details: { reason },
    });
  });
  await sendEmail(database, applicationRejectedEmail(application, reason));
}
