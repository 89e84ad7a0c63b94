/**
 * Test code only: payments for a planted member, through the product's real path against the local fake of Stripe
 * (tests/fakes/payment-provider.ts) running in the test's process. The gateway is the app's own (the official client,
 * the app's outbound fetch with the fake's origin allowed, as OUTBOUND_ALLOWED_PRIVATE_ORIGINS allows it on a server);
 * the fake's signed webhooks are received by the app's intake (the webhook route's function) into the test's database
 * and applied by the billing jobs, as the route and the worker do. `settle()` waits for every delivery and applies it.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { runBillingJobs } from "~/features/billing/test-support.ts";
import type { PaymentGateway } from "~/features/billing/payment-gateway.server.ts";
import { startCheckout, completeCheckout } from "~/features/billing/checkout.server.ts";
import { createStripeGateway } from "~/features/billing/stripe-gateway.server.ts";
import { receiveWebhook } from "~/features/billing/webhook-intake.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { createOutboundFetch } from "~/lib/outbound-fetch.server.ts";
import { startFakePayments, type FakePayments } from "../../fakes/payment-provider.ts";
import { CARDS, payCheckout } from "../../fakes/payments/fake-test-support.ts";

export interface PlantPayments {
  fake: FakePayments;
  gateway: PaymentGateway;
  /** Every webhook the fake sent so far delivered, and every event recorded applied. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export interface PaidPlan {
  customerId: string;
  subscriptionId: string;
  invoiceIds: string[];
  checkoutSessionId: string;
}

const readBody = (req: IncomingMessage) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    req.on("error", reject);
  });

/** The fake, and the app's webhook intake for it writing into `database()` (the database may be opened after this). */
export async function startPlantPayments(database: () => Database): Promise<PlantPayments> {
  let secret = "";
  const receiver = createServer((req, res) => {
    void readBody(req)
      .then((body) => receiveWebhook(database(), body, req.headers["stripe-signature"]?.toString() ?? null, { secret, now: new Date() }))
      .then(
        () => res.writeHead(200).end("ok"),
        (error: unknown) => res.writeHead(400).end(String(error)),
      );
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/billing/webhook`;
  const fake = await startFakePayments({ webhookUrls: [webhookUrl], retryDelaysMs: [20], maxAttempts: 3 });
  secret = fake.webhookSecret;
  const gateway = createStripeGateway(
    { STRIPE_API_URL: fake.url, STRIPE_SECRET_KEY: fake.apiKey },
    createOutboundFetch({ privateOrigins: [fake.url] }),
  );
  return {
    fake,
    gateway,
    async settle() {
      await fake.settled();
      // A job may record an event the next delivery depends on: apply until nothing is left.
      while ((await runBillingJobs(database(), gateway, new Date())) > 0) await fake.settled();
    },
    async close() {
      await fake.close();
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    },
  };
}

/**
 * The member buys `Subscriber, monthly` as the upgrade dialog and the Checkout page do: the app opens Checkout for the
 * catalogue's price, the card 4242 pays on the provider's hosted page, the browser comes back and the app reads the
 * subscription at once, and the provider's webhooks follow.
 */
export async function payForPlan(
  database: Database,
  payments: PlantPayments,
  member: { id: string; email: string; name: string },
): Promise<PaidPlan> {
  const { url } = await startCheckout(
    database,
    payments.gateway,
    member,
    { tier: "subscriber", interval: "monthly", dollars: 29, name: "Subscriber" },
    "http://localhost:3000",
  );
  const paid = await payCheckout(url, CARDS.pays, { name: member.name });
  if (!paid.location) throw new Error(`the Checkout page did not pay: ${paid.status}`);
  const sessionId = new URL(paid.location).searchParams.get("session_id")!;
  if (!(await completeCheckout(database, payments.gateway, member.id, sessionId, new Date())))
    throw new Error("the paid checkout was not the member's");
  await payments.settle();
  const session = await payments.gateway.retrieveCheckoutSession(sessionId);
  const invoices = await payments.gateway.listInvoices(session.customerId!);
  return {
    customerId: session.customerId!,
    subscriptionId: session.subscriptionId!,
    invoiceIds: invoices.map((i) => i.id),
    checkoutSessionId: sessionId,
  };
}
