/**
 * A team's seats paid through the local fake of Stripe over real HTTP (issue 37, decision 0119): the official client
 * speaks to the fake, its hosted Checkout is paid with a test card, its signed webhooks reach the intake and are
 * applied as jobs. What an admin would notice: the seats they paid for, the prorated amount they were shown and then
 * charged, a seat count that never drops below the seats handed out, and a team left empty paying nothing more.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { teamMemberships, teamSubscriptions, teams } from "#db/schema/teams.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { startFakePayments, type FakePayments } from "../../../tests/fakes/payment-provider.ts";
import { CARDS, payCheckout } from "../../../tests/fakes/payments/fake-test-support.ts";
import { assignSeat } from "~/features/teams/seats.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { PaymentGateway } from "./payment-gateway.server.ts";
import { createStripeGateway } from "./stripe-gateway.server.ts";
import { changeTeamSeats, previewTeamSeats, startTeamCheckout } from "./team-checkout.server.ts";
import { endPlansOfTeamsLeftEmpty } from "./team-erasure.server.ts";
import { runBillingJobs } from "./test-support.ts";
import { receiveWebhook } from "./webhook-intake.server.ts";

/** 15 January 2027, 12:00 UTC: the fake's clock (moved only by advance) and ours. */
const START_MS = Date.UTC(2027, 0, 15, 12);
const DAY = 86_400;
let database: Database;
let fake: FakePayments;
let gateway: PaymentGateway;
let stripe: Stripe;
let receiver: Server;
const now = () => new Date(START_MS + fake.store.offsetSeconds * 1000);

beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakePayments({ now: () => START_MS, retryDelaysMs: [20], maxAttempts: 3 });
  // The app's webhook intake behind a plain HTTP server: each delivery verified and recorded as the route does.
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      receiveWebhook(database, new Uint8Array(Buffer.concat(chunks)), String(req.headers["stripe-signature"] ?? ""), {
        secret: fake.webhookSecret,
        now: new Date(START_MS),
      }).then(
        () => res.writeHead(200).end("ok"),
        () => res.writeHead(400).end("refused"),
      );
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  fake.setWebhookUrls([`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/billing/webhook`]);
  gateway = createStripeGateway({ STRIPE_API_URL: fake.url, STRIPE_SECRET_KEY: fake.apiKey }, fetch);
  stripe = new Stripe(fake.apiKey, { host: fake.host, port: fake.port, protocol: fake.protocol, maxNetworkRetries: 0 });
});

afterAll(async () => {
  await fake?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  await database?.close();
});

/** Every webhook delivered and its job applied. */
async function settle(): Promise<void> {
  await fake.settled();
  await runBillingJobs(database, gateway, now());
}

const tierOf = async (id: string) => (await database.db.select({ tier: users.tier }).from(users).where(eq(users.id, id)))[0]!.tier;

describe("a team's seats through the payment fake", () => {
  it("are bought at Checkout, previewed and charged prorated, kept above the seats assigned, and ended when the team is left empty", async () => {
    const [team] = await database.db.insert(teams).values({ name: "Northwind Ventures" }).returning({ id: teams.id });
    const teamId = team!.id;
    const people = ["owner", "ann", "bob"].map((p) => `paid-${p}`);
    for (const [i, id] of people.entries()) {
      await database.db.insert(users).values({ id, name: id, email: `${id}@northwind.test`, emailVerified: true });
      await database.db.insert(teamMemberships).values({ teamId, userId: id, role: i === 0 ? "owner" : "member" });
    }

    const { url } = await startTeamCheckout(
      database,
      gateway,
      { team: { id: teamId, name: "Northwind Ventures" }, buyerEmail: "paid-owner@northwind.test", seats: 2, interval: "monthly" },
      "http://app.test",
    );
    const page = await (await fetch(url)).text();
    expect(page).toContain("$158.00");
    const paid = await payCheckout(url, CARDS.pays);
    expect(paid.location).toMatch(new RegExp(`^http://app\\.test/teams/${teamId}/billing\\?checkout=complete&session_id=cs_`));
    await settle();
    const [stored] = await database.db.select().from(teamSubscriptions).where(eq(teamSubscriptions.teamId, teamId));
    expect(stored).toMatchObject({ status: "active", quantity: 2, tier: "premium", interval: "monthly" });
    const [customer] = await database.db.select({ id: teams.providerCustomerId }).from(teams).where(eq(teams.id, teamId));
    expect((await stripe.customers.retrieve(customer!.id!)) as Stripe.Customer).toMatchObject({ name: "Northwind Ventures" });
    // The team's events keep their ids (they lead to no person).
    const kept = await database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM billing_events WHERE provider_customer_id = ${customer!.id!}`,
    );
    expect(kept[0]!.n).toBeGreaterThan(0);

    await assignSeat(database, { teamId, userId: "paid-ann" }, now());
    expect(await tierOf("paid-ann")).toBe("premium");

    fake.advance(10 * DAY);
    const preview = await previewTeamSeats(database, gateway, teamId, 3);
    expect(await changeTeamSeats(database, gateway, teamId, 3, now())).toMatch(
      /now has 3 seats\. The prorated difference was charged today/,
    );
    const subscription = await stripe.subscriptions.retrieve(stored!.id);
    expect(subscription.items.data[0]!.quantity).toBe(3);
    const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
    expect(invoice).toMatchObject({ billing_reason: "subscription_update", status: "paid", amount_paid: preview.amount });
    expect(preview.amount).toBe(Math.round((7900 * 21) / 31));
    expect(preview.text).toBe(`$${(preview.amount / 100).toFixed(2)} is charged today for the rest of this period.`);
    await settle();
    expect((await database.db.select().from(teamSubscriptions).where(eq(teamSubscriptions.teamId, teamId)))[0]!.quantity).toBe(3);

    await assignSeat(database, { teamId, userId: "paid-bob" }, now());
    const below = await changeTeamSeats(database, gateway, teamId, 1, now()).catch((e: Error) => e);
    expect(below).toMatchObject({ status: 409 });
    expect((below as Error).message).toMatch(/^Unassign a seat first: 2 seats are assigned/);
    expect((await stripe.subscriptions.retrieve(stored!.id)).items.data[0]!.quantity).toBe(3);

    // The owner's account is erased while others are in the team: the team carries on and pays.
    expect(await endPlansOfTeamsLeftEmpty(database, gateway, "paid-owner")).toBe(0);
    // Everyone else left: the owner's erasure ends the team's seats at the provider before the team goes.
    await database.db
      .delete(teamMemberships)
      .where(sql`${teamMemberships.teamId} = ${teamId} AND ${teamMemberships.userId} <> 'paid-owner'`);
    expect(await endPlansOfTeamsLeftEmpty(database, gateway, "paid-owner")).toBe(1);
    expect((await stripe.subscriptions.retrieve(stored!.id)).status).toBe("canceled");
    expect(await endPlansOfTeamsLeftEmpty(database, gateway, "paid-owner")).toBe(0);
    await settle();
    expect((await database.db.select().from(teamSubscriptions).where(eq(teamSubscriptions.teamId, teamId)))[0]!.status).toBe("canceled");
  });
});
