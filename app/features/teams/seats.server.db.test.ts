/**
 * A team's seats (issue 37, decision 0119), as its admins and members would notice: seats bought in demo billing or
 * paid at the provider (its webhooks routed to the team), handed out and taken back, the plan's tier following each seat
 * at once, never more seats handed out than held (two tabs at once), never fewer seats kept than handed out.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { teamMemberships, teamSeatGrants, teamSubscriptions, teams } from "#db/schema/teams.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { DATA_EXPORT } from "~/features/access/quotas.ts";
import { recordUsage } from "~/features/access/usage.server.ts";
import { changeTeamSeats, previewTeamSeats, setTeamCancelAtPeriodEnd, startTeamCheckout } from "~/features/billing/team-checkout.server.ts";
import { MemoryProvider, runBillingJobs, signedDelivery, TEST_WEBHOOK_SECRET } from "~/features/billing/test-support.ts";
import { receiveWebhook } from "~/features/billing/webhook-intake.server.ts";
import { getMemberPage } from "~/features/members/member-page.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { AppError } from "~/lib/errors.ts";
import { getTeamBillingPage } from "./seats-page.server.ts";
import { assignSeat, setDemoSeats, teamSeats, unassignSeat } from "./seats.server.ts";
import { teamMembership } from "./team-membership.server.ts";

const NOW = new Date("2031-05-10T12:00:00Z");
let database: Database;
let provider: MemoryProvider;
let sequence = 0;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  provider = new MemoryProvider();
  await database.rows(sql`UPDATE jobs SET status = 'completed' WHERE job_type = 'billing_event' AND status <> 'completed'`);
  await database.rows(sql`UPDATE billing_events SET processed_at = now(), outcome = 'set aside' WHERE processed_at IS NULL`);
});

/** A team with an owner and `others` members, none holding a seat, everyone on the free plan. */
async function team(others = 2) {
  const n = ++sequence;
  const [row] = await database.db
    .insert(teams)
    .values({ name: `Fund ${n}` })
    .returning({ id: teams.id });
  const people = Array.from({ length: others + 1 }, (_, i) => `seat-${n}-${i}`);
  for (const [i, id] of people.entries()) {
    await database.db.insert(users).values({ id, name: `Person ${n}.${i}`, email: `${id}@fund.test`, emailVerified: true });
    await database.db.insert(teamMemberships).values({ teamId: row!.id, userId: id, role: i === 0 ? "owner" : "member" });
  }
  return { teamId: row!.id, owner: people[0]!, members: people.slice(1) };
}

const tierOf = async (id: string) => (await database.db.select({ tier: users.tier }).from(users).where(eq(users.id, id)))[0]!.tier;
const failure = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (e: unknown) => e as AppError,
  );

