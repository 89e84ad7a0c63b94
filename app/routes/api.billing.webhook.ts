import type { Route } from "./+types/api.billing.webhook";
import { receiveWebhook } from "~/features/billing/webhook-intake.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { getEnv } from "~/lib/env.server.ts";
import { notFound } from "~/lib/errors.ts";
import { methodNotAllowed, readRawBody } from "~/lib/http.server.ts";
import { logger } from "~/lib/logger.server.ts";

/** What this endpoint takes (decision 0069). */
export const methods = ["POST"];

/**
 * POST /api/billing/webhook: Stripe's webhook endpoint (DESIGN D17, decision 0079). The signature is checked on the raw
 * body (within the JSON body limit) with STRIPE_WEBHOOK_SECRET; a forged, altered or stale delivery is a 400 and
 * changes nothing. A valid one is recorded once by its event id and queued as a job, then answered 200 at once; a
 * delivery of an event already received is answered 200 too, so the provider stops sending it. Without Stripe billing
 * the endpoint does not exist (404).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const env = getEnv();
  if (env.BILLING_MODE !== "stripe" || !env.STRIPE_WEBHOOK_SECRET) notFound("This site takes no payments: there is no webhook here.");
  const { database } = getAppContext(context);
  const body = await readRawBody(request);
  try {
    const intake = await receiveWebhook(database, body, request.headers.get("stripe-signature"), {
      secret: env.STRIPE_WEBHOOK_SECRET,
      now: new Date(),
    });
    return Response.json(
      { received: true, id: intake.eventId, duplicate: intake.received === "duplicate" },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    logger.warn({ reason: error instanceof Error ? error.message : String(error) }, "a payment webhook was refused");
    throw error;
  }
}

export const loader = methodNotAllowed;
