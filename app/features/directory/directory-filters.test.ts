import { describe, expect, it } from "vitest";
import { directoryQueryToParams, LIST_FILTERS, parseDirectoryQuery, type DirectoryQuery } from "./directory-filters.ts";

function parse(query: string) {
  return parseDirectoryQuery(new URLSearchParams(query));
}

function ok(query: string): DirectoryQuery {
  const result = parse(query);
  if (!result.ok) throw new Error(`expected ${query} to parse, got: ${result.error}`);
  return result.query;
}

function error(query: string): string {
  const result = parse(query);
  if (result.ok) throw new Error(`expected ${query} to be rejected`);
  return result.error;
}

describe("parseDirectoryQuery", () => {
  it("gives the defaults for an empty query", () => {
    expect(ok("")).toEqual({
      searchQuery: undefined,
      entityType: undefined,
      featuredOnly: undefined,
      industries: [],
      geographies: [],
      fundingStages: [],
      businessModels: [],
      countries: [],
      cities: [],
      revenueRanges: [],
      personas: [],
      raised: [],
      teamSize: [],
      ticketSize: [],
      page: 1,
      pageSize: 25,
    });
  });

  it.each([
    ["type=startup", "startup"],
    ["type=startups", "startup"],
    ["type=INVESTORS", "investor"],
    ["entityType=Partner", "partner"],
    ["entityType=%20partners%20", "partner"],
    ["type=all", undefined],
    ["type=ALL", undefined],
    ["type=", undefined],
  ])("reads %s as entity type %s", (query, type) => {
    expect(ok(query).entityType).toBe(type);
  });

  it("rejects other entity types", () => {
    expect(error("type=founders")).toMatch(/entityType/);
    expect(error("type=startupss")).toMatch(/entityType/);
  });

  it("reads featured only under both names; false is the same as absent", () => {
    for (const v of ["true", "TRUE", "on", "1"]) expect(ok(`featured=${v}`).featuredOnly).toBe(true);
    for (const v of ["true", "on"]) expect(ok(`featuredOnly=${v}`).featuredOnly).toBe(true);
    for (const v of ["false", "0", ""]) expect(ok(`featuredOnly=${v}`).featuredOnly).toBeUndefined();
    expect(error("featured=yes")).toMatch(/featuredOnly/);
  });

  it("accepts pages from 1 and rejects anything else", () => {
    expect(ok("page=1").page).toBe(1);
    expect(ok("page=37").page).toBe(37);
    expect(ok("page=100000").page).toBe(100_000);
    for (const page of ["0", "-1", "1.5", "abc", "1e3", " 2", "100001", "9999999999"])
      expect(error(`page=${encodeURIComponent(page)}`)).toMatch(/page/);
  });

  it("accepts only the page sizes 25, 50 and 100", () => {
    expect(ok("pageSize=25").pageSize).toBe(25);
    expect(ok("pageSize=50").pageSize).toBe(50);
    expect(ok("pageSize=100").pageSize).toBe(100);
    expect(ok("pageSize=").pageSize).toBe(25);
    for (const size of ["7", "0", "10", "1000", "fifty"]) expect(error(`pageSize=${size}`)).toBe("pageSize must be 25, 50 or 100.");
  });

  it("trims the search text, drops it when blank, and accepts q as its short name", () => {
    expect(ok("searchQuery=%20%20nimbus%20labs%20").searchQuery).toBe("nimbus labs");
    expect(ok("searchQuery=%20%20%20").searchQuery).toBeUndefined();
    expect(ok("q=fintech").searchQuery).toBe("fintech");
  });

  it("rejects a search text that is too long", () => {
    expect(ok(`searchQuery=${"a".repeat(200)}`).searchQuery).toHaveLength(200);
    expect(error(`searchQuery=${"a".repeat(201)}`)).toMatch(/at most 200/);
    expect(error(`searchQuery=${"a".repeat(10_000)}`)).toMatch(/searchQuery/);
  });

  it.each(["searchQuery", "q", "type", "entityType", "featured", "featuredOnly", "page", "pageSize", "offset"])(
    "rejects a repeated %s",
    (name) => {
      expect(error(`${name}=1&${name}=2`)).toBe(`Parameter "${name}" must appear at most once.`);
    },
  );

  it("reads list filters repeated or comma-separated, trimmed and without duplicates", () => {
    expect(ok("industries=AI&industries=FinTech").industries).toEqual(["AI", "FinTech"]);
    expect(ok("industries=AI,FinTech").industries).toEqual(["AI", "FinTech"]);
    expect(ok("industries=%20AI%20,%20FinTech%20,,&industries=AI").industries).toEqual(["AI", "FinTech"]);
    expect(ok("countries=DE&countries=Japan&personas=CTO").countries).toEqual(["DE", "Japan"]);
    for (const name of LIST_FILTERS) {
      const codes: Partial<Record<string, string>> = {
        businessModels: "retainer",
        raised: "1m-5m",
        teamSize: "1-10",
        ticketSize: "over-10m",
      };
      expect(ok(`${name}=${encodeURIComponent(codes[name] ?? "x")}`)[name]).toHaveLength(1);
    }
  });

  it("bounds the number and length of list values", () => {
    expect(ok(`industries=${Array.from({ length: 50 }, (_, i) => `i${i}`).join(",")}`).industries).toHaveLength(50);
    expect(error(`industries=${Array.from({ length: 51 }, (_, i) => `i${i}`).join(",")}`)).toMatch(/at most 50 values/);
    expect(error(`countries=${"x".repeat(101)}`)).toMatch(/at most 100 characters/);
  });

  it("accepts only the three business model codes", () => {
    expect(ok("businessModels=retainer,retainer_plus_success,success_only").businessModels).toEqual([
      "retainer",
      "retainer_plus_success",
      "success_only",
    ]);
    expect(error("businessModels=equity")).toMatch(/businessModels accepts only/);
    expect(error("businessModels=Retainer")).toMatch(/businessModels/);
    expect(error("businessModels=retainer&businessModels=hourly")).toMatch(/hourly/);
  });

  it("does not echo more than a short piece of bad input", () => {
    expect(error(`type=${"z".repeat(500)}`).length).toBeLessThan(150);
    expect(error(`businessModels=${"z".repeat(90)}`).length).toBeLessThan(150);
  });
});

describe("directoryQueryToParams", () => {
  it("omits defaults so plain links stay short", () => {
    expect(directoryQueryToParams(ok("")).toString()).toBe("");
    expect(directoryQueryToParams(ok("page=1&pageSize=25&type=all&featured=false")).toString()).toBe("");
  });

  it("round-trips every kind of state through the URL", () => {
    const states = [
      "q=nimbus%20labs&type=investors&featured=1&page=3&pageSize=50",
      "industries=AI,FinTech&geographies=Europe&countries=DE&countries=Japan&personas=CTO",
      "fundingStages=Seed&businessModels=success_only&revenueRanges=1m_to_5m,more_than_50m&pageSize=100",
      "searchQuery=caf%C3%A9%20%26%20co&industries=Aerospace%20%26%20Defense",
    ];
    for (const state of states) {
      const query = ok(state);
      const again = ok(directoryQueryToParams(query).toString());
      expect(again).toEqual(query);
    }
  });

  it("writes list filters as repeated parameters", () => {
    const params = directoryQueryToParams({ industries: ["AI", "FinTech"], page: 2, pageSize: 50 });
    expect(params.getAll("industries")).toEqual(["AI", "FinTech"]);
    expect(params.get("page")).toBe("2");
    expect(params.get("pageSize")).toBe("50");
  });
});
