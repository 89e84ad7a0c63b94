import { describe, expect, it } from "vitest";
import { ProviderQuery, toSearchParams, type ProviderQueryInput } from "./provider-query.ts";

function messages(input: ProviderQueryInput): string[] {
  const result = ProviderQuery.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

describe("ProviderQuery", () => {
  it("has the spec's defaults: page 1, 20 results (the provider's minimum batch), one job, no filters", () => {
    expect(ProviderQuery.parse({})).toEqual({ page: 1, maxResults: 20, maxJobs: 1, category: [], country: [], round: [] });
  });

  it("treats empty form fields as not given", () => {
    const q = ProviderQuery.parse({ page: "", maxResults: " ", maxJobs: "", category: "", dateFrom: "", website: " ", linkedinUrl: "" });
    expect(q).toEqual({ page: 1, maxResults: 20, maxJobs: 1, category: [], country: [], round: [] });
  });

  it("reads numbers from form strings", () => {
    expect(ProviderQuery.parse({ page: "3", maxResults: " 100 ", maxJobs: "10" })).toMatchObject({ page: 3, maxResults: 100, maxJobs: 10 });
  });

  it.each([
    [{ page: 0 }, "page: Page must be at least 1"],
    [{ page: "-2" }, "page: Page must be at least 1"],
    [{ page: "1.5" }, "page: Page must be a whole number"],
    [{ page: "two" }, "page: Page must be a whole number"],
    [{ maxResults: 0 }, "maxResults: Max results must be at least 1"],
    [{ maxResults: "101" }, "maxResults: Max results must be at most 100"],
    [{ maxJobs: 0 }, "maxJobs: Max jobs must be at least 1"],
    [{ maxJobs: 11 }, "maxJobs: Max jobs must be at most 10"],
  ] as const)("rejects %o with a readable message", (input, message) => {
    expect(messages(input)).toEqual([message]);
  });

  it("accepts the bounds", () => {
    expect(ProviderQuery.safeParse({ page: 1, maxResults: 1, maxJobs: 1 }).success).toBe(true);
    expect(ProviderQuery.safeParse({ maxResults: 100, maxJobs: 10 }).success).toBe(true);
  });

  it("turns comma-separated strings and arrays into trimmed lists without empties or repeats", () => {
    const q = ProviderQuery.parse({ category: " FinTech, ,SaaS,,FinTech ", country: ["  Germany", "", "France "], round: "Seed" });
    expect(q.category).toEqual(["FinTech", "SaaS"]);
    expect(q.country).toEqual(["Germany", "France"]);
    expect(q.round).toEqual(["Seed"]);
    expect(ProviderQuery.parse({ category: " , ,", country: [] })).toMatchObject({ category: [], country: [] });
  });

  it("rejects a list of things that are not text", () => {
    expect(messages({ category: [1, 2] as unknown as string[] })[0]).toMatch(/^category\.0: /);
  });

  it("refuses oversized input with a reason instead of sending it on", () => {
    expect(messages({ category: "x".repeat(2_000_000) })[0]).toBe("category.0: each value must be at most 100 characters");
    expect(messages({ country: Array.from({ length: 51 }, (_, i) => `C${i}`).join(",") })[0]).toBe("country: at most 50 values");
    expect(messages({ website: `https://a.com/${"p".repeat(600)}` })[0]).toBe("website: Website must be at most 500 characters");
    expect(ProviderQuery.parse({ category: "Ünïcødé, 日本 ,," }).category).toEqual(["Ünïcødé", "日本"]);
  });

  it("accepts real dates in order and rejects others", () => {
    expect(ProviderQuery.parse({ dateFrom: "2024-02-29", dateTo: "2024-02-29" })).toMatchObject({
      dateFrom: "2024-02-29",
      dateTo: "2024-02-29",
    });
    expect(ProviderQuery.parse({ dateFrom: " 2025-01-01 " }).dateFrom).toBe("2025-01-01");
    expect(messages({ dateFrom: "01/02/2025" })).toEqual(["dateFrom: Date from must be a date written YYYY-MM-DD"]);
    expect(messages({ dateTo: "2025-1-5" })).toEqual(["dateTo: Date to must be a date written YYYY-MM-DD"]);
    expect(messages({ dateFrom: "2025-02-29" })).toEqual(["dateFrom: Date from is not a real calendar date"]);
    expect(messages({ dateTo: "2025-13-01" })).toEqual(["dateTo: Date to is not a real calendar date"]);
    expect(messages({ dateFrom: "2025-03-02", dateTo: "2025-03-01" })).toEqual(["dateTo: Date from must be on or before date to"]);
  });

  it.each(["https://acme.com", "http://www.acme.co.uk/about", "acme.com", "sub.acme.io"])("accepts the website %s", (site) => {
    expect(ProviderQuery.parse({ website: ` ${site} ` }).website).toBe(site);
  });

  it.each(["acme", "ftp://acme.com", "https://", "acme .com", "javascript:alert(1)"])("rejects the website %s", (site) => {
    expect(messages({ website: site })).toEqual(["website: Website must be a web address such as https://acme.com or acme.com"]);
  });

  it("accepts linkedin.com addresses, adding a missing scheme", () => {
    expect(ProviderQuery.parse({ linkedinUrl: "https://www.linkedin.com/company/acme" }).linkedinUrl).toBe(
      "https://www.linkedin.com/company/acme",
    );
    expect(ProviderQuery.parse({ linkedinUrl: "linkedin.com/in/ada-lovelace" }).linkedinUrl).toBe("https://linkedin.com/in/ada-lovelace");
  });

  it.each(["https://evil-linkedin.com/company/x", "https://linkedin.com.evil.io/x", "ftp://linkedin.com/x", "not a url"])(
    "rejects the LinkedIn URL %s",
    (url) => {
      expect(messages({ linkedinUrl: url })[0]).toMatch(/^linkedinUrl: LinkedIn URL must be a linkedin.com address/);
    },
  );

  it("reports every problem at once", () => {
    expect(messages({ page: 0, maxResults: 500, website: "x" })).toHaveLength(3);
  });
});

describe("toSearchParams", () => {
  const query = ProviderQuery.parse({
    page: 2,
    maxResults: 50,
    maxJobs: 3,
    category: "FinTech, SaaS",
    country: "Germany",
    round: "Seed,Series A",
    dateFrom: "2025-01-01",
    dateTo: "2025-06-30",
    website: "acme.com",
    linkedinUrl: "linkedin.com/company/acme",
  });

  it("sends every filter for funding, lists comma-joined, and not maxJobs (ours)", () => {
    expect(Object.fromEntries(toSearchParams(query, "funding"))).toEqual({
      category: "FinTech,SaaS",
      country: "Germany",
      round: "Seed,Series A",
      page: "2",
      maxResults: "50",
      dateFrom: "2025-01-01",
      dateTo: "2025-06-30",
      website: "acme.com",
      linkedinUrl: "https://linkedin.com/company/acme",
    });
  });

  it("leaves out the round for M&A", () => {
    expect(toSearchParams(query, "m-a").has("round")).toBe(false);
  });

  it("sends only page and size when nothing else is given", () => {
    expect(toSearchParams(ProviderQuery.parse({}), "funding").toString()).toBe("page=1&maxResults=20");
  });
});
