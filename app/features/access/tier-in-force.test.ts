import { describe, expect, it } from "vitest";
import { PAST_DUE_GRACE_DAYS, tierInForce, type GrantFacts, type SubscriptionFacts } from "./tier-in-force.ts";

const NOW = new Date("2031-05-10T12:00:00Z");
const days = (n: number) => new Date(NOW.getTime() + n * 24 * 60 * 60 * 1000);

const subscription = (facts: Partial<SubscriptionFacts>): SubscriptionFacts => ({
  tier: "subscriber",
  status: "active",
  currentPeriodEnd: days(20),
  cancelAtPeriodEnd: false,
  pastDueSince: null,
  refundedAt: null,
  ...facts,
});

const grant = (facts: Partial<GrantFacts>): GrantFacts => ({
  source: "complimentary",
  tier: "premium",
  startsAt: days(-30),
  endsAt: null,
  ...facts,
});

const paid = (facts: Partial<SubscriptionFacts>, now = NOW) =>
  tierInForce({ subscriptions: [subscription(facts)], grants: [] }, now, { demoGrantsCount: false });

describe("tierInForce: the tier follows the subscription", () => {
  it("active or trialing: the plan, until the provider says otherwise", () => {
    expect(paid({ status: "active" })).toEqual({ tier: "subscriber", changesAt: null });
    expect(paid({ status: "trialing", tier: "premium" })).toEqual({ tier: "premium", changesAt: null });
  });

  it(`past due: the plan for ${PAST_DUE_GRACE_DAYS} days from the first failed payment, then the free tier`, () => {
    const since = days(-3);
    expect(paid({ status: "past_due", pastDueSince: since })).toEqual({ tier: "subscriber", changesAt: days(PAST_DUE_GRACE_DAYS - 3) });
    expect(paid({ status: "past_due", pastDueSince: since }, days(PAST_DUE_GRACE_DAYS - 3 - 0.001)).tier).toBe("subscriber");
    expect(paid({ status: "past_due", pastDueSince: since }, days(PAST_DUE_GRACE_DAYS - 3))).toEqual({ tier: "public", changesAt: null });
  });

  it("cancelled at the period's end: the plan until that end, then the free tier", () => {
    expect(paid({ cancelAtPeriodEnd: true, currentPeriodEnd: days(5) })).toEqual({ tier: "subscriber", changesAt: days(5) });
    expect(paid({ cancelAtPeriodEnd: true, currentPeriodEnd: days(5) }, days(5))).toEqual({ tier: "public", changesAt: null });
  });

  it("ended, unpaid, never paid or refunded: nothing", () => {
    for (const status of ["canceled", "unpaid", "incomplete", "incomplete_expired", "paused", "some_new_status"])
      expect(paid({ status }).tier, status).toBe("public");
    expect(paid({ status: "active", refundedAt: days(-1) }).tier).toBe("public");
  });

  it("a price that is not one of ours grants nothing", () => {
    expect(paid({ tier: null }).tier).toBe("public");
  });
});

describe("tierInForce: the best of every source", () => {
  it("takes the highest tier of subscriptions and grants, and the next moment any of them ends", () => {
    const result = tierInForce(
      {
        subscriptions: [subscription({ cancelAtPeriodEnd: true, currentPeriodEnd: days(3) })],
        grants: [grant({ tier: "premium", endsAt: days(10) })],
      },
      NOW,
      { demoGrantsCount: false },
    );
    expect(result).toEqual({ tier: "premium", changesAt: days(3) });
  });

  it("counts a complimentary grant from its start until its end", () => {
    const sources = { subscriptions: [], grants: [grant({ startsAt: days(2), endsAt: days(9) })] };
    expect(tierInForce(sources, NOW, { demoGrantsCount: false })).toEqual({ tier: "public", changesAt: days(2) });
    expect(tierInForce(sources, days(2), { demoGrantsCount: false })).toEqual({ tier: "premium", changesAt: days(9) });
    expect(tierInForce(sources, days(9), { demoGrantsCount: false })).toEqual({ tier: "public", changesAt: null });
  });

  it("counts a demo-mode grant only while the site runs demo billing", () => {
    const sources = { subscriptions: [], grants: [grant({ source: "demo", tier: "subscriber" })] };
    expect(tierInForce(sources, NOW, { demoGrantsCount: true }).tier).toBe("subscriber");
    expect(tierInForce(sources, NOW, { demoGrantsCount: false }).tier).toBe("public");
  });

  it("is the free tier with nothing at all", () => {
    expect(tierInForce({ subscriptions: [], grants: [] }, NOW, { demoGrantsCount: true })).toEqual({ tier: "public", changesAt: null });
  });
});
