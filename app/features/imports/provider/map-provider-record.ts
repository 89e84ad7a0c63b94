/**
 * One provider record as what the importer writes (issue 7 §3): the listing's columns, its industries, team,
 * funding round and investor relationships. Pure: the importer decides create or merge (spec 02 §4) and does the
 * writing. Choices the spec leaves open are in docs/decisions/0025-import-processing.md.
 */
import type { listings } from "#db/schema/listings.ts";
import { registrableDomain } from "~/features/duplicates/matching/url-keys.ts";
import {
  capDescription,
  cleanCurrency,
  currencyIsGenuine,
  employeeCountText,
  IMPORT_QUALITY_SCORE,
  industriesFor,
  isImportable,
  normaliseRoundType,
  pickEmployees,
  roundTypeByAmount,
  splitName,
  teamSizeBucket,
  validFoundedYear,
  type Currency,
  type ImportIndustry,
  type RoundType,
} from "../processing-rules.ts";
import type { ProviderRecord } from "./provider-record.ts";
import { importedWebUrl } from "~/lib/web-url.ts";

export type ProviderEndpoint = "funding" | "m-a";
export const IMPORT_DATA_SOURCE = "LeadsOnTrees";

type ListingInsert = typeof listings.$inferInsert;

/**
 * The listing columns an import sets; everything else keeps its default (or, on a merge, its value). Only JSON
 * values: a mapped company may be kept as JSON before it is written (the debugger's step 3 and 4 run in different
 * requests), so the sync times are not here but set by the writer at the time it writes (issue 32, decision 0089).
 */
export type ImportedListing = Required<
  Pick<
    ListingInsert,
    | "type"
    | "name"
    | "websiteUrl"
    | "linkedinUrl"
    | "twitterUrl"
    | "facebookUrl"
    | "logoUrl"
    | "description"
    | "foundedYear"
    | "teamSize"
    | "currentEmployeeCount"
    | "ceo"
    | "primaryContact"
    | "primaryContactEmail"
    | "fundingAmount"
    | "fundingCurrency"
    | "fundingDate"
    | "amountRaised"
    | "latestRoundAmount"
    | "latestRoundDate"
    | "latestRoundType"
    | "lotDataQualityScore"
    | "lotCompanyId"
    | "dataSource"
    | "processingStatus"
  >
>;

export interface ImportedTeamMember {
  name: string;
  firstName: string;
  lastName: string | null;
  title: string | null;
  email: string | null;
  linkedinUrl: string | null;
  photoUrl: null;
  isCeo: boolean;
}

export interface ImportedFundingRound {
  amount: number | null;
  currency: Currency;
  roundType: RoundType;
  fundingDate: string | null;
  lotDataId: string;
  allInvestors: string | null;
  dataSource: string;
  /** Set when the provider's currency was relabelled USD without converting the amount. */
  notes: string | null;
}

export interface ImportedInvestor {
  name: string;
  linkedinUrl: string | null;
  investmentStatus: "active";
}

export interface ImportedCompany {
  /** The provider's id, else a hash of name and website: the same record maps to the same id on every run. */
  externalId: string;
  /**
   * The logo's address at the provider's source. Never written to the listing (a hot-linked logo breaks when its
   * host moves it, and tells that host who looks at our pages): the import copies it into our storage first and sets
   * `listing.logoUrl` to our copy (copy-logos.server.ts), or leaves it null and the monogram shows.
   */
  logoSource: string | null;
  listing: ImportedListing;
  industries: ImportIndustry[];
  industryKeys: string[];
  team: ImportedTeamMember[];
  fundingRound: ImportedFundingRound | null;
  investors: ImportedInvestor[];
}

export interface DroppedRecord {
  dropped: "missing-name";
  externalId: string | null;
}

export interface MapOptions {
  endpoint: ProviderEndpoint;
  now: Date;
}

/** 64-bit FNV-1a as hex: stable across runs and machines, and free of node:crypto so the module stays pure. */
export function stableHash(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, "0");
}

/**
 * Where to fetch the logo from: an absolute http(s) address without credentials, else null. Wider than the rule for
 * addresses we store and print (an IP address or a local name is allowed here): this one is only ever fetched, and
 * the guarded outbound fetch decides what may be reached (DESIGN D16), so its refusal is what the job reports.
 */
