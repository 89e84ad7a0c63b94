import { describe, expect, it } from "vitest";
import {
  capDescription,
  cleanCurrency,
  currencyIsGenuine,
  DESCRIPTION_CAP,
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
} from "./processing-rules.ts";
import { ProviderRecord, type ProviderPerson } from "./provider/provider-record.ts";

describe("cleanCurrency (spec 02 §5)", () => {
  it.each(["USD", "EUR", "GBP"])("keeps %s", (code) => {
    expect(cleanCurrency(code)).toBe(code);
  });

  it.each(["JPY", "CNY", "INR", "CAD", "AUD", "SGD", "KRW", "CHF", "BTC", "XYZ"])("sends %s to USD", (code) => {
    expect(cleanCurrency(code)).toBe("USD");
  });

  it("strips quotes and uppercases", () => {
    expect(cleanCurrency('"eur"')).toBe("EUR");
    expect(cleanCurrency("'gbp'")).toBe("GBP");
    expect(cleanCurrency(" usd ")).toBe("USD");
    expect(cleanCurrency("“Eur”")).toBe("EUR");
    expect(cleanCurrency('"jpy"')).toBe("USD");
  });

  it("falls back to USD for nothing", () => {
    expect(cleanCurrency(null)).toBe("USD");
    expect(cleanCurrency(undefined)).toBe("USD");
    expect(cleanCurrency("")).toBe("USD");
    expect(cleanCurrency('""')).toBe("USD");
    expect(cleanCurrency("$")).toBe("USD");
  });

  it("knows whether the amount really is in the cleaned currency", () => {
    for (const code of ["USD", "eur", '"GBP"', "", null]) expect(currencyIsGenuine(code)).toBe(true);
    for (const code of ["JPY", "inr", '"CAD"', "$"]) expect(currencyIsGenuine(code)).toBe(false);
  });
});

describe("normaliseRoundType (spec 02 §5)", () => {
  it.each([
    ["Grant", "grant"],
    ["grants", "grant"],
    ["Pre-Seed", "pre-seed"],
    ["pre seed", "pre-seed"],
    ["pre_seed", "pre-seed"],
    ["PRESEED", "pre-seed"],
    ["Pre-Seed Round", "pre-seed"],
    ["Angel", "pre-seed"],
    ["Seed", "seed"],
    ["SEED", "seed"],
    ["Seed Round", "seed"],
    ["Seed+", "seed"],
    ["Series A", "series-a"],
    ["series_a", "series-a"],
    ["series-a", "series-a"],
    ["SeriesA", "series-a"],
    ["Series A1", "series-a"],
    ["Series A Extension", "series-a"],
    ["Series B", "series-b"],
    ["series c", "series-c"],
    ["Series D", "series-d"],
    ["Series E", "other"],
    ["Series F", "other"],
    ["Series Unknown", "other"],
    ["Debt Financing", "other"],
    ["Private Equity", "other"],
    ["IPO", "other"],
    ["other", "other"],
    ['"Seed"', "seed"],
  ])("%s is %s", (raw, type) => {
    expect(normaliseRoundType(raw)).toBe(type);
  });

  it.each([null, undefined, "", "  ", "Unknown", "undisclosed", "N/A", "Venture", "Venture Round", "Funding Round"])(
    "%s names no kind of round",
    (raw) => {
      expect(normaliseRoundType(raw)).toBeNull();
    },
  );
});

describe("roundTypeByAmount (spec 02 §9)", () => {
  it.each([
    [1, "pre-seed"],
    [499_999, "pre-seed"],
    [500_000, "seed"],
    [2_999_999, "seed"],
    [3_000_000, "series-a"],
    [14_999_999, "series-a"],
    [15_000_000, "series-b"],
    [49_999_999, "series-b"],
    [50_000_000, "series-c"],
    [99_999_999, "series-c"],
    [100_000_000, "series-d"],
    [499_999_999, "series-d"],
    [500_000_000, "other"],
    [5_000_000_000, "other"],
  ])("%d is %s", (amount, type) => {
    expect(roundTypeByAmount(amount)).toBe(type);
  });

  it("has no answer without a usable amount", () => {
    for (const amount of [null, undefined, 0, -5, Number.NaN, Number.POSITIVE_INFINITY]) expect(roundTypeByAmount(amount)).toBeNull();
  });
});