describe("demo billing", () => {
  it("buys seats without payment, lends Premium to the member given one, and takes it back with the seat", async () => {
    const { teamId, owner, members } = await team();
    expect(await failure(assignSeat(database, { teamId, userId: members[0]! }, NOW))).toMatchObject({
      status: 409,
      message: "The team has no seats: buy seats first.",
    });
    expect(await setDemoSeats(database, { teamId, seats: 2, grantedBy: owner }, NOW)).toMatch(/2 seats \(demo: no payment is taken\)/);
    expect(await assignSeat(database, { teamId, userId: members[0]! }, NOW)).toMatch(/now holds a seat/);
    expect(await tierOf(members[0]!)).toBe("premium");
    expect(await tierOf(members[1]!)).toBe("public");
    expect(await teamSeats(database, teamId, NOW)).toMatchObject({ capacity: 2, assigned: 1, demo: 2, paid: 0 });

    const refused = await failure(setDemoSeats(database, { teamId, seats: 0, grantedBy: owner }, NOW));
    expect(refused).toMatchObject({ status: 409 });
    expect(refused!.message).toMatch(/^Unassign a seat first: 1 seat is assigned/);
    expect(await tierOf(members[0]!)).toBe("premium");

    await unassignSeat(database, { teamId, userId: members[0]! }, NOW);
    expect(await tierOf(members[0]!)).toBe("public");
    await setDemoSeats(database, { teamId, seats: 1, grantedBy: owner }, NOW);
    expect(await teamSeats(database, teamId, NOW)).toMatchObject({ capacity: 1, assigned: 0 });
    expect(await setDemoSeats(database, { teamId, seats: 0, grantedBy: owner }, NOW)).toMatch(/has ended/);
    expect(await database.db.select().from(teamSeatGrants).where(eq(teamSeatGrants.teamId, teamId))).toEqual([]);
  });

  it("tells operators a member's plan comes from a team's seat", async () => {
    const { teamId, owner, members } = await team(1);
    await setDemoSeats(database, { teamId, seats: 1, grantedBy: owner }, NOW);
    await assignSeat(database, { teamId, userId: members[0]! }, NOW);
    const page = await getMemberPage(database, null, members[0]!, NOW);
    expect(page!.member).toMatchObject({ plan: "Premium", planSource: { source: "team", text: `From a seat of Fund ${sequence}` } });
    await unassignSeat(database, { teamId, userId: members[0]! }, NOW);
    expect((await getMemberPage(database, null, members[0]!, NOW))!.member.planSource.source).toBe("free");
  });

  it("refuses a number of seats outside 1..100 and a seat for someone outside the team", async () => {
    const { teamId, owner } = await team(0);
    for (const seats of [-1, 101, 2.5])
      expect(await failure(setDemoSeats(database, { teamId, seats, grantedBy: owner }, NOW))).toMatchObject({ status: 400 });
    await setDemoSeats(database, { teamId, seats: 1, grantedBy: owner }, NOW);
    const other = await team(0);
    expect(await failure(assignSeat(database, { teamId, userId: other.owner }, NOW))).toMatchObject({ status: 404 });
  });

  it("hands out the last seat once when two tabs assign it at the same moment", async () => {
    const { teamId, owner, members } = await team(3);
    await setDemoSeats(database, { teamId, seats: 1, grantedBy: owner }, NOW);
    const results = await Promise.allSettled(members.map((userId) => assignSeat(database, { teamId, userId }, NOW)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === "rejected"))
      expect(r.reason).toMatchObject({ status: 409, message: "All 1 seat is assigned: add a seat first." });
    expect(await teamSeats(database, teamId, NOW)).toMatchObject({ capacity: 1, assigned: 1 });
    expect((await Promise.all(members.map(tierOf))).sort()).toEqual(["premium", "public", "public"]);
  });

  it("removes seats and assigns one at once without ever leaving more seats handed out than held", async () => {
    const { teamId, owner, members } = await team(2);
    await setDemoSeats(database, { teamId, seats: 2, grantedBy: owner }, NOW);
    await assignSeat(database, { teamId, userId: members[0]! }, NOW);
    const [shrink, assign] = await Promise.allSettled([
      setDemoSeats(database, { teamId, seats: 1, grantedBy: owner }, NOW),
      assignSeat(database, { teamId, userId: members[1]! }, NOW),
    ]);
    const seats = await teamSeats(database, teamId, NOW);
    expect(seats.assigned).toBeLessThanOrEqual(seats.capacity);
    expect([shrink.status, assign.status].filter((s) => s === "fulfilled")).toHaveLength(1);
  });
});

