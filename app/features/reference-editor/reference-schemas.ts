/**
 * One zod schema per reference list, shared by the add and edit forms and the server. Each parses the form's text
 * values into the table's columns; an industry's name and key are derived from its categories (spec 02 §3).
 */
import { z } from "zod";
import { ACCESS_LEVELS } from "../access/tiers.ts";
import { toGatedField } from "../access/field-name.ts";
import { GATED_FIELDS } from "../catalog/listing-types.ts";
import { parseForm, type FieldErrors } from "~/lib/form-parse.ts";
import { MAPPING_CONFIDENCES, type ListSlug } from "./reference-lists.ts";

const tooLong = (max: number) => `At most ${max.toLocaleString("en-US")} characters.`;

const requiredText = (message: string, max: number) => z.string().trim().min(1, message).max(max, tooLong(max));

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .transform((v) => v || null);

const checkbox = z.string().transform((v) => v === "on" || v === "true");

/** A smallint sort order: the whole number typed, from 0 up. */
const sortOrder = z
  .string()
  .trim()
  .regex(/^\d+$/, "Enter a whole number from 0 up.")
  .transform(Number)
  .refine((n) => n <= 32767, "At most 32,767.");

const code = requiredText("Enter a code.", 60).regex(/^[a-z0-9][a-z0-9_]*$/, "Use lowercase letters, digits and underscores.");

const optionalId = z
  .string()
  .trim()
  .regex(/^\d*$/, "Choose from the list.")
  .transform((v) => (v === "" ? null : Number(v)));

/** A category becomes part of 'Primary: Secondary' and 'Primary::Secondary', so it cannot hold the separator. */
const category = optionalText(100).refine((v) => v === null || !v.includes(":"), "A category cannot contain a colon.");

const IndustrySchema = z
  .object({
    name: optionalText(200),
    primaryCategory: category,
    secondaryCategory: category,
    mappingConfidence: z.enum(["", ...MAPPING_CONFIDENCES], "Choose a confidence from the list.").transform((v) => (v === "" ? null : v)),
    leadsOnTreesSource: checkbox,
    description: optionalText(2000),
  })
  .superRefine((v, ctx) => {
    if (v.secondaryCategory && !v.primaryCategory)
      ctx.addIssue({ code: "custom", path: ["primaryCategory"], message: "Give the primary category too." });
    if (!v.name && !v.primaryCategory && !v.secondaryCategory)
      ctx.addIssue({ code: "custom", path: ["name"], message: "Enter a name, or a primary and a secondary category." });
  });

/** 'Primary: Secondary' or 'Primary::Secondary' typed as a name, with the categories left empty. */
const TAXONOMY_NAME = /^([^:]+?)\s*::?\s*([^:]+)$/;

export interface IndustryColumns {
  name: string;
  primaryCategory: string | null;
  secondaryCategory: string | null;
  industryKey: string | null;
  mappingConfidence: (typeof MAPPING_CONFIDENCES)[number] | null;
  leadsOnTreesSource: boolean;
  description: string | null;
}

/**
 * Name, categories and key kept consistent: both categories give 'Primary: Secondary' and 'Primary::Secondary';
 * a taxonomy-shaped name alone gives the categories; a primary category alone names a top-level industry
 * without a key (as the shipped list has them).
 */
function deriveIndustry(v: z.infer<typeof IndustrySchema>): IndustryColumns {
  let primary = v.primaryCategory;
  let secondary = v.secondaryCategory;
  if (!primary && !secondary && v.name) {
    const match = TAXONOMY_NAME.exec(v.name);
    if (match) [primary, secondary] = [match[1]!.trim(), match[2]!.trim()];
  }
  const both = primary && secondary;
  return {
    name: both ? `${primary}: ${secondary}` : (v.name ?? primary)!,
    primaryCategory: primary,
    secondaryCategory: secondary,
    industryKey: both ? `${primary}::${secondary}` : null,
    mappingConfidence: v.mappingConfidence,
    leadsOnTreesSource: v.leadsOnTreesSource,
    description: v.description,
  };
}

/** The flag emoji of an ISO code: two regional-indicator symbols. */
export function flagEmoji(isoCode: string): string {
  return String.fromCodePoint(...[...isoCode.toUpperCase()].map((c) => 0x1f1a5 + c.charCodeAt(0)));
}

const CountrySchema = z.object({
  name: requiredText("Enter a name.", 100),
  isoCode: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, "Two letters, such as DE.")),
  emoji: optionalText(16),
  geographyId: optionalId,
  dataSource: optionalText(120),
});

const SCHEMAS = {
  industries: IndustrySchema,
  geographies: z.object({ name: requiredText("Enter a name.", 100) }),
  countries: CountrySchema,
  "funding-stages": z.object({ name: requiredText("Enter a name.", 100), sortOrder, dataSource: optionalText(120) }),
  "target-personas": z.object({ name: requiredText("Enter a name.", 120) }),
  "business-models": z.object({ code, name: requiredText("Enter a name.", 120) }),
  "revenue-ranges": z.object({ code, name: requiredText("Enter a label.", 120), sortOrder }),
  "field-rules": z.object({
    fieldName: z
      .string()
      .transform((v) => toGatedField(v))
      .refine((v) => v !== null, `Choose a profile field: ${GATED_FIELDS.join(", ")}.`),
    accessLevel: z.enum(ACCESS_LEVELS, "Choose public, subscriber or premium."),
  }),
} satisfies Record<ListSlug, z.ZodObject>;

export type ListFormValues = Record<string, string>;
/** A parsed row: the table's columns, ready to insert or update. */
export type ListColumns = Record<string, string | number | boolean | null>;

export type ListParse = { ok: true; data: ListColumns } | { ok: false; errors: FieldErrors<string>; values: ListFormValues };

/** A list's form values to its columns, or a message per field with the values as typed. */
export function parseListForm(list: ListSlug, input: Record<string, unknown>): ListParse {
  const parsed = parseForm(SCHEMAS[list] as z.ZodObject, input);
  if (!parsed.ok) return { ok: false, errors: parsed.errors, values: parsed.values as ListFormValues };
  const data = parsed.data as Record<string, unknown>;
  if (list === "industries") return { ok: true, data: { ...deriveIndustry(data as z.infer<typeof IndustrySchema>) } };
  if (list === "countries" && !data.emoji) return { ok: true, data: { ...data, emoji: flagEmoji(String(data.isoCode)) } as ListColumns };
  return { ok: true, data: data as ListColumns };
}
