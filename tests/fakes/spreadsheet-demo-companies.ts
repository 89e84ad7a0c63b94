/**
 * The demo base's Companies table (tests/fakes/spreadsheet-fixtures.ts): spec 02 §3's Company record as a base that
 * grew by hand has it, and deterministic rows that link to the demo reference tables by record id.
 */
import { recordId } from "./spreadsheet-fixture-kit.ts";

export const INDUSTRIES: Array<[primary: string, secondary: string]> = [
  ["AI", "Machine Learning"],
  ["FinTech", "Payments"],
  ["Healthcare", "Digital Health"],
  ["Energy", "Solar"],
  ["Software", "Technology"],
  ["Logistics", "Last Mile"],
];
export const COUNTRIES: Array<[name: string, iso: string, emoji: string]> = [
  ["Germany", "DE", "🇩🇪"],
  ["Poland", "PL", "🇵🇱"],
  ["United States", "US", "🇺🇸"],
  ["Estonia", "EE", "🇪🇪"],
];
export const GEOGRAPHIES = ["Europe", "NA", "CEE"];
export const STAGES = ["Pre-Seed", "Seed", "Series A", "Series B"];
const NAME_A = [
  "Nimbus",
  "Orbit",
  "Vector",
  "Helix",
  "Quanta",
  "Lumen",
  "Atlas",
  "Cobalt",
  "Ember",
  "Fjord",
  "Granite",
  "Harbor",
  "Iris",
  "Juniper",
  "Kestrel",
  "Lattice",
  "Meridian",
  "Nova",
  "Onyx",
  "Prism",
];
const NAME_B = ["Labs", "AI", "Health", "Capital", "Ventures", "Robotics", "Pay", "Logistics", "Energy", "Bio"];
const NAME_C = ["", " Group", " Systems", " Partners"];

/** The Companies table: spec 02 §3's Company record, as a base that grew by hand has it. */
export const COMPANY_FIELDS: Array<[string, string]> = [
  ["Name", "singleLineText"],
  ["Type", "singleSelect"],
  ["Website", "url"],
  ["Description", "multilineText"],
  ["Tagline", "singleLineText"],
  ["Problem", "multilineText"],
  ["Solution", "multilineText"],
  ["How It Works", "multilineText"],
  ["Timing", "multilineText"],
  ["Industries", "multipleRecordLinks"],
  ["Countries", "multipleRecordLinks"],
  ["Geographies", "multipleRecordLinks"],
  ["FundingStage", "multipleRecordLinks"],
  ["Target Personas", "multipleRecordLinks"],
  ["BusinessModel", "multipleRecordLinks"],
  ["RevenueRange", "multipleRecordLinks"],
  ["Featured", "checkbox"],
  ["AUM", "currency"],
  ["InvestorType", "singleSelect"],
  ["StageFocus", "multipleSelects"],
  ["AccessLevel", "multipleRecordLinks"],
  ["FieldVisibility", "multilineText"],
  ["Logo Image", "multipleAttachments"],
  ["Current Employee Count", "number"],
  ["TeamSize", "singleSelect"],
  ["Processing Status", "singleSelect"],
  ["Data Source", "singleSelect"],
  ["LOT Data Quality Score", "number"],
  ["Last Company Enrichment", "dateTime"],
  ["Data Last Synched", "dateTime"],
  ["FoundedYear", "number"],
  ["Company Linkedin", "url"],
  ["Company Twitter", "url"],
  ["Company Facebook", "url"],
  ["LOT Company ID", "singleLineText"],
  ["AI Description", "multilineText"],
  ["Content Status", "singleSelect"],
  ["LeadOnTreesJobs", "multipleRecordLinks"],
  ["CEO", "singleLineText"],
  ["Primary Contact", "singleLineText"],
  ["Total Funding Raised", "currency"],
  ["Latest Round Date", "date"],
  ["Latest Round Amount", "currency"],
  ["Latest Round Type", "singleSelect"],
  ["Funding Round Count", "count"],
  ["FundingRounds", "multipleRecordLinks"],
  ["CompanyInvestorRelationships", "multipleRecordLinks"],
  ["Employees", "multipleRecordLinks"],
  ["Notes", "multilineText"],
  ["Investors (rollup)", "rollup"],
];

export function company(i: number): Record<string, unknown> {
  const name = `${NAME_A[i % 20]} ${NAME_B[Math.floor(i / 20) % 10]}${NAME_C[Math.floor(i / 200) % 4]}`;
  const investor = i % 5 === 0;
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "");
  return {
    Name: name,
    Type: investor ? "investor" : "startup",
    Website: `https://${slug}.example`,
    Tagline: i % 3 === 0 ? undefined : `${NAME_B[Math.floor(i / 20) % 10]} for ${COUNTRIES[i % 4]![0]}`,
    Description: `${name} builds ${INDUSTRIES[i % 6]![1].toLowerCase()} products.`,
    Industries: [recordId("Ind", i % INDUSTRIES.length)],
    Countries: [recordId("Cty", i % COUNTRIES.length)],
    Geographies: [recordId("Geo", i % GEOGRAPHIES.length)],
    FundingStage: investor ? undefined : [recordId("Stg", i % STAGES.length)],
    Featured: i % 25 === 0,
    InvestorType: investor ? "VC" : undefined,
    "Processing Status": "published",
    "Data Source": i % 2 === 0 ? "LeadsOnTrees" : "Manual",
    "LOT Company ID": i % 2 === 0 ? `lot-${10_000 + i}` : undefined,
    "Company Linkedin": `https://www.linkedin.com/company/${slug}`,
    FoundedYear: 2005 + (i % 18),
    CEO: i % 4 === 0 ? undefined : `CEO of ${name}`,
  };
}
