/**
 * The feature application (issue 4 §4): the listing fields that fit each type, one schema for the applicant's
 * form, the operator's edit and the server. Lists (industries, markets, countries) arrive as repeated form
 * fields; team and "how it works" as one line each.
 */
import { z } from "zod";
import { NUL_FIELD_MESSAGE, type FieldErrors } from "~/lib/form-parse.ts";
import { webUrlSchema } from "~/lib/web-url-schema.ts";
import { FACT_FIELDS, NO_FUNDING, factSchemas, readPhone } from "./company-facts-fields.ts";

export type FeatureType = "startup" | "partner";

export const LIMITS = { industries: 5, geographies: 6, countries: 10, steps: 6, team: 10 } as const;

const text = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, min <= 1 ? `Enter ${label}.` : `Write at least ${min} characters.`)
    .max(max, `At most ${max.toLocaleString("en-US")} characters.`);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max.toLocaleString("en-US")} characters.`)
    .transform((v) => v || null);

const website = z
  .string()
  .trim()
  .min(1, "Enter your website.")
  .max(300, "At most 300 characters.")
  .pipe(webUrlSchema("Enter a website such as example.com."));

const linkedin = z
  .string()
  .trim()
  .max(300, "At most 300 characters.")
  .transform((value) => (value && !/^https?:\/\//i.test(value) ? `https://${value}` : value))
  .refine((value) => value === "" || /^https:\/\/([a-z]{2,3}\.)?linkedin\.com\/(company|in|school)\/[^\s/]+\/?$/i.test(value), {
    message: "Enter a LinkedIn page such as linkedin.com/company/your-company.",
  })
  .transform((v) => v || null);

const ids = (one: string, many: string, min: number, max: number) =>
  z
    .array(z.coerce.number().int().positive())
    .min(min, `Choose at least one ${one}.`)
    .max(max, `Choose at most ${max} ${many}.`)
    .transform((list) => [...new Set(list)]);

