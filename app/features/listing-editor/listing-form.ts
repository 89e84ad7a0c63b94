/**
 * The listing editor's form (issue 5 §1): one zod schema for every editable column and child list, parsed from
 * the typed values into column values, or into one message per input name.
 */
import { z } from "zod";
import type { listings } from "#db/schema/listings.ts";
import { ROUND_TYPES } from "#db/values/funding-rounds.ts";
import { ACCESS_LEVELS, LISTING_TYPES } from "#db/values/listings.ts";
import type { GatedField } from "../catalog/listing-types.ts";
import { slugify } from "../catalog/slug.ts";
import {
  optionalCurrency,
  optionalDate,
  optionalEmail,
  optionalPhone,
  optionalInteger,
  optionalMoney,
  optionalReference,
  optionalText,
  optionalUrl,
  referenceList,
  requiredText,
} from "./field-schemas.ts";
import { NUL_FIELD_MESSAGE } from "~/lib/form-parse.ts";
import { GATED_FIELDS, LIMITS, LIST_FIELDS, ROW_SECTIONS, SCALAR_FIELDS, type FieldErrors } from "./form-fields.ts";
import type { ListingFormValues } from "./form-values.ts";

/** The reference ids that exist, so a tampered or stale choice gets a message instead of a foreign-key error. */
export interface KnownReferences {
  industries: ReadonlySet<number>;
  geographies: ReadonlySet<number>;
  countries: ReadonlySet<number>;
  personas: ReadonlySet<number>;
  fundingStages: ReadonlySet<number>;
  businessModels: ReadonlySet<number>;
  revenueRanges: ReadonlySet<number>;
  /** Country id → ISO 3166-1 alpha-2, to read a national phone number in the listing's countries. */
  countryCodes: ReadonlyMap<number, string>;
}

const level = z.enum(ACCESS_LEVELS, { error: "Choose public, subscriber or premium." });
const blankOr = <T extends z.ZodType>(schema: T) => z.union([z.literal("").transform(() => null), schema]);

const rowSchemas = {
  team: z.object({
    name: requiredText("Enter the person's name.", LIMITS.text),
    title: optionalText(LIMITS.text),
    photoUrl: optionalUrl({ allowMediaPath: true }),
    linkedinUrl: optionalUrl(),
    email: optionalEmail,
  }),
  faqs: z.object({
    question: requiredText("Enter the question.", 500),
    answer: requiredText("Enter the answer.", LIMITS.story),
  }),
  keyUseCases: z.object({ title: requiredText("Enter a title.", LIMITS.text), description: optionalText(2000) }),
  howItWorks: z.object({ text: requiredText("Describe the step.", 1000) }),
  fundingRounds: z.object({
    id: z
      .string()
      .trim()
      .transform((v) => (/^\d{1,9}$/.test(v) ? Number(v) : null)),
    roundType: z.enum(ROUND_TYPES, { error: "Choose the round type." }),
    amount: optionalMoney,
    currency: optionalCurrency.transform((v) => v ?? "USD"),
    fundingDate: optionalDate,
    announcementUrl: optionalUrl(),
    allInvestors: optionalText(2000),
    notes: optionalText(LIMITS.story),
  }),
};

function listingSchema(known: Partial<KnownReferences>, now: Date, phoneCountries: readonly string[]) {
  const rows = <S extends keyof typeof rowSchemas>(section: S) =>
    z.array(rowSchemas[section]).max(ROW_SECTIONS[section].max, `At most ${ROW_SECTIONS[section].max} ${ROW_SECTIONS[section].plural}.`);
  return z.object({
    type: z.enum(LISTING_TYPES, { error: "Choose startup, investor or partner." }),
    name: requiredText("Enter the listing's name.", LIMITS.name),
    slug: z
      .string()
      .trim()
      .max(LIMITS.name, `At most ${LIMITS.name} characters.`)
      .transform((v) => (v ? slugify(v) : null)),
    tagline: optionalText(LIMITS.tagline),
    description: optionalText(LIMITS.description),
    logoUrl: optionalUrl({ allowMediaPath: true }),
    websiteUrl: optionalUrl(),
    linkedinUrl: optionalUrl(),
    twitterUrl: optionalUrl(),
    facebookUrl: optionalUrl(),
    hqStreet: optionalText(LIMITS.text),
    hqCity: optionalText(LIMITS.short),
    hqRegion: optionalText(LIMITS.short),
    hqPostalCode: optionalText(LIMITS.postalCode),
    phone: optionalPhone(phoneCountries),
    contactEmail: optionalEmail,
    featured: z.string().transform((v) => v === "on" || v === "true"),
    noindex: z.string().transform((v) => v === "on" || v === "true"),
    industryIds: referenceList(known.industries, "industries", LIMITS.listItems),
    geographyIds: referenceList(known.geographies, "geographies", LIMITS.listItems),
    countryIds: referenceList(known.countries, "countries", LIMITS.listItems),
    personaIds: referenceList(known.personas, "target personas", LIMITS.listItems),
    fundingStageId: optionalReference(known.fundingStages, "Choose a funding stage from the list."),
    businessModelId: optionalReference(known.businessModels, "Choose a business model from the list."),
    revenueRangeId: optionalReference(known.revenueRanges, "Choose a revenue range from the list."),
    problem: optionalText(LIMITS.story),
    solution: optionalText(LIMITS.story),
    timing: optionalText(LIMITS.story),
    fundingAmount: optionalMoney,
    fundingCurrency: optionalCurrency,
    fundingDate: optionalDate,
    amountRaised: optionalMoney,
    totalFundingRaised: optionalMoney,
    latestRoundType: optionalText(LIMITS.short),
    latestRoundAmount: optionalMoney,
    latestRoundDate: optionalDate,
    fundingRoundCount: optionalInteger(0, 1000, "Enter a whole number from 0 to 1,000."),
    investorType: optionalText(LIMITS.short),
    ticketSize: optionalText(LIMITS.short),
    aum: optionalMoney,
    stageFocus: optionalText(LIMITS.text),
    foundedYear: optionalInteger(1800, now.getUTCFullYear(), `Enter a year from 1800 to ${now.getUTCFullYear()}.`),
    teamSize: optionalText(LIMITS.short),
    currentEmployeeCount: optionalText(LIMITS.short),
    ceo: optionalText(LIMITS.text),
    primaryContact: optionalText(LIMITS.text),
    primaryContactEmail: optionalEmail,
    aiDescription: optionalText(LIMITS.description),
    contentStatus: optionalText(LIMITS.short),
    dataSource: optionalText(LIMITS.short),
    lotDataQualityScore: optionalInteger(0, 100, "Enter a whole number from 0 to 100."),
    lotCompanyId: optionalText(LIMITS.text),
    primaryContactId: optionalText(LIMITS.text),
    campaignId: optionalText(LIMITS.text),
    visibility: level,
    fieldVisibility: z.object(
      Object.fromEntries(GATED_FIELDS.map((f) => [f, blankOr(level)])) as unknown as Record<
        GatedField,
        ReturnType<typeof blankOr<typeof level>>
      >,
    ),
    version: z.string().trim().max(40),
    team: rows("team"),
    faqs: rows("faqs"),
    keyUseCases: rows("keyUseCases"),
    howItWorks: rows("howItWorks"),
    fundingRounds: rows("fundingRounds"),
  });
}

