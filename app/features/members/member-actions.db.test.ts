/**
 * What an operator does at /admin/members/:id (decision 0081), against a real database: a complimentary plan until a day
 * (the tier decided at once by billing's one function, the best of everything the member holds, also when a webhook
 * lands at the same moment; gone at midnight after its last day), taken back; the account disabled (sessions ended,
 * nothing of theirs deleted) and enabled, never the operator's own nor the last admin's; a refund through the gateway,
 * once per payment, refused in demo billing. Each is in the audit log with the operator and the reason.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sessions, users } from "#db/schema/accounts.ts";
import { apiKeys } from "#db/schema/api-keys.ts";
import { createApiKey } from "~/features/api-keys/api-keys.server.ts";
import { billingCustomers, billingSubscriptions, tierGrants } from "#db/schema/billing.ts";
import { auditLog } from "#db/schema/audit.ts";
import { refreshDueMemberTiers } from "~/features/access/member-tier.server.ts";
import { storeSubscription } from "~/features/billing/sync-subscription.server.ts";
import { MemoryProvider } from "~/features/billing/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { disableMember, enableMember, grantComplimentary, revokeComplimentary } from "./member-actions.server.ts";
import { endOfDay } from "./member-forms.ts";
import { NO_PAYMENTS_TO_REFUND, refundMemberPayment } from "./member-refund.server.ts";

const NOW = new Date("2031-05-10T12:00:00Z");
const OPERATOR = { id: "op-ada" };
let database: Database;
let sequence = 0;

async function member(overrides: Partial<typeof users.$inferInsert> = {}) {
  const id = `m-${++sequence}`;
  await database.db
    .insert(users)
    .values({ id, name: `Member ${sequence}`, email: `${id}@members.test`, emailVerified: true, ...overrides });
  return id;
}

const tierOf = async (id: string) => (await database.db.select({ tier: users.tier }).from(users).where(eq(users.id, id)))[0]!.tier;
const entriesAbout = (id: string) =>
  database.db
    .select({ action: auditLog.action, actorId: auditLog.actorId, operation: auditLog.operation, details: auditLog.details })
    .from(auditLog)
    .where(eq(auditLog.recordId, id));

async function refused(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db
    .insert(users)
    .values({ id: OPERATOR.id, name: "Ada Operator", email: "ada@ops.test", emailVerified: true, role: "admin" });
});

afterAll(async () => {
  await database?.close();
});

describe("a complimentary plan", () => {
  it("is in force at once, until midnight after its last day, and recorded with the operator and the reason", async () => {
    const id = await member();
    const decided = await grantComplimentary(
      database,
      OPERATOR,
      id,
      { tier: "premium", endsAt: endOfDay("2031-06-30"), reason: "Partner programme" },
      NOW,
    );
    expect(decided).toMatchObject({ tier: "premium", changesAt: new Date("2031-07-01T00:00:00Z") });
    expect(await tierOf(id)).toBe("premium");
    const [grant] = await database.db.select().from(tierGrants).where(eq(tierGrants.userId, id));
    expect(grant).toMatchObject({ source: "complimentary", tier: "premium", grantedBy: OPERATOR.id, note: "Partner programme" });
    expect(await entriesAbout(id)).toEqual([
      {
        action: "plan_granted",
        actorId: OPERATOR.id,
        operation: "member_account",
        details: { tier: "premium", endsAt: "2031-07-01T00:00:00.000Z", reason: "Partner programme", tierInForce: "premium" },
      },
    ]);
    // The billing clock decides again when it ends.
    await refreshDueMemberTiers(database, new Date("2031-06-30T23:59:59Z"));
    expect(await tierOf(id)).toBe("premium");
    await refreshDueMemberTiers(database, new Date("2031-07-01T00:00:01Z"));
    expect(await tierOf(id)).toBe("public");
  });

  it("never lowers a better plan the member pays for, and taking it back leaves the paid one", async () => {
    const id = await member();
    const sub = new MemoryProvider().subscribe(`cus_${id}`, "introbase_premium_monthly", { metadataUserId: id });
    await storeSubscription(database, id, sub, { observedAt: NOW, now: NOW });
    const decided = await grantComplimentary(
      database,
      OPERATOR,
      id,
      { tier: "subscriber", endsAt: endOfDay("2031-12-31"), reason: "Apology" },
      NOW,
    );
    expect(decided.tier).toBe("premium");
    await revokeComplimentary(database, OPERATOR, id, "", NOW);
    expect(await tierOf(id)).toBe("premium");
    expect((await entriesAbout(id)).map((e) => e.action).sort()).toEqual(["grant_revoked", "plan_granted"]);
  });

  it("racing a webhook, leaves the best of the two, whichever commits first", async () => {
    for (const order of ["grant first", "webhook first"]) {
      const id = await member();
      const provider = new MemoryProvider();
      const sub = provider.subscribe(`cus_${id}`, "introbase_subscriber_monthly", { metadataUserId: id });
      const grant = () =>
        grantComplimentary(database, OPERATOR, id, { tier: "premium", endsAt: endOfDay("2031-12-31"), reason: "Race" }, NOW);
      const webhook = () => storeSubscription(database, id, sub, { observedAt: NOW, now: NOW });
      await Promise.all(order === "grant first" ? [grant(), webhook()] : [webhook(), grant()]);
      expect(await tierOf(id)).toBe("premium");
      // The webhook that ends the subscription, racing the grant's revocation: nothing left but the free tier.
      const ended = provider.update(sub.id, { status: "canceled", endedAt: NOW });
      await Promise.all([
        storeSubscription(database, id, ended, { observedAt: NOW, now: NOW }),
        revokeComplimentary(database, OPERATOR, id, "Race over", NOW),
      ]);
      expect(await tierOf(id)).toBe("public");
    }
  });

  it("cannot be taken back when there is none, nor given to a member who does not exist", async () => {
    const id = await member();
    expect((await refused(revokeComplimentary(database, OPERATOR, id, "", NOW))).code).toBe("conflict");
    const unknown = await refused(
      grantComplimentary(database, OPERATOR, "nobody", { tier: "premium", endsAt: endOfDay("2031-12-31"), reason: "x" }, NOW),
    );
    expect(unknown.code).toBe("not_found");
    expect(await database.db.select().from(tierGrants).where(eq(tierGrants.userId, "nobody"))).toEqual([]);
  });
});

describe("disabling an account", () => {
  it("ends every session of it, keeps everything else of theirs, and is undone by enabling", async () => {
    const id = await member({ tier: "premium" });
    const expiresAt = new Date("2031-06-01T00:00:00Z");
    await database.db.insert(sessions).values([
      { id: `${id}-s1`, token: `${id}-t1`, userId: id, expiresAt },
      { id: `${id}-s2`, token: `${id}-t2`, userId: id, expiresAt },
    ]);
    await createApiKey(database, id, "CRM");
    await disableMember(database, OPERATOR, id, "Abuse of introductions", NOW);
    const [row] = await database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ disabledAt: NOW, tier: "premium" });
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect(await database.db.select().from(apiKeys).where(eq(apiKeys.userId, id))).toHaveLength(1);
    expect((await refused(disableMember(database, OPERATOR, id, "again", NOW))).message).toBe("This account is disabled already.");

    await enableMember(database, OPERATOR, id, "Cleared", NOW);
    expect((await database.db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, id)))[0]!.disabledAt).toBeNull();
    expect((await entriesAbout(id)).map((e) => [e.action, e.details.reason])).toEqual(
      expect.arrayContaining([
        ["disabled", "Abuse of introductions"],
        ["enabled", "Cleared"],
      ]),
    );
    expect((await refused(enableMember(database, OPERATOR, id, "", NOW))).message).toBe("This account is not disabled.");
  });

  it("is refused for the operator's own account", async () => {
    const error = await refused(disableMember(database, OPERATOR, OPERATOR.id, "Oops", NOW));
    expect(error.message).toBe("You cannot disable your own account.");
    expect((await database.db.select({ d: users.disabledAt }).from(users).where(eq(users.id, OPERATOR.id)))[0]!.d).toBeNull();
  });

  it("leaves at least one admin who can sign in, even when two admins disable each other at once", async () => {
    // Only these two are admins here: the operator of the other tests steps aside for the moment.
    await database.db.update(users).set({ role: "user" }).where(eq(users.id, OPERATOR.id));
    const [a, b] = [await member({ role: "admin" }), await member({ role: "admin" })];
    try {
      const outcomes = await Promise.allSettled([
        disableMember(database, { id: a }, b, "Rogue", NOW),
        disableMember(database, { id: b }, a, "Rogue", NOW),
      ]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
      const failure = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
      expect((failure.reason as AppError).message).toBe("This is the last admin who can sign in: make someone else an admin first.");
      const enabled = await database.rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM users WHERE role = 'admin' AND disabled_at IS NULL AND id IN (${a}, ${b})`,
      );
      expect(enabled[0]!.n).toBe(1);
    } finally {
      await database.db.update(users).set({ role: "admin" }).where(eq(users.id, OPERATOR.id));
    }
  });
});

describe("a refund", () => {
  let provider: MemoryProvider;
  beforeEach(() => {
    provider = new MemoryProvider();
  });

  async function paying() {
    const id = await member();
    const customerId = `cus_${id}`;
    await database.db.insert(billingCustomers).values({ userId: id, providerCustomerId: customerId, firstPaymentAt: NOW });
    const sub = provider.subscribe(customerId, "introbase_premium_monthly", { currentPeriodEnd: new Date("2031-06-10T00:00:00Z") });
    const older = provider.invoice({ customerId, subscriptionId: sub.id, amountPaid: 9900, paidAt: new Date("2031-04-10T00:00:00Z") });
    const latest = provider.invoice({ customerId, subscriptionId: sub.id, amountPaid: 9900, paidAt: new Date("2031-05-10T00:00:00Z") });
    await storeSubscription(database, id, sub, { observedAt: NOW, now: NOW });
    return { id, sub, older, latest };
  }

  it("gives back the chosen payment through the provider, ends the plan at once, and is refused the second time", async () => {
    const { id, sub, latest } = await paying();
    const refund = { invoice: latest.id, ending: "now" as const, reason: "Charged by mistake" };
    const message = await refundMemberPayment(database, provider, OPERATOR, id, refund, NOW);
    expect(message).toBe(`Refunded $99.00 (invoice ${latest.number}). The plan it paid for has ended.`);
    expect(provider.refunded).toEqual([latest.id]);
    expect(await tierOf(id)).toBe("public");
    const [stored] = await database.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, sub.id));
    expect(stored).toMatchObject({ status: "canceled", refundedAt: NOW });
    const [entry] = await entriesAbout(id);
    expect(entry).toMatchObject({ action: "refunded", actorId: OPERATOR.id });
    expect(entry!.details).toMatchObject({
      invoiceId: latest.id,
      amount: 9900,
      currency: "usd",
      planEnding: "now",
      reason: "Charged by mistake",
    });

    const again = await refused(refundMemberPayment(database, provider, OPERATOR, id, refund, NOW));
    expect(again).toMatchObject({
      code: "conflict",
      message: "This payment was refunded already, on 10 May 2031: a payment is refunded once.",
    });
    expect(provider.refunded).toEqual([latest.id]);
  });

  it("twice at the same moment refunds once", async () => {
    const { id, older } = await paying();
    const refund = { invoice: older.id, ending: "period_end" as const, reason: "Goodwill" };
    const outcomes = await Promise.allSettled([
      refundMemberPayment(database, provider, OPERATOR, id, refund, NOW),
      refundMemberPayment(database, provider, OPERATOR, id, refund, NOW),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(provider.refunded).toEqual([older.id]);
  });

  it("at the period's end keeps the plan until then and stops the renewal", async () => {
    const { id, sub, older } = await paying();
    const message = await refundMemberPayment(
      database,
      provider,
      OPERATOR,
      id,
      { invoice: older.id, ending: "period_end", reason: "Outage" },
      NOW,
    );
    expect(message).toBe(
      `Refunded $99.00 (invoice ${older.number}). The plan it paid for ends at the end of its period, on 10 Jun 2031, and does not renew.`,
    );
    expect(await tierOf(id)).toBe("premium");
    const [stored] = await database.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, sub.id));
    expect(stored).toMatchObject({ status: "active", cancelAtPeriodEnd: true, refundedAt: null });
  });

  it("is refused for another member's invoice, for a member who never paid, and in demo billing", async () => {
    const { latest } = await paying();
    const other = await paying();
    const foreign = await refused(
      refundMemberPayment(database, provider, OPERATOR, other.id, { invoice: latest.id, ending: "now", reason: "x" }, NOW),
    );
    expect(foreign).toMatchObject({ code: "not_found", message: "This member has no such payment: choose one of their paid invoices." });
    const never = await member();
    expect(
      (await refused(refundMemberPayment(database, provider, OPERATOR, never, { invoice: latest.id, ending: "now", reason: "x" }, NOW)))
        .message,
    ).toBe("This member has never paid: there is nothing to refund.");
    const demo = await refused(
      refundMemberPayment(database, null, OPERATOR, other.id, { invoice: other.latest.id, ending: "now", reason: "x" }, NOW),
    );
    expect(demo).toMatchObject({ code: "conflict", message: NO_PAYMENTS_TO_REFUND });
    expect(provider.refunded).toEqual([]);
  });

  it("gives the claim back when the provider fails, so the refund can be tried again", async () => {
    const { id, latest } = await paying();
    const failing = Object.assign(Object.create(provider) as MemoryProvider, {
      refundInvoice: async () => {
        throw new AppError("bad_gateway", "The payment provider did not complete the refund.");
      },
    });
    const refund = { invoice: latest.id, ending: "now" as const, reason: "Try" };
    expect((await refused(refundMemberPayment(database, failing, OPERATOR, id, refund, NOW))).code).toBe("bad_gateway");
    expect(await tierOf(id)).toBe("premium");
    await refundMemberPayment(database, provider, OPERATOR, id, refund, NOW);
    expect(provider.refunded).toEqual([latest.id]);
  });
});