describe("validFoundedYear (spec 02 §5)", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  it("keeps years after 1800 up to this year", () => {
    expect(validFoundedYear(1801, now)).toBe(1801);
    expect(validFoundedYear(2015, now)).toBe(2015);
    expect(validFoundedYear(2026, now)).toBe(2026);
  });
  it("drops 1800 and before, the future, fractions and nothing", () => {
    expect(validFoundedYear(1800, now)).toBeNull();
    expect(validFoundedYear(0, now)).toBeNull();
    expect(validFoundedYear(2027, now)).toBeNull();
    expect(validFoundedYear(2015.5, now)).toBeNull();
    expect(validFoundedYear(null, now)).toBeNull();
    expect(validFoundedYear(undefined, now)).toBeNull();
  });
  it("uses the UTC year of now", () => {
    expect(validFoundedYear(2027, new Date("2027-01-01T00:00:00Z"))).toBe(2027);
    expect(validFoundedYear(2027, new Date("2026-12-31T23:59:59Z"))).toBeNull();
  });
});

describe("capDescription (spec 02 §9)", () => {
  it("keeps a text of up to 5000 characters", () => {
    const exact = "a".repeat(DESCRIPTION_CAP);
    expect(capDescription(exact)).toBe(exact);
    expect(capDescription("Short text.")).toBe("Short text.");
  });

  it("cuts 5001 characters at a word boundary with an ellipsis", () => {
    const text = "word ".repeat(1000) + "x"; // 5001 characters
    const capped = capDescription(text)!;
    expect(capped.length).toBeLessThanOrEqual(DESCRIPTION_CAP);
    expect(capped.endsWith("word…")).toBe(true);
  });

  it("cuts a huge text to at most 5000", () => {
    const capped = capDescription("lorem ipsum dolor sit amet ".repeat(50_000))!;
    expect(capped.length).toBeLessThanOrEqual(DESCRIPTION_CAP);
    expect(capped.length).toBeGreaterThan(DESCRIPTION_CAP - 20);
    expect(capped).toMatch(/\S…$/);
  });

  it("cuts mid-word when there is no boundary near the end", () => {
    const capped = capDescription("x".repeat(6000))!;
    expect(capped).toHaveLength(DESCRIPTION_CAP);
    expect(capped.endsWith("x…")).toBe(true);
  });

  it("never splits an emoji", () => {
    const capped = capDescription("a" + "😀".repeat(3000))!;
    expect(capped.length).toBeLessThanOrEqual(DESCRIPTION_CAP);
    expect(capped).not.toMatch(/[\uD800-\uDBFF]…$/);
    expect(capped.endsWith("😀…")).toBe(true);
  });

  it("gives null for nothing", () => {
    expect(capDescription(null)).toBeNull();
    expect(capDescription("   ")).toBeNull();
  });
});

describe("quality scores (spec 02 §9)", () => {
  it("is 4 on import (on a merge: duplicates/merge-rules.ts)", () => expect(IMPORT_QUALITY_SCORE).toBe(4));
});

describe("teamSizeBucket (spec 02 §9)", () => {
  it("is 50-200 up to 200 and 500-1000 above", () => {
    expect(teamSizeBucket(1)).toBe("50-200");
    expect(teamSizeBucket(30)).toBe("50-200");
    expect(teamSizeBucket(200)).toBe("50-200");
    expect(teamSizeBucket(201)).toBe("500-1000");
    expect(teamSizeBucket(3000)).toBe("500-1000");
  });
  it("is null when the count is unknown", () => {
    for (const n of [null, undefined, 0, -3, Number.NaN]) expect(teamSizeBucket(n)).toBeNull();
  });
});