type Parsed = z.infer<ReturnType<typeof listingSchema>>;

/** The listing columns the editor writes. */
export type ListingColumns = Required<
  Pick<
    typeof listings.$inferInsert,
    Exclude<keyof Parsed, "slug" | "version" | "team" | "faqs" | "keyUseCases" | "howItWorks" | "fundingRounds" | "fieldVisibility">
  >
> & { fieldVisibility: Partial<Record<GatedField, (typeof ACCESS_LEVELS)[number]>> };

export type TeamRow = Parsed["team"][number];
export type FaqRow = Parsed["faqs"][number];
export type UseCaseRow = Parsed["keyUseCases"][number];
export type RoundRow = Parsed["fundingRounds"][number];

/** A valid submission: the columns, the slug asked for (null: make one from the name), and the child lists in order. */
export interface ListingInput {
  columns: ListingColumns;
  slug: string | null;
  /** The listing's updated time the form was opened at (ISO), if any. */
  version: string | null;
  team: TeamRow[];
  faqs: FaqRow[];
  keyUseCases: UseCaseRow[];
  howItWorks: string[];
  fundingRounds: RoundRow[];
}

export type ListingParse = { ok: true; data: ListingInput } | { ok: false; errors: FieldErrors };

/** An issue's path as the input name it belongs to: ["team", 2, "name"] → "team[2][name]". */
function inputName(path: PropertyKey[]): string {
  const [head, index, field] = path.map(String);
  if (head === "fieldVisibility" && index) return `fieldVisibility[${index}]`;
  if (head && head in ROW_SECTIONS && index !== undefined && field) return `${head}[${index}][${field}]`;
  return head ?? "form";
}

/** NUL cannot be stored: each field that holds one gets the forms' message for it (decision 0045), before any other. */
function nulErrors(input: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  const walk = (value: unknown, path: PropertyKey[]) => {
    if (typeof value === "string") {
      if (value.includes("\0")) errors[inputName(path)] ??= NUL_FIELD_MESSAGE;
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
    }
  };
  walk(input, []);
  return errors;
}

export function parseListingForm(values: ListingFormValues, known: Partial<KnownReferences> = {}, now = new Date()): ListingParse {
  const input = {
    ...Object.fromEntries(SCALAR_FIELDS.map((f) => [f, values.fields[f] ?? ""])),
    ...Object.fromEntries(LIST_FIELDS.map((f) => [f, values.lists[f] ?? []])),
    fieldVisibility: Object.fromEntries(GATED_FIELDS.map((f) => [f, values.fieldVisibility[f] ?? ""])),
    ...Object.fromEntries(
      Object.entries(values.rows).map(([section, rows]) => [
        section,
        rows.map((row) =>
          Object.fromEntries(
            Object.keys(ROW_SECTIONS[section as keyof typeof ROW_SECTIONS].fields).map((f) => [
              f,
              (row as Record<string, string>)[f] ?? "",
            ]),
          ),
        ),
      ]),
    ),
  };
  const phoneCountries = (values.lists.countryIds ?? []).flatMap((id) => known.countryCodes?.get(Number(id)) ?? []);
  const result = listingSchema(known, now, phoneCountries).safeParse(input);
  const errors = nulErrors(input);
  if (!result.success || Object.keys(errors).length) {
    if (!result.success) for (const issue of result.error.issues) errors[inputName(issue.path)] ??= issue.message;
    return { ok: false, errors };
  }
  const { slug, version, team, faqs, keyUseCases, howItWorks, fundingRounds, fieldVisibility, ...columns } = result.data;
  const levels = Object.fromEntries(Object.entries(fieldVisibility).filter(([, v]) => v !== null)) as ListingColumns["fieldVisibility"];
  return {
    ok: true,
    data: {
      columns: { ...columns, fieldVisibility: levels },
      slug,
      version: version || null,
      team,
      faqs,
      keyUseCases,
      howItWorks: howItWorks.map((step) => step.text),
      fundingRounds,
    },
  };
}
