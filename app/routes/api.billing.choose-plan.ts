import { z } from "zod";
import type { Route } from "./+types/api.billing.choose-plan";
import { getBillingProvider } from "~/features/billing/billing.server.ts";
import { findPlan, PLANS } from "~/features/billing/plans.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { badRequest, jsonError, jsonErrorResponse } from "~/lib/http.server.ts";

const Body = z.object({ plan: z.string().max(40) });

/** POST /api/billing/choose-plan `{ plan }` (JSON or form): the billing provider grants or records the plan. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
  const { database, user } = getAppContext(context);
  if (!user) return jsonErrorResponse(401, "Sign in to choose a plan.");
  let raw: unknown;
  try {
    raw = (request.headers.get("content-type") ?? "").includes("application/json")
      ? await request.json()
      : Object.fromEntries(await request.formData());
  } catch {
    return badRequest("The body must be JSON or a form with a plan.");
  }
  const parsed = Body.safeParse(raw);
  const plan = parsed.success ? findPlan(parsed.data.plan) : undefined;
  if (!plan) return badRequest(`plan must be one of ${PLANS.map((p) => p.id).join(", ")}.`);
  try {
    const choice = await getBillingProvider().choosePlan(database, user.id, plan);
    return Response.json(choice, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return jsonError(error);
  }
}

export function loader() {
  return Response.json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
}