export function logoSourceUrl(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text || text.length > 2048 || /[\s\u0000-\u001f\u007f]/.test(text)) return null;
  try {
    // "cdn.acme.example/logo.png" and "//cdn…" as providers sometimes send them: https.
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https:${text.startsWith("//") ? "" : "//"}${text}`);
    return (url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
}

const CEO_TITLE = /\b(ceo|chief executive)\b/i;

const normaliseName = (name: string) => name.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();

/** "www.Acme.com/" and "https://acme.com" are one website, so they give one id. */
export function externalIdFor(record: Pick<ProviderRecord, "id" | "company_name" | "company_info">): string | null {
  if (record.id) return record.id;
  if (!record.company_name) return null;
  const website = record.company_info.website;
  const site = registrableDomain(website) ?? website?.trim().toLowerCase() ?? "";
  return `hash:${stableHash(`${normaliseName(record.company_name)}|${site}`)}`;
}

/** The provider's date as YYYY-MM-DD, or null when it is not a date. */
export function toIsoDate(text: string | null | undefined): string | null {
  const value = text?.trim();
  if (!value) return null;
  const ymd = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T\s])/.exec(value);
  if (ymd) {
    const date = new Date(Date.UTC(Number(ymd[1]), Number(ymd[2]) - 1, Number(ymd[3])));
    return date.toISOString().slice(0, 10) === `${ymd[1]}-${ymd[2]}-${ymd[3]}` ? `${ymd[1]}-${ymd[2]}-${ymd[3]}` : null;
  }
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString().slice(0, 10);
}

function investorsOf(record: ProviderRecord): ImportedInvestor[] {
  const seen = new Set<string>();
  const out: ImportedInvestor[] = [];
  for (const investor of record.investors) {
    const name = investor.name?.replace(/\s+/g, " ");
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push({ name, linkedinUrl: importedWebUrl(investor.linkedin_url), investmentStatus: "active" });
  }
  return out;
}

/**
 * The round a funding record announces: its type as sent, else by amount (only when the amount really is in
 * USD, EUR or GBP; they are close enough for bands an order of magnitude wide), else 'other'. A record with no
 * amount, type, date or investor announces nothing.
 */
function fundingRoundOf(record: ProviderRecord, externalId: string, investors: ImportedInvestor[]): ImportedFundingRound | null {
  const amount = record.funding_amount !== null && record.funding_amount > 0 ? record.funding_amount : null;
  const fundingDate = toIsoDate(record.date);
  const sentType = normaliseRoundType(record.round_type);
  if (amount === null && !record.round_type && !fundingDate && investors.length === 0) return null;
  const genuine = currencyIsGenuine(record.currency);
  const roundType = sentType ?? (genuine ? roundTypeByAmount(amount) : null) ?? "other";
  return {
    amount,
    currency: cleanCurrency(record.currency),
    roundType,
    fundingDate,
    // The provider's deal id when sent; else one per company, date and type, so a re-run finds the same round.
    lotDataId: record.id ?? `${externalId}:${fundingDate ?? ""}:${roundType}`,
    allInvestors: investors.length > 0 ? investors.map((i) => i.name).join(", ") : null,
    dataSource: IMPORT_DATA_SOURCE,
    notes:
      genuine || amount === null
        ? null
        : `Provider currency ${record.currency!.replace(/["'`]/g, "").trim().toUpperCase()}; amount not converted`,
  };
}

export function toImportedCompany(record: ProviderRecord, { endpoint, now }: MapOptions): ImportedCompany | DroppedRecord {
  const externalId = externalIdFor(record);
  if (!isImportable(record) || externalId === null) return { dropped: "missing-name", externalId: record.id };
  const info = record.company_info;
  const team: ImportedTeamMember[] = pickEmployees(record.contact_info, record.ceo).map((p) => {
    const { firstName, lastName } = splitName(p.name)!;
    return {
      name: p.name,
      firstName,
      lastName,
      title: p.title,
      email: p.email,
      linkedinUrl: importedWebUrl(p.linkedinUrl),
      photoUrl: null,
      isCeo: p.isCeo,
    };
  });
  // Without a ceo field, an employee titled so is still the company's CEO (the listing's CEO column).
  const ceo = team.find((m) => m.isCeo) ?? team.find((m) => CEO_TITLE.test(m.title ?? "")) ?? null;
  const contact = ceo ?? team[0] ?? null;
  const headcount = employeeCountText(info.size);
  // An acquisition is no funding round and its buyers are no investors: an m-a record gives the company alone.
  const investors = endpoint === "funding" ? investorsOf(record) : [];
  const fundingRound = endpoint === "funding" ? fundingRoundOf(record, externalId, investors) : null;
  const industries = industriesFor(record);

  return {
    externalId,
    logoSource: logoSourceUrl(info.logo_url),
    listing: {
      type: "startup",
      name: record.company_name!.replace(/\s+/g, " "),
      // Addresses the provider sends are stored only when they are http(s) (lib/web-url.ts): a javascript: or
      // data: url would be printed as a link or an image on the profile.
      websiteUrl: importedWebUrl(info.website),
      linkedinUrl: importedWebUrl(info.linkedin_url) ?? importedWebUrl(record.contact_info.company_linkedin_url),
      twitterUrl: importedWebUrl(info.twitter_url),
      facebookUrl: importedWebUrl(info.facebook_url),
      logoUrl: null,
      description: capDescription(info.description),
      foundedYear: validFoundedYear(info.year_founded, now),
      teamSize: teamSizeBucket(headcount === null ? null : Number(headcount)),
      currentEmployeeCount: headcount,
      ceo: ceo?.name ?? null,
      primaryContact: contact?.name ?? null,
      primaryContactEmail: contact?.email ?? null,
      fundingAmount: fundingRound?.amount ?? null,
      fundingCurrency: fundingRound ? fundingRound.currency : null,
      fundingDate: fundingRound?.fundingDate ?? null,
      amountRaised: fundingRound?.amount ?? null,
      latestRoundAmount: fundingRound?.amount ?? null,
      latestRoundDate: fundingRound?.fundingDate ?? null,
      latestRoundType: fundingRound?.roundType ?? null,
      lotDataQualityScore: IMPORT_QUALITY_SCORE,
      lotCompanyId: record.id,
      dataSource: IMPORT_DATA_SOURCE,
      processingStatus: "published",
    },
    industries,
    industryKeys: industries.map((i) => i.key),
    team,
    fundingRound,
    investors,
  };
}

/** A page's records mapped, and how many were dropped for want of a name (spec 02 §5: "dropped on processing"). */
export function toImportedCompanies(
  records: readonly ProviderRecord[],
  options: MapOptions,
): { companies: ImportedCompany[]; dropped: number } {
  const companies: ImportedCompany[] = [];
  let dropped = 0;
  for (const record of records) {
    const mapped = toImportedCompany(record, options);
    if ("dropped" in mapped) dropped += 1;
    else companies.push(mapped);
  }
  return { companies, dropped };
}