describe("employeeCountText (spec 02 §9)", () => {
  it.each([
    ["1-10", "5"],
    ["11-50", "30"],
    ["51-200", "125"],
    ["201-500", "350"],
    ["1001-5000", "3000"],
    ["5,001-10,000", "7500"],
    ["11 - 50", "30"],
    ["11–50", "30"],
    ["11 to 50", "30"],
    ["11-50 employees", "30"],
    ["250", "250"],
    ["10001+", "10001"],
    ["1,200", "1200"],
  ])("%s gives %s", (size, text) => {
    expect(employeeCountText(size)).toBe(text);
  });

  it("takes a number as it is", () => {
    expect(employeeCountText(250)).toBe("250");
    expect(employeeCountText(0)).toBeNull();
    expect(employeeCountText(2.5)).toBeNull();
  });

  it.each(["", "   ", "many", "about 50", "-5", "0", "0-0", "1.5-3", "10-", null, undefined])("%s gives null", (size) => {
    expect(employeeCountText(size)).toBeNull();
  });
});

describe("splitName (spec 02 §5)", () => {
  it("splits the first word from the rest", () => {
    expect(splitName("Ada Lovelace")).toEqual({ firstName: "Ada", lastName: "Lovelace" });
    expect(splitName("Jean Claude Van Damme")).toEqual({ firstName: "Jean", lastName: "Claude Van Damme" });
  });
  it("gives no last name for one word", () => {
    expect(splitName("Cher")).toEqual({ firstName: "Cher", lastName: null });
  });
  it("ignores extra and unusual spaces", () => {
    expect(splitName("  Ada   King \t Lovelace ")).toEqual({ firstName: "Ada", lastName: "King Lovelace" });
    expect(splitName("Ada\u00a0Lovelace")).toEqual({ firstName: "Ada", lastName: "Lovelace" });
  });
  it("keeps unicode names whole", () => {
    expect(splitName("José María García")).toEqual({ firstName: "José", lastName: "María García" });
    expect(splitName("Zoë Ångström")).toEqual({ firstName: "Zoë", lastName: "Ångström" });
    expect(splitName("李 小龍")).toEqual({ firstName: "李", lastName: "小龍" });
  });
  it("gives null for nothing", () => {
    expect(splitName("")).toBeNull();
    expect(splitName("   ")).toBeNull();
    expect(splitName(null)).toBeNull();
  });
});

const person = (name: string | null, extra: Partial<ProviderPerson> = {}): ProviderPerson => ({
  name,
  email: null,
  linkedin_url: null,
  title: null,
  ...extra,
});

