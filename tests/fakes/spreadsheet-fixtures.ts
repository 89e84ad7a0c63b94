/**
 * Data for the fake spreadsheet API (tests/fakes/spreadsheet-api.ts): a demo base laid out like the source's
 * (spec 01 §3, spec 02 §3), deterministic, with the small drifts a real base has: a field named in another case, one
 * named a little differently, two Company fields it never had, two of its own, and no LeadOnTreesJobs table.
 */

export interface FakeField {
  id: string;
  name: string;
  /** Airtable's field types: singleLineText, multilineText, url, checkbox, number, multipleRecordLinks, ... */
  type: string;
}

export interface FakeRecord {
  id: string;
  createdTime: string;
  /** As the API sends them: empty fields are left out of a record. */
  fields: Record<string, unknown>;
}

export interface FakeTable {
  id: string;
  name: string;
  fields: FakeField[];
  records: FakeRecord[];
  /** From this page on (1-based) every records request fails, to test what a client does with a broken scan. */
  fault?: { fromPage: number; status: number; type: string; message: string };
}

export interface FakeBase {
  id: string;
  name: string;
  tables: FakeTable[];
  /** The key may read records but not the schema: the metadata API answers 403. */
  metadataDenied?: boolean;
}

export const DEMO_BASE_ID = "appIntrobaseDemo";
export const DEMO_API_KEY = "patLocalFake.only-for-tests-and-offline-development";

const CREATED = "2024-11-05T09:30:00.000Z";
const pad = (n: number) => n.toString(36).padStart(6, "0");

/** A table whose field ids follow their order, and whose records are made from rows of field values. */
function table(code: string, name: string, fields: Array<[name: string, type: string]>, rows: Array<Record<string, unknown>>): FakeTable {
  return {
    id: `tbl${code}`,
    name,
    fields: fields.map(([fieldName, type], i) => ({ id: `fld${code}${pad(i)}`, name: fieldName, type })),
    records: rows.map((row, i) => ({
      id: `rec${code}${pad(i)}`,
      createdTime: CREATED,
      // Like the real API, a record carries only the fields that hold something.
      fields: Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined && v !== null && v !== "" && v !== false)),
    })),
  };
}

const recordId = (code: string, i: number) => `rec${code}${pad(i)}`;

