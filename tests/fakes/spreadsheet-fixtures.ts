/**
 * Data for the fake spreadsheet API (tests/fakes/spreadsheet-api.ts): a demo base laid out like the source's
 * (spec 01 §3, spec 02 §3), deterministic, with the small drifts a real base has: a field named in another case, one
 * named a little differently, two Company fields it never had, two of its own, and no LeadOnTreesJobs table.
 */
import { COMPANY_FIELDS, COUNTRIES, GEOGRAPHIES, INDUSTRIES, STAGES, company } from "./spreadsheet-demo-companies.ts";
import { CREATED, recordId, table, type FakeBase } from "./spreadsheet-fixture-kit.ts";

export type { FakeBase, FakeField, FakeFile, FakeRecord, FakeTable } from "./spreadsheet-fixture-kit.ts";

export const DEMO_BASE_ID = "appIntrobaseDemo";
export const DEMO_API_KEY = "patLocalFake.only-for-tests-and-offline-development";

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