describe("pickEmployees (spec 02 §5, §9)", () => {
  const group = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => person(`${prefix} Person${i + 1}`));

  it("takes 5 per group, the CEO once and first", () => {
    const ceo = person("Grace Hopper", { email: "grace@acme.io", title: "Chief Executive Officer" });
    const sales = group("Sales", 7);
    sales.splice(2, 0, person("Grace Hopper", { email: "GRACE@acme.io", title: "CEO" }));
    const picked = pickEmployees({ employees: { leadership: group("Lead", 7), sales, engineering: group("Eng", 7) } }, ceo);
    expect(picked).toHaveLength(16);
    expect(picked[0]).toMatchObject({ name: "Grace Hopper", isCeo: true, title: "Chief Executive Officer", group: null });
    expect(picked.filter((p) => p.name === "Grace Hopper")).toHaveLength(1);
    for (const g of ["leadership", "sales", "engineering"]) expect(picked.filter((p) => p.group === g)).toHaveLength(5);
    expect(picked.filter((p) => p.group === "sales").map((p) => p.name)).toEqual([
      "Sales Person1",
      "Sales Person2",
      "Sales Person3",
      "Sales Person4",
      "Sales Person5",
    ]);
  });

  it("knows the CEO by e-mail, LinkedIn or name", () => {
    const ceo = person("Grace Hopper", { email: "grace@acme.io", linkedin_url: "https://www.linkedin.com/in/gracehopper/" });
    const employees = [
      person("G. Hopper", { email: "Grace@Acme.io" }),
      person("Rear Admiral Hopper", { linkedin_url: "http://linkedin.com/in/GraceHopper" }),
      person("grace  hopper"),
      person("Alan Turing"),
    ];
    expect(pickEmployees({ employees }, ceo).map((p) => p.name)).toEqual(["Grace Hopper", "Alan Turing"]);
  });

  it("drops people without names, and does not count them", () => {
    const employees = [person(null, { email: "a@x.io" }), person(""), ...group("Ops", 6)];
    const picked = pickEmployees({ employees }, null);
    expect(picked.map((p) => p.name)).toEqual(["Ops Person1", "Ops Person2", "Ops Person3", "Ops Person4", "Ops Person5"]);
    expect(picked.every((p) => !p.isCeo && p.group === null)).toBe(true);
  });

  it("takes one person once across groups", () => {
    const shared = person("Linus Torvalds", { email: "linus@x.io" });
    const picked = pickEmployees({ employees: { a: [shared], b: [shared, person("Ken Thompson")] } }, null);
    expect(picked.map((p) => [p.name, p.group])).toEqual([
      ["Linus Torvalds", "a"],
      ["Ken Thompson", "b"],
    ]);
  });

  it("leaves out a CEO without a name, and titles a named one CEO when untitled", () => {
    expect(pickEmployees({ employees: [person("Ada Lovelace")] }, person(null, { email: "ceo@x.io" })).map((p) => p.name)).toEqual([
      "Ada Lovelace",
    ]);
    expect(pickEmployees({}, person("Ada Lovelace"))).toEqual([
      { name: "Ada Lovelace", title: "CEO", email: null, linkedinUrl: null, isCeo: true, group: null },
    ]);
  });

  it("gives nobody for nothing", () => {
    expect(pickEmployees(null, null)).toEqual([]);
    expect(pickEmployees({ employees: [] }, undefined)).toEqual([]);
  });
});

const record = (input: Record<string, unknown>) => ProviderRecord.parse(input);

describe("industriesFor (spec 02 §3, §4)", () => {
  it("maps main category and categories through the provider map, then the matcher, each key once", () => {
    const industries = industriesFor(
      record({
        main_category: "Artificial Intelligence",
        company_info: { categories: ["Deep Learning", "FinTech", "artificial intelligence", "Payments"] },
      }),
    );
    expect(industries.map((i) => `${i.key} (${i.confidence}) ← ${i.source}`)).toEqual([
      "AI::Applied AI (exact) ← Artificial Intelligence",
      "AI::Machine Learning (exact) ← Deep Learning",
      "FinTech::Financial Services (fuzzy) ← FinTech",
      "FinTech::Payments (exact) ← Payments",
    ]);
  });

  it("keeps the surest confidence for a key reached twice", () => {
    const industries = industriesFor(record({ company_info: { categories: ["FinTech", "Financial Technology"] } }));
    expect(industries).toHaveLength(1);
    expect(industries[0]).toMatchObject({ key: "FinTech::Financial Services", confidence: "exact", source: "Financial Technology" });
  });

  it("drops the fallback next to placed categories, keeps it when nothing placed", () => {
    expect(industriesFor(record({ company_info: { categories: ["Zzqx", "Payments"] } })).map((i) => i.key)).toEqual(["FinTech::Payments"]);
    expect(industriesFor(record({ company_info: { categories: ["Zzqx", "Qwv"] } })).map((i) => `${i.key} (${i.confidence})`)).toEqual([
      "Software::Technology (fallback)",
    ]);
  });

  it("gives no industries without categories", () => {
    expect(industriesFor(record({}))).toEqual([]);
    expect(industriesFor(record({ company_info: { categories: "" } }))).toEqual([]);
  });
});

describe("isImportable (spec 02 §5)", () => {
  it("needs a non-empty name", () => {
    expect(isImportable(record({ company_name: "Acme" }))).toBe(true);
    expect(isImportable(record({ company_name: "   " }))).toBe(false);
    expect(isImportable(record({ company_name: null }))).toBe(false);
    expect(isImportable(record({}))).toBe(false);
  });
});