const INDUSTRIES: Array<[primary: string, secondary: string]> = [
  ["AI", "Machine Learning"],
  ["FinTech", "Payments"],
  ["Healthcare", "Digital Health"],
  ["Energy", "Solar"],
  ["Software", "Technology"],
  ["Logistics", "Last Mile"],
];
const COUNTRIES: Array<[name: string, iso: string, emoji: string]> = [
  ["Germany", "DE", "🇩🇪"],
  ["Poland", "PL", "🇵🇱"],
  ["United States", "US", "🇺🇸"],
  ["Estonia", "EE", "🇪🇪"],
];
const GEOGRAPHIES = ["Europe", "NA", "CEE"];
const STAGES = ["Pre-Seed", "Seed", "Series A", "Series B"];
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
const COMPANY_FIELDS: Array<[string, string]> = [
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

function company(i: number): Record<string, unknown> {
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

/** The demo base. `companies` sets how many Companies records it holds (620: more than a 5-page scan reads). */
export function demoBase({ companies = 620 }: { companies?: number } = {}): FakeBase {
  return {
    id: DEMO_BASE_ID,
    name: "Introbase demo base",
    tables: [
      table(
        "Cmp",
        "Companies",
        COMPANY_FIELDS,
        Array.from({ length: companies }, (_, i) => company(i)),
      ),
      table(
        "Usr",
        "Users",
        [
          ["First Name", "singleLineText"],
          ["Last Name", "singleLineText"],
          ["Email", "email"],
          ["LinkedIn", "url"],
          ["Companies", "multipleRecordLinks"],
          ["Role", "singleSelect"],
          ["Current Tier", "multipleRecordLinks"],
        ],
        [
          { "First Name": "Ada", "Last Name": "Admin", Email: "ada@introbase.example", Role: "admin" },
          { "First Name": "Sam", "Last Name": "Subscriber", Email: "sam@introbase.example", Role: "user", Companies: [recordId("Cmp", 1)] },
        ],
      ),
      table(
        "Ind",
        "Industries",
        [
          ["Name", "singleLineText"],
          ["Primary Category", "singleLineText"],
          ["Secondary Category", "singleLineText"],
          ["Industry Key", "singleLineText"],
          ["LeadsOnTrees Source", "checkbox"],
          ["Last Updated", "dateTime"],
          ["Description", "multilineText"],
          ["Mapping Confidence", "singleSelect"],
        ],
        INDUSTRIES.map(([primary, secondary]) => ({
          Name: `${primary}: ${secondary}`,
          "Primary Category": primary,
          "Secondary Category": secondary,
          "Industry Key": `${primary}::${secondary}`,
          "LeadsOnTrees Source": true,
          "Last Updated": CREATED,
          "Mapping Confidence": "exact",
        })),
      ),
      table(
        "Cty",
        "Countries",
        [
          ["Name", "singleLineText"],
          ["ISO Code", "singleLineText"],
          ["Emoji", "singleLineText"],
          ["Data Source", "singleSelect"],
          ["Last Updated", "dateTime"],
        ],
        COUNTRIES.map(([name, iso, emoji]) => ({
          Name: name,
          "ISO Code": iso,
          Emoji: emoji,
          "Data Source": "Manual",
          "Last Updated": CREATED,
        })),
      ),
      table(
        "Geo",
        "Geographies",
        [["Name", "singleLineText"]],
        GEOGRAPHIES.map((name) => ({ Name: name })),
      ),
      table(
        "Stg",
        "FundingStages",
        [
          ["Name", "singleLineText"],
          ["Data Source", "singleSelect"],
          ["Last Updated", "dateTime"],
        ],
        STAGES.map((name) => ({ Name: name, "Data Source": "Manual", "Last Updated": CREATED })),
      ),
      table(
        "Rnd",
        "FundingRounds",
        [
          ["Company", "multipleRecordLinks"],
          ["Amount", "currency"],
          ["Currency", "singleSelect"],
          ["Round Type", "singleSelect"],
          ["Funding Date", "date"],
          ["Data Source", "singleSelect"],
          ["LOT Data ID", "singleLineText"],
          ["Announcement URL", "url"],
          ["Last Updated", "dateTime"],
          ["All Investors", "multilineText"],
          ["Notes", "multilineText"],
        ],
        Array.from({ length: 12 }, (_, i) => ({
          Company: [recordId("Cmp", i * 7 + 1)],
          Amount: 250_000 * (i + 1),
          Currency: i % 3 === 0 ? "EUR" : "USD",
          "Round Type": ["pre-seed", "seed", "series-a"][i % 3],
          "Funding Date": `2024-${String((i % 12) + 1).padStart(2, "0")}-15`,
          "Data Source": "LeadsOnTrees",
        })),
      ),
      table(
        "Rel",
        "CompanyInvestorRelationships",
        [
          ["Company", "multipleRecordLinks"],
          ["Investor", "multipleRecordLinks"],
          ["Funding Round", "multipleRecordLinks"],
          ["Investment Status", "singleSelect"],
          ["Notes", "multilineText"],
        ],
        Array.from({ length: 6 }, (_, i) => ({
          Company: [recordId("Cmp", i * 7 + 1)],
          Investor: [recordId("Cmp", i * 5)],
          "Funding Round": [recordId("Rnd", i)],
          "Investment Status": "active",
        })),
      ),
      table(
        "Tpe",
        "TargetPersonas",
        [["Name", "singleLineText"]],
        ["Founders", "CFOs", "Operators"].map((Name) => ({ Name })),
      ),
      table(
        "Bmd",
        "BusinessModels",
        [["Name", "singleLineText"]],
        ["retainer", "retainer_plus_success", "success_only"].map((Name) => ({ Name })),
      ),
      table(
        "Rev",
        "RevenueRanges",
        [["Name", "singleLineText"]],
        ["less_than_100k", "100k_to_1m", "more_than_1m"].map((Name) => ({ Name })),
      ),
      table(
        "Vis",
        "VisibilityLevels",
        [
          ["Name", "singleLineText"],
          ["Display Name", "singleLineText"],
          ["Rank", "number"],
          ["Monthly Price", "currency"],
          ["Max Company Views Per Month", "number"],
        ],
        [
          { Name: "public", "Display Name": "Public", Rank: 0, "Monthly Price": 0, "Max Company Views Per Month": 5 },
          { Name: "subscriber", "Display Name": "Subscriber", Rank: 1, "Monthly Price": 29, "Max Company Views Per Month": 50 },
          { Name: "premium", "Display Name": "Premium", Rank: 2, "Monthly Price": 99, "Max Company Views Per Month": -1 },
        ],
      ),
      table(
        "Fvs",
        "FieldVisibility",
        [
          ["Name", "singleLineText"],
          ["AccessLevel", "multipleRecordLinks"],
        ],
        [
          { Name: "revenuerange", AccessLevel: [recordId("Vis", 1)] },
          { Name: "team", AccessLevel: [recordId("Vis", 2)] },
        ],
      ),
    ],
  };
}
