import { describe, expect, it } from "vitest";
import { directoryQueryToParams, parseDirectoryQuery, readDirectoryQuery } from "./directory-filters.ts";
import { raisedBand, teamSizeBand, ticketBands, windowStart } from "./investor-filters.ts";

const parse = (query: string) => parseDirectoryQuery(new URLSearchParams(query));

describe("the investor filters in the URL", () => {
  it("reads bands, windows and founded years, and writes them back the same", () => {
    const state =
      "raised=1m-5m&raised=OVER-100M&teamSize=1000%2B,11-50&ticketSize=500k-2m&lastRound=6m&lastInvestment=12M&foundedFrom=2015&foundedTo=2020";
    const parsed = parse(state);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.query).toMatchObject({
      raised: ["1m-5m", "over-100m"],
      teamSize: ["1000+", "11-50"],
      ticketSize: ["500k-2m"],
      lastRound: "6m",
      lastInvestment: "12m",
      foundedFrom: 2015,
      foundedTo: 2020,
    });
    const again = parse(directoryQueryToParams(parsed.query).toString());
    expect(again).toEqual(parsed);
  });

  it.each([
    ["raised=2m-3m", 'raised accepts only under-1m, 1m-5m, 5m-20m, 20m-100m, over-100m (got "2m-3m").'],
    ["teamSize=huge", 'teamSize accepts only 1-10, 11-50, 51-200, 201-1000, 1000+ (got "huge").'],
    ["ticketSize=1m", 'ticketSize accepts only under-500k, 500k-2m, 2m-10m, over-10m (got "1m").'],
    ["lastRound=5m", 'lastRound must be one of 3m, 6m, 12m, 24m (got "5m").'],
    ["lastInvestment=yesterday", 'lastInvestment must be one of 3m, 6m, 12m, 24m (got "yesterday").'],
    ["foundedFrom=20x5", 'foundedFrom must be a year from 1800 to 2100 (got "20x5").'],
    ["foundedTo=3000", 'foundedTo must be a year from 1800 to 2100 (got "3000").'],
    ["foundedFrom=2020&foundedTo=2010", "foundedFrom (2020) must not be after foundedTo (2010)."],
    ["lastRound=3m&lastRound=6m", 'Parameter "lastRound" must appear at most once.'],
  ])("refuses %s for the API with a message", (query, message) => {
    expect(parse(query)).toEqual({ ok: false, error: message });
  });

  it("drops what a page cannot honour and says so", () => {
    const { query, problems } = readDirectoryQuery(new URLSearchParams("raised=2m-3m,1m-5m&lastRound=5m&foundedFrom=2020&foundedTo=2010"));
    expect(query.raised).toEqual(["1m-5m"]);
    expect(query.lastRound).toBeUndefined();
    expect([query.foundedFrom, query.foundedTo]).toEqual([2010, 2020]);
    expect(problems.map((p) => p.notice)).toEqual([
      'No amount raised band "2m-3m": it was left out of the filters.',
      'The last round filter was left out: "5m" is not a period we offer.',
      "The founded years were swapped: the first year was after the second.",
    ]);
  });
});

describe("bands", () => {
  it("puts a total raised in its band, the bounds in the upper band", () => {
    expect([null, 0, 999_999, 1e6, 4.9e6, 5e6, 20e6, 99e6, 100e6, 2e9].map(raisedBand)).toEqual([
      null,
      "under-1m",
      "under-1m",
      "1m-5m",
      "1m-5m",
      "5m-20m",
      "20m-100m",
      "20m-100m",
      "over-100m",
      "over-100m",
    ]);
  });

  it.each([
    ["1-10", "1-10"],
    ["11-50", "11-50"],
    ["201-500", "201-1000"],
    ["501-1000", "201-1000"],
    ["1000+", "1000+"],
    ["5,000+ employees", "1000+"],
    ["about 25 people", "11-50"],
    ["1 to 50", "11-50"],
    ["12", "11-50"],
    ["1,200", "1000+"],
    ["small", null],
    ["", null],
    ["0", null],
  ])("reads team size %j as %j", (text, band) => {
    expect(teamSizeBand(text)).toBe(band);
  });

  it.each([
    ["$50K - $250K", ["under-500k"]],
    ["$250K - $1M", ["under-500k", "500k-2m"]],
    ["$1M - $5M", ["500k-2m", "2m-10m"]],
    ["$5M - $20M", ["2m-10m", "over-10m"]],
    ["$20M+", ["over-10m"]],
    ["up to $300k", ["under-500k"]],
    ["EUR 1.5m", ["500k-2m"]],
    ["2,000,000", ["2m-10m"]],
    ["varies", []],
  ])("reads ticket size %j as the bands it overlaps", (text, bands) => {
    expect(ticketBands(text)).toEqual(bands);
  });
});

describe("windowStart", () => {
  it("counts calendar months back from the day of the injected clock, at midnight UTC", () => {
    const now = new Date("2026-11-28T22:15:00Z");
    expect(new Date(windowStart("3m", now)).toISOString()).toBe("2026-08-28T00:00:00.000Z");
    expect(new Date(windowStart("24m", now)).toISOString()).toBe("2024-11-28T00:00:00.000Z");
    // Every request of one day shares one cutoff.
    expect(windowStart("6m", new Date("2026-11-28T00:00:01Z"))).toBe(windowStart("6m", now));
  });
});
