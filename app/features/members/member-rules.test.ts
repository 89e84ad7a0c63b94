/** The pure rules of /admin/members (decision 0081): the URL's search and cursor, the words for a member, the grant's day. */
import { describe, expect, it } from "vitest";
import {
  formatMoney,
  planSource,
  signInMethods,
  subscriptionStatus,
  subscriptionThatMatters,
  type SubscriptionFacts,
} from "./member-facts.ts";
import { calendarDay, endOfDay, grantForm } from "./member-forms.ts";
import { decodeCursor, encodeCursor, likeLiteral, membersHref, parseMemberQuery, searchPatterns } from "./member-query.ts";

const sub = (facts: Partial<SubscriptionFacts>): SubscriptionFacts => ({
  id: "sub_1",
  tier: "premium",
  interval: "monthly",
  status: "active",
  currentPeriodEnd: new Date("2031-06-10T00:00:00Z"),
  cancelAtPeriodEnd: false,
  pastDueSince: null,
  endedAt: null,
  refundedAt: null,
  createdAt: new Date("2031-05-10T00:00:00Z"),
  ...facts,
});

describe("the search", () => {
  it("takes LIKE's wildcards and escape as letters", () => {
    expect(likeLiteral("100%_a\\b")).toBe("100\\%\\_a\\\\b");
    expect(searchPatterns("Ann%")).toEqual({ mode: "contains", contains: "%ann\\%%" });
    expect(searchPatterns("a_")).toEqual({ mode: "prefix", prefix: "a\\_%", word: "% a\\_%" });
  });

  it("looks inside names and addresses only with three letters or digits in a row", () => {
    expect(searchPatterns("bo@").mode).toBe("prefix");
    expect(searchPatterns("a.b.c").mode).toBe("prefix");
    expect(searchPatterns("Zoë").mode).toBe("contains");
  });

  it("keeps a cursor exactly, microseconds and all, and ignores one it did not write", () => {
    const cursor = { createdAt: "2031-05-10 12:00:00.123456+00", id: "user-1" };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const bad of ["", "not base64!", encodeCursor({ createdAt: "yesterday", id: "x" }), Buffer.from("[1,2]").toString("base64url")])
      expect(decodeCursor(bad)).toBeNull();
    expect(parseMemberQuery(new URLSearchParams({ after: "garbage" })).after).toBeNull();
    expect(membersHref("ann", { after: cursor })).toBe(`/admin/members?q=ann&after=${encodeCursor(cursor)}`);
    expect(membersHref("")).toBe("/admin/members");
  });
});

describe("a member in words", () => {
  it("says the subscription's state", () => {
    expect(subscriptionStatus(null)).toEqual({ state: "none", text: "None" });
    expect(subscriptionStatus(sub({}))).toEqual({ state: "active", text: "Active, renews 10 Jun 2031" });
    expect(subscriptionStatus(sub({ status: "trialing" })).state).toBe("trialing");
    expect(subscriptionStatus(sub({ status: "past_due", pastDueSince: new Date("2031-05-08T09:00:00Z") }))).toEqual({
      state: "past_due",
      text: "Past due since 8 May 2031",
    });
    expect(subscriptionStatus(sub({ cancelAtPeriodEnd: true }))).toEqual({
      state: "cancels_at_period_end",
      text: "Cancels at period end (10 Jun 2031)",
    });
    expect(subscriptionStatus(sub({ status: "canceled", endedAt: new Date("2031-05-20T00:00:00Z") })).text).toBe("Canceled 20 May 2031");
    expect(subscriptionStatus(sub({ status: "canceled", refundedAt: new Date("2031-05-12T00:00:00Z") })).state).toBe("refunded");
    expect(subscriptionStatus(sub({ status: "incomplete_expired" })).text).toBe("Incomplete expired");
  });

  it("picks the subscription still running over a newer ended one", () => {
    const running = sub({ id: "old", createdAt: new Date("2031-01-01T00:00:00Z") });
    const ended = sub({ id: "new", status: "canceled", createdAt: new Date("2031-05-01T00:00:00Z") });
    expect(subscriptionThatMatters([ended, running])?.id).toBe("old");
    expect(subscriptionThatMatters([ended])?.id).toBe("new");
    expect(subscriptionThatMatters([])).toBeNull();
  });

  it("names the ways of signing in, and where the plan comes from", () => {
    expect(signInMethods(["linkedin", "credential", "google", "google"])).toEqual(["Password", "Google", "LinkedIn"]);
    expect(planSource("public", null, []).source).toBe("free");
    expect(planSource("premium", sub({}), []).text).toBe("Paid subscription");
    expect(planSource("premium", null, [{ source: "complimentary", tier: "premium", endsAt: new Date("2031-07-01T00:00:00Z") }]).text).toBe(
      "Complimentary until 30 Jun 2031",
    );
    expect(planSource("subscriber", null, [{ source: "demo", tier: "subscriber", endsAt: null }]).source).toBe("demo");
    // A team's seat (decision 0119) is named only when the member's own sources do not give the tier.
    const seats = [{ teamName: "Northwind Ventures", tier: "premium" }];
    expect(planSource("premium", null, [], seats)).toEqual({ source: "team", text: "From a seat of Northwind Ventures" });
    expect(planSource("premium", sub({}), [], seats).text).toBe("Paid subscription");
  });

  it("prints the provider's amounts in their currency's own unit", () => {
    expect(formatMoney(2900, "usd")).toBe("$29.00");
    expect(formatMoney(3000, "jpy")).toBe("¥3,000");
    expect(formatMoney(1234, "eur")).toBe("€12.34");
    expect(formatMoney(500, "zz1")).toBe("500 ZZ1 (minor units)");
  });
});

describe("a complimentary plan's day", () => {
  const NOW = new Date("2031-05-10T23:30:00Z");
  const parse = (until: string) => grantForm(NOW).safeParse({ tier: "premium", until, reason: "Gift" });

  it("runs through its last day, in UTC", () => {
    expect(endOfDay("2031-06-30")).toEqual(new Date("2031-07-01T00:00:00Z"));
    expect(calendarDay("2031-02-29")).toBeNull();
    expect(calendarDay("31/12/2031")).toBeNull();
  });

  it("is today at the earliest and ten years ahead at the most", () => {
    expect(parse("2031-05-10").success).toBe(true);
    expect(parse("2031-05-09").error?.issues[0]?.message).toBe("The date is in the past: choose 2031-05-10 or later.");
    expect(parse("2041-05-10").success).toBe(true);
    expect(parse("2041-05-11").error?.issues[0]?.message).toBe("Choose 2041-05-10 or earlier: at most ten years ahead.");
    expect(parse("").error?.issues[0]?.message).toBe("Enter a date as YYYY-MM-DD.");
  });
});
