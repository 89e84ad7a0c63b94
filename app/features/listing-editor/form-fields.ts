/**
 * The listing editor's field catalogue (issue 5 §1): every input's name, label and limit in one place, so the
 * parser, the error summary and the form agree on names. Row inputs use indexed names (team[0][name]) that a
 * browser submits without JavaScript.
 */
import { GATED_FIELDS, type GatedField } from "../catalog/listing-types.ts";

/** Text limits shared by the form's maxLength attributes and the parser's messages. */
export const LIMITS = {
  name: 200,
  tagline: 300,
  description: 5000,
  story: 5000,
  short: 100,
  text: 200,
  postalCode: 20,
  listItems: 50,
} as const;

/** Single-valued inputs (text, selects, the featured checkbox), in the order the form shows them. */
export const SCALAR_LABELS = {
  type: "Type",
  name: "Name",
  slug: "Slug",
  tagline: "Tagline",
  description: "Description",
  logoUrl: "Logo URL",
  websiteUrl: "Website",
  linkedinUrl: "LinkedIn",
  twitterUrl: "Twitter / X",
  facebookUrl: "Facebook",
  hqStreet: "Headquarters street",
  hqCity: "City",
  hqRegion: "State / region",
  hqPostalCode: "Postal code",
  phone: "Phone",
  contactEmail: "Contact e-mail",
  featured: "Featured",
  fundingStageId: "Funding stage",
  businessModelId: "Business model",
  revenueRangeId: "Revenue range",
  problem: "Problem",
  solution: "Solution",
  timing: "Timing (why now)",
  fundingAmount: "Funding amount",
  fundingCurrency: "Funding currency",
  fundingDate: "Funding date",
  amountRaised: "Amount raised",
  totalFundingRaised: "Total funding raised",
  latestRoundType: "Latest round type",
  latestRoundAmount: "Latest round amount",
  latestRoundDate: "Latest round date",
  fundingRoundCount: "Funding round count",
  investorType: "Investor type",
  ticketSize: "Ticket size",
  aum: "Assets under management (AUM)",
  stageFocus: "Stage focus",
  foundedYear: "Founded year",
  teamSize: "Team size",
  currentEmployeeCount: "Employee count",
  ceo: "CEO",
  primaryContact: "Primary contact",
  primaryContactEmail: "Primary contact e-mail",
  aiDescription: "AI description",
  contentStatus: "Content status",
  dataSource: "Data source",
  lotDataQualityScore: "Data quality score",
  lotCompanyId: "LOT company id",
  primaryContactId: "Primary contact id",
  campaignId: "Campaign id",
  visibility: "Listing visibility",
  noindex: "Keep out of search engines",
  /** The listing's updated time when the form was opened: a save over someone else's newer save is refused. */
  version: "Version",
} as const;
export type ScalarField = keyof typeof SCALAR_LABELS;
export const SCALAR_FIELDS = Object.keys(SCALAR_LABELS) as ScalarField[];

/** Multi-selects of reference records, submitted as repeated values. */
export const LIST_LABELS = {
  industryIds: "Industries",
  geographyIds: "Geographies",
  countryIds: "Countries",
  personaIds: "Target personas",
} as const;
export type ListField = keyof typeof LIST_LABELS;
export const LIST_FIELDS = Object.keys(LIST_LABELS) as ListField[];

export const GATED_FIELD_LABELS: Record<GatedField, string> = {
  revenueRange: "Revenue range",
  problem: "Problem",
  solution: "Solution",
  timing: "Timing",
  howItWorks: "How it works",
  keyUseCases: "Key use cases",
  team: "Team",
  faqs: "FAQs",
  hqStreet: "Street",
  hqCity: "City",
  hqRegion: "Region",
  hqPostalCode: "Postal code",
  phone: "Phone",
  contactEmail: "Contact e-mail",
};
export { GATED_FIELDS };

/** The repeatable child lists: their fields, what one row is called, and how many rows a listing may have. */
export const ROW_SECTIONS = {
  team: {
    item: "Team member",
    plural: "team members",
    max: 50,
    fields: { name: "Name", title: "Title", photoUrl: "Photo URL", linkedinUrl: "LinkedIn", email: "E-mail" },
  },
  faqs: { item: "FAQ", plural: "FAQs", max: 50, fields: { question: "Question", answer: "Answer" } },
  keyUseCases: { item: "Use case", plural: "use cases", max: 50, fields: { title: "Title", description: "Description" } },
  howItWorks: { item: "Step", plural: "steps", max: 30, fields: { text: "Step" } },
  fundingRounds: {
    item: "Funding round",
    plural: "funding rounds",
    max: 50,
    fields: {
      id: "Round id",
      roundType: "Round type",
      amount: "Amount",
      currency: "Currency",
      fundingDate: "Date",
      announcementUrl: "Announcement URL",
      allInvestors: "Investors",
      notes: "Notes",
    },
  },
} as const;
export type RowSection = keyof typeof ROW_SECTIONS;
export const ROW_SECTION_NAMES = Object.keys(ROW_SECTIONS) as RowSection[];
export type RowFieldOf<S extends RowSection> = keyof (typeof ROW_SECTIONS)[S]["fields"] & string;
export type RowValues<S extends RowSection = RowSection> = Partial<Record<RowFieldOf<S>, string>>;

/**
 * Row fields that do not make a row "typed in": a hidden id, and a currency the form fills in for every new
 * round. A row with nothing else is an empty row and is dropped, as if it had never been added.
 */
export const ROW_PREFILLED: Partial<Record<RowSection, readonly string[]>> = { fundingRounds: ["id", "currency"] };

/** Error keys are input names: "tagline", "industryIds", "fieldVisibility[team]", "team[2][name]"; "form" for the whole form. */
export type FieldErrors = Partial<Record<string, string>>;

export const rowInputName = (section: RowSection, index: number, field: string) => `${section}[${index}][${field}]`;
export const visibilityInputName = (field: GatedField) => `fieldVisibility[${field}]`;

/** A stable element id for an input name, so the error summary can link to the field. */
export function fieldId(name: string): string {
  return `field-${name.replace(/\]\[|\[|\]/g, "-").replace(/-+$/, "")}`;
}

/** The human label of an input name, for the error summary: "Team member 3: Name", "Who sees Team". */
export function labelFor(name: string): string {
  if (name === "form") return "This listing";
  if (name in SCALAR_LABELS) return SCALAR_LABELS[name as ScalarField];
  if (name in LIST_LABELS) return LIST_LABELS[name as ListField];
  const gated = /^fieldVisibility\[(\w+)\]$/.exec(name);
  if (gated) return `Who sees ${GATED_FIELD_LABELS[gated[1] as GatedField] ?? gated[1]}`;
  const row = /^(\w+)\[(\d+)\]\[(\w+)\]$/.exec(name);
  if (row && row[1]! in ROW_SECTIONS) {
    const section = ROW_SECTIONS[row[1] as RowSection];
    const label = (section.fields as Record<string, string>)[row[3]!] ?? row[3];
    return `${section.item} ${Number(row[2]) + 1}: ${label}`;
  }
  if (name in ROW_SECTIONS) return ROW_SECTIONS[name as RowSection].item + "s";
  return name;
}
