/** Test code only: a small directory whose matches are known, on top of the demo reference lists. */
import { inArray } from "drizzle-orm";
import * as s from "#db/schema/index.ts";
import { seedReferenceData } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import type { AccessLevel } from "../access/tiers.ts";

interface Planned {
  slug: string;
  type: "startup" | "investor" | "partner";
  industries: string[];
  geographies: string[];
  countries?: string[];
  stage?: string;
  stageFocus?: string;
  visibility?: AccessLevel;
  processingStatus?: string;
  featured?: boolean;
}

/**
 * Paylane, a public Seed payments startup in Germany, and the investors around it: which fit, and why the others do
 * not. Names are the slugs capitalised ("northgate-seed" is "Northgate Seed").
 */
export const MATCH_SCENARIO: Planned[] = [
  { slug: "paylane", type: "startup", industries: ["FinTech: Payments"], geographies: ["Europe"], countries: ["Germany"], stage: "Seed" },
  // Fits: Seed, payments, Europe (85).
  { slug: "northgate-seed", type: "investor", industries: ["FinTech: Payments"], geographies: ["Europe"], stageFocus: "Pre-Seed to Seed" },
  // Fits through the taxonomy parent only (60); subscribers and up may open it.
  {
    slug: "lattice-lending",
    type: "investor",
    industries: ["FinTech: Lending"],
    geographies: ["Europe"],
    stageFocus: "Seed",
    visibility: "subscriber",
  },
  // Fits as well as Northgate (85), with a stage only Premium members may see on its profile: a premium listing.
  {
    slug: "vault-ventures",
    type: "investor",
    industries: ["FinTech: Payments"],
    geographies: ["Europe"],
    stageFocus: "Seed",
    visibility: "premium",
  },
  // Ruled out: stage, place, industry, not published.
  { slug: "latefund", type: "investor", industries: ["FinTech: Payments"], geographies: ["Europe"], stageFocus: "Series B to Growth" },
  { slug: "faraway-capital", type: "investor", industries: ["FinTech: Payments"], geographies: ["Asia"], stageFocus: "Seed" },
  { slug: "healthy-fund", type: "investor", industries: ["Healthcare"], geographies: ["Europe"], stageFocus: "Seed" },
  {
    slug: "drafty-fund",
    type: "investor",
    industries: ["FinTech: Payments"],
    geographies: ["Europe"],
    stageFocus: "Seed",
    processingStatus: "draft",
  },
  // Startups for Northgate: one at an unknown stage (60), one too late (ruled out in SQL), one premium (85).
  { slug: "nostage-pay", type: "startup", industries: ["FinTech: Payments"], geographies: ["Europe"] },
  { slug: "ledger-late", type: "startup", industries: ["FinTech: Payments"], geographies: ["Europe"], stage: "Series B" },
  {
    slug: "premium-pay",
    type: "startup",
    industries: ["FinTech: Payments"],
    geographies: ["Europe"],
    stage: "Seed",
    visibility: "premium",
  },
  // A partner sharing everything: partners are never matched.
  { slug: "pay-partner", type: "partner", industries: ["FinTech: Payments"], geographies: ["Europe"] },
];

export const nameOf = (slug: string) => slug.replace(/(^|-)(\w)/g, (_, dash: string, c: string) => `${dash ? " " : ""}${c.toUpperCase()}`);

/** The demo reference lists, two industries under the FinTech parent, and the scenario's listings. */
export async function seedMatchScenario(database: Database, listings: Planned[] = MATCH_SCENARIO): Promise<void> {
  const { db } = database;
  await seedReferenceData(database);
  await db
    .insert(s.industries)
    .values(["Payments", "Lending"].map((x) => ({ name: `FinTech: ${x}`, primaryCategory: "FinTech", secondaryCategory: x })))
    .onConflictDoNothing();
  const ids = async <T extends { id: number; name: string }>(rows: Promise<T[]>) => new Map((await rows).map((r) => [r.name, r.id]));
  const industries = await ids(db.select({ id: s.industries.id, name: s.industries.name }).from(s.industries));
  const geographies = await ids(db.select({ id: s.geographies.id, name: s.geographies.name }).from(s.geographies));
  const countries = await ids(db.select({ id: s.countries.id, name: s.countries.name }).from(s.countries));
  const stages = await ids(db.select({ id: s.fundingStages.id, name: s.fundingStages.name }).from(s.fundingStages));
  const id = (map: Map<string, number>, name: string) => {
    const found = map.get(name);
    if (found === undefined) throw new Error(`no reference record "${name}"`);
    return found;
  };
  await db.insert(s.listings).values(
    listings.map((x) => ({
      slug: x.slug,
      type: x.type,
      name: nameOf(x.slug),
      tagline: `${nameOf(x.slug)} tagline`,
      industryIds: x.industries.map((n) => id(industries, n)),
      geographyIds: x.geographies.map((n) => id(geographies, n)),
      countryIds: (x.countries ?? []).map((n) => id(countries, n)),
      fundingStageId: x.stage ? id(stages, x.stage) : null,
      stageFocus: x.stageFocus ?? null,
      visibility: x.visibility ?? "public",
      processingStatus: x.processingStatus ?? "published",
      featured: x.featured ?? false,
    })),
  );
}

/** Removes scenario listings again (a test that changes the directory puts it back). */
export async function removeListings(database: Database, slugs: string[]): Promise<void> {
  await database.db.delete(s.listings).where(inArray(s.listings.slug, slugs));
}