describe("paid seats", () => {
  /** The team's subscription as the provider holds it after a paid checkout, and its event delivered and applied. */
  async function paidTeam(seats: number) {
    const t = await team(2);
    const { url } = await startTeamCheckout(
      database,
      provider,
      { team: { id: t.teamId, name: "Fund" }, buyerEmail: `${t.owner}@fund.test`, seats, interval: "monthly" },
      "http://app.test",
    );
    expect(url).toMatch(/^https:\/\/checkout\.example\//);
    expect(provider.calls).toContain(`createTeamCheckoutSession ${seats}`);
    const [customer] = await database.db.select({ id: teams.providerCustomerId }).from(teams).where(eq(teams.id, t.teamId));
    const sub = provider.subscribe(customer!.id!, "introbase_team_monthly", { quantity: seats, metadataTeamId: t.teamId });
    await deliver("customer.subscription.created", sub.id, customer!.id!);
    return { ...t, sub, customerId: customer!.id! };
  }

  async function deliver(type: string, subscriptionId: string, customerId: string, at = NOW) {
    const delivery = signedDelivery(
      { id: `evt_${++sequence}`, type, object: { id: subscriptionId, object: "subscription", customer: customerId } },
      at,
    );
    await receiveWebhook(database, delivery.body, delivery.signature, { secret: TEST_WEBHOOK_SECRET, now: at });
    await runBillingJobs(database, provider, at);
  }

  it("routes the team's subscription to the team, and its seats lend Premium until the plan ends", async () => {
    const { teamId, members, sub, customerId } = await paidTeam(3);
    const [stored] = await database.db.select().from(teamSubscriptions).where(eq(teamSubscriptions.teamId, teamId));
    expect(stored).toMatchObject({ id: sub.id, quantity: 3, tier: "premium", interval: "monthly", status: "active" });
    expect(await teamSeats(database, teamId, NOW)).toMatchObject({ capacity: 3, paid: 3 });
    await assignSeat(database, { teamId, userId: members[0]! }, NOW);
    expect(await tierOf(members[0]!)).toBe("premium");
    // The provider ends the plan: every seat holder loses the tier when its event is applied.
    provider.update(sub.id, { status: "canceled", endedAt: NOW });
    await deliver("customer.subscription.deleted", sub.id, customerId);
    expect(await tierOf(members[0]!)).toBe("public");
    expect(await teamSeats(database, teamId, NOW)).toMatchObject({ capacity: 0, assigned: 1 });
    // No member's billing row was made for the team's customer.
    expect(await database.rows(sql`SELECT 1 FROM billing_customers WHERE provider_customer_id = ${customerId}`)).toEqual([]);
  });

  it("previews and changes the seats at the provider, and never below the seats assigned", async () => {
    const { teamId, members, sub } = await paidTeam(2);
    await assignSeat(database, { teamId, userId: members[0]! }, NOW);
    await assignSeat(database, { teamId, userId: members[1]! }, NOW);
    expect(await failure(assignSeat(database, { teamId, userId: (await team(0)).owner }, NOW))).toMatchObject({ status: 404 });
    const preview = await previewTeamSeats(database, provider, teamId, 4);
    expect(preview).toMatchObject({ seats: 4, amount: 7900, text: "$79.00 is charged today for the rest of this period." });
    expect(await changeTeamSeats(database, provider, teamId, 4, NOW)).toMatch(/now has 4 seats/);
    const changes = () => provider.calls.filter((c) => c.startsWith("changeSeats")).length;
    const before = changes();
    expect(await changeTeamSeats(database, provider, teamId, 4, NOW)).toBe("The team has 4 seats already: nothing changed.");
    expect(changes()).toBe(before);
    expect(provider.subscriptions.get(sub.id)!.quantity).toBe(4);
    expect(await teamSeats(database, teamId, NOW)).toMatchObject({ capacity: 4, assigned: 2 });

    const below = await failure(changeTeamSeats(database, provider, teamId, 1, NOW));
    expect(below).toMatchObject({ status: 409 });
    expect(below!.message).toMatch(/^Unassign a seat first: 2 seats are assigned/);
    expect(provider.calls.filter((c) => c.startsWith("changeSeats"))).toEqual(["changeSeats 4"]);
    expect((await previewTeamSeats(database, provider, teamId, 2)).text).toBe("$79.00 is credited to the team's next invoices.");
    await unassignSeat(database, { teamId, userId: members[1]! }, NOW);
    expect(await tierOf(members[1]!)).toBe("public");
    await changeTeamSeats(database, provider, teamId, 1, NOW);
    expect(await teamSeats(database, teamId, NOW)).toMatchObject({ capacity: 1, assigned: 1 });
    expect(await tierOf(members[0]!)).toBe("premium");
  });

  it("cancels at the period's end and resumes at the provider; the seats lend the tier until the period ends", async () => {
    const { teamId, members, sub } = await paidTeam(1);
    await assignSeat(database, { teamId, userId: members[0]! }, NOW);
    expect(await setTeamCancelAtPeriodEnd(database, provider, teamId, true, NOW)).toMatch(
      /^The team plan is cancelled: its seats stay until the period paid for ends on 10 Jun 2031/,
    );
    expect(provider.subscriptions.get(sub.id)!.cancelAtPeriodEnd).toBe(true);
    expect(await tierOf(members[0]!)).toBe("premium");
    expect(await teamSeats(database, teamId, new Date("2031-06-10T00:00:01Z"))).toMatchObject({ capacity: 0 });
    expect(await setTeamCancelAtPeriodEnd(database, provider, teamId, false, NOW)).toBe("The team plan renews again.");
    expect(provider.calls).toEqual(expect.arrayContaining(["cancel", "resume"]));
  });

  it("shows admins every seat holder's use of each quota, and a member only their own", async () => {
    const { teamId, owner, members } = await team(2);
    await setDemoSeats(database, { teamId, seats: 2, grantedBy: owner }, NOW);
    await assignSeat(database, { teamId, userId: members[0]! }, NOW);
    await assignSeat(database, { teamId, userId: members[1]! }, NOW);
    await recordUsage(database, { id: members[0]!, tier: "premium" }, DATA_EXPORT, { now: NOW });
    const membership = (userId: string) => teamMembership(database, userId, teamId).then((m) => m!);
    const admin = await getTeamBillingPage(database, { id: owner }, await membership(owner), "demo", NOW);
    expect(admin.canManage).toBe(true);
    expect(admin.members.map((m) => m.userId)).toEqual([owner, ...members]);
    expect(admin.usage.map((u) => [u.userId, u.tier])).toEqual([
      [members[0], "premium"],
      [members[1], "premium"],
    ]);
    expect(admin.usage[0]!.quotas.find((q) => q.type === "exports")).toMatchObject({ used: 1, limit: 1000 });
    const member = await getTeamBillingPage(database, { id: members[1]! }, await membership(members[1]!), "demo", NOW);
    expect(member.canManage).toBe(false);
    expect(member.members.map((m) => m.userId)).toEqual([members[1]]);
    expect(member.usage.map((u) => u.userId)).toEqual([members[1]]);
  });

  it("ends at the provider a second live plan of one team (two Checkouts paid from two tabs), keeping the first", async () => {
    const { teamId, customerId, sub } = await paidTeam(2);
    const second = provider.subscribe(customerId, "introbase_team_monthly", { quantity: 5, metadataTeamId: teamId });
    await deliver("customer.subscription.created", second.id, customerId);
    expect(provider.calls).toContain("cancelNow");
    expect(provider.subscriptions.get(second.id)!.status).toBe("canceled");
    expect(await teamSeats(database, teamId, NOW)).toMatchObject({ capacity: 2, paid: 2 });
    expect(provider.subscriptions.get(sub.id)!.status).toBe("active");
  });

  it("ends at the provider a team's plan paid after the team was deleted", async () => {
    const t = await team(0);
    const customerId = `cus_gone_${sequence}`;
    const orphan = provider.subscribe(customerId, "introbase_team_monthly", { quantity: 2, metadataTeamId: t.teamId });
    await database.db.delete(teams).where(eq(teams.id, t.teamId));
    await deliver("customer.subscription.created", orphan.id, customerId);
    expect(provider.subscriptions.get(orphan.id)!.status).toBe("canceled");
  });

  it("refuses to buy fewer seats than are still handed out from an ended plan", async () => {
    // Two seats handed out under a plan that has ended since (as a demo or complimentary grant that was taken back).
    const { teamId, owner, members } = await team(2);
    await database.db.update(teamMemberships).set({ seat: true, seatSince: NOW }).where(eq(teamMemberships.teamId, teamId));
    await database.db.update(teamMemberships).set({ seat: false, seatSince: null }).where(eq(teamMemberships.userId, owner));
    expect(members).toHaveLength(2);
    const fewer = await failure(
      startTeamCheckout(
        database,
        provider,
        { team: { id: teamId, name: "Fund" }, buyerEmail: `${owner}@fund.test`, seats: 1, interval: "monthly" },
        "http://app.test",
      ),
    );
    expect(fewer).toMatchObject({ status: 409, message: expect.stringMatching(/^Unassign a seat first/) });
  });

  it("refuses a second checkout while the team pays for seats", async () => {
    const { teamId, owner } = await paidTeam(1);
    const again = await failure(
      startTeamCheckout(
        database,
        provider,
        { team: { id: teamId, name: "Fund" }, buyerEmail: `${owner}@fund.test`, seats: 2, interval: "monthly" },
        "http://app.test",
      ),
    );
    expect(again).toMatchObject({ status: 409, message: "The team pays for seats already: add or remove seats instead." });
  });
});