const lines = (max: number, maxLength: number, label: string) =>
  z
    .string()
    .max(max * (maxLength + 2), `At most ${max} ${label}.`)
    .transform((value) =>
      value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .refine((list) => list.length <= max, `At most ${max} ${label}.`)
    .refine((list) => list.every((line) => line.length <= maxLength), `Keep each line under ${maxLength} characters.`);

const optionalId = z.union([z.literal(""), z.coerce.number().int().positive()]).transform((v) => (v === "" ? null : v));

const common = {
  name: text("your company's name", 1, 120),
  websiteUrl: website,
  linkedinUrl: linkedin,
  tagline: text("a one-line tagline", 1, 160),
  description: text("a description", 50, 5000),
  industryIds: ids("industry", "industries", 1, LIMITS.industries),
  geographyIds: ids("market", "markets", 1, LIMITS.geographies),
  countryIds: ids("country", "countries", 0, LIMITS.countries),
  howItWorks: lines(LIMITS.steps, 300, "steps"),
  team: lines(LIMITS.team, 160, "team members").transform((list) =>
    list.map((line) => {
      const [name, ...title] = line.split(/\s*[,–—-]\s+|\s*,\s*/);
      return { name: name!.trim(), title: title.join(", ").trim() };
    }),
  ),
  contactName: text("a contact name", 1, 120),
  contactEmail: z
    .string()
    .trim()
    .min(1, "Enter a contact e-mail address.")
    .max(254, "At most 254 characters.")
    .pipe(z.email({ error: "Enter an e-mail address such as you@company.com." }))
    .transform((v) => v.toLowerCase()),
  hqStreet: optionalText(200),
  hqCity: optionalText(100),
  hqRegion: optionalText(100),
  hqPostalCode: optionalText(20),
  // Read in the chosen countries by parseFeatureApplication (readPhone), which knows their ISO codes.
  phone: z.string(),
  companyEmail: z
    .string()
    .trim()
    .max(254, "At most 254 characters.")
    .refine((v) => v === "" || z.email().safeParse(v).success, "Enter an e-mail address such as hello@company.com.")
    .transform((v) => v.toLowerCase() || null),
};

function schemaFor(type: FeatureType, now: Date) {
  const facts = factSchemas(now);
  if (type === "startup")
    return z.object({
      ...common,
      ...facts,
      fundingStageId: optionalId.refine((v) => v !== null, "Choose your funding stage."),
      businessModelId: z.any().transform(() => null),
      problem: optionalText(2000),
      solution: optionalText(2000),
      timing: optionalText(2000),
    });
  return z.object({
    ...common,
    ...facts,
    ...NO_FUNDING,
    fundingStageId: z.any().transform(() => null),
    businessModelId: optionalId.refine((v) => v !== null, "Choose your business model."),
    problem: z.any().transform(() => null),
    solution: z.any().transform(() => null),
    timing: z.any().transform(() => null),
  });
}

type Common = Omit<
  z.infer<ReturnType<typeof schemaFor>>,
  | "fundingStageId"
  | "businessModelId"
  | "problem"
  | "solution"
  | "timing"
  | "phone"
  | "totalFundingRaised"
  | "latestRoundType"
  | "latestRoundDate"
>;
/**
 * Either type's application: a startup has a stage, may tell its story and its funding; a partner has a business
 * model. Both may give their headquarters country, founding year and team size.
 */
export type FeatureApplicationInput = Common & {
  phone: string | null;
  totalFundingRaised: number | null;
  latestRoundType: string | null;
  latestRoundDate: string | null;
  fundingStageId: number | null;
  businessModelId: number | null;
  problem: string | null;
  solution: string | null;
  timing: string | null;
};
export type FeatureField = keyof FeatureApplicationInput;

const LIST_FIELDS = ["industryIds", "geographyIds", "countryIds"] as const;
const TEXT_FIELDS = [
  "name",
  "websiteUrl",
  "linkedinUrl",
  "tagline",
  "description",
  "fundingStageId",
  "businessModelId",
  "problem",
  "solution",
  "timing",
  "howItWorks",
  "team",
  "contactName",
  "contactEmail",
  "hqStreet",
  "hqCity",
  "hqRegion",
  "hqPostalCode",
  "phone",
  "companyEmail",
  ...FACT_FIELDS,
] as const;

/** What the form shows again after an error: every text as typed, every list as chosen. */
export interface FeatureFormValues {
  text: Partial<Record<(typeof TEXT_FIELDS)[number], string>>;
  lists: Partial<Record<(typeof LIST_FIELDS)[number], string[]>>;
}

export type FeatureParse = { ok: true; data: FeatureApplicationInput } | { ok: false; errors: FieldErrors<FeatureField> };

/** The form's values as typed (FormData keeps repeated fields): what the form shows again after an error. */
export function readFeatureForm(form: FormData): FeatureFormValues {
  const values: FeatureFormValues = { text: {}, lists: {} };
  for (const field of TEXT_FIELDS) {
    const value = form.get(field);
    values.text[field] = typeof value === "string" ? value.slice(0, 20_000) : "";
  }
  for (const field of LIST_FIELDS) {
    values.lists[field] = form
      .getAll(field)
      .filter((v): v is string => typeof v === "string")
      .slice(0, 100);
  }
  return values;
}

/** The fields whose text holds NUL, which can be neither stored nor shown again. */
function fieldsWithNul(values: FeatureFormValues): FeatureField[] {
  const text = Object.entries(values.text).filter(([, value]) => value?.includes("\0"));
  const lists = Object.entries(values.lists).filter(([, items]) => items?.some((item) => item.includes("\0")));
  return [...text, ...lists].map(([field]) => field as FeatureField);
}

/** The values as typed less NUL, to show again beside the message that refused them. */
export function withoutNul(values: FeatureFormValues): FeatureFormValues {
  const strip = (text: string) => text.replaceAll("\0", "");
  return {
    text: Object.fromEntries(Object.entries(values.text).map(([field, value]) => [field, strip(value ?? "")])),
    lists: Object.fromEntries(Object.entries(values.lists).map(([field, items]) => [field, (items ?? []).map(strip)])),
  };
}

/** What reading an application needs besides the form: country id → ISO code (for phones) and today (for years). */
export interface FeatureParseContext {
  /** Without it a phone number must be international (+…). */
  countryCodes?: ReadonlyMap<number, string>;
  /** The funding stages and business models there are: another id (a stale or tampered form) is said beside its field. */
  knownIds?: Record<(typeof CHOICE_FIELDS)[number], ReadonlySet<number>>;
  now?: Date;
}

const CHOICE_FIELDS = ["fundingStageId", "businessModelId"] as const;
const NOT_IN_LIST = { fundingStageId: "Choose a funding stage from the list.", businessModelId: "Choose a business model from the list." };

/** The values as an application of the given type, or the first message per field (NUL refused beside its field). */
export function parseFeatureApplication(type: FeatureType, values: FeatureFormValues, context: FeatureParseContext = {}): FeatureParse {
  const schema = schemaFor(type, context.now ?? new Date());
  const withNul = fieldsWithNul(values);
  const result = schema.safeParse({ ...values.text, ...values.lists });
  const phone = readPhone(
    values.text.phone ?? "",
    { hqCountryId: values.text.hqCountryId ?? "", countryIds: values.lists.countryIds ?? [] },
    context.countryCodes ?? new Map(),
  );
  // A country id the server does not know (a stale or tampered form) is said beside the field, not a foreign-key error.
  const hq = result.success ? result.data.hqCountryId : null;
  const unknownHq = hq !== null && context.countryCodes !== undefined && !context.countryCodes.has(hq);
  const { knownIds } = context;
  const unknown =
    result.success && knownIds ? CHOICE_FIELDS.filter((f) => result.data[f] !== null && !knownIds[f].has(result.data[f])) : [];
  if (result.success && phone.ok && !unknownHq && unknown.length === 0 && withNul.length === 0)
    return { ok: true, data: { ...result.data, phone: phone.phone } };
  const errors: FieldErrors<FeatureField> = {};
  if (unknownHq) errors.hqCountryId = "Choose a country from the list.";
  for (const field of unknown) errors[field] = NOT_IN_LIST[field];
  if (!result.success) for (const issue of result.error.issues) errors[issue.path[0] as FeatureField] ??= issue.message;
  if (!phone.ok) errors.phone ??= phone.message;
  for (const field of withNul) errors[field] = NUL_FIELD_MESSAGE;
  return { ok: false, errors };
}

/** The stored application as form values, for the operator's edit form. */
export function applicationToFormValues(a: FeatureApplicationInput): FeatureFormValues {
  return {
    text: {
      name: a.name,
      websiteUrl: a.websiteUrl,
      linkedinUrl: a.linkedinUrl ?? "",
      tagline: a.tagline,
      description: a.description,
      fundingStageId: a.fundingStageId ? String(a.fundingStageId) : "",
      businessModelId: a.businessModelId ? String(a.businessModelId) : "",
      problem: a.problem ?? "",
      solution: a.solution ?? "",
      timing: a.timing ?? "",
      howItWorks: a.howItWorks.join("\n"),
      team: a.team.map((m) => (m.title ? `${m.name}, ${m.title}` : m.name)).join("\n"),
      contactName: a.contactName,
      contactEmail: a.contactEmail,
      hqStreet: a.hqStreet ?? "",
      hqCity: a.hqCity ?? "",
      hqRegion: a.hqRegion ?? "",
      hqPostalCode: a.hqPostalCode ?? "",
      phone: a.phone ?? "",
      companyEmail: a.companyEmail ?? "",
      hqCountryId: a.hqCountryId ? String(a.hqCountryId) : "",
      foundedYear: a.foundedYear === null ? "" : String(a.foundedYear),
      teamSize: a.teamSize ?? "",
      totalFundingRaised: a.totalFundingRaised === null ? "" : String(a.totalFundingRaised),
      latestRoundType: a.latestRoundType ?? "",
      latestRoundDate: a.latestRoundDate ?? "",
    },
    lists: { industryIds: a.industryIds.map(String), geographyIds: a.geographyIds.map(String), countryIds: a.countryIds.map(String) },
  };
}
