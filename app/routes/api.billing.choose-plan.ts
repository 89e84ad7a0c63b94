import { z } from "zod";
import type { Route } from "./+types/api.billing.choose-plan";
import { getBillingProvider } from "~/features/billing/billing.server.ts";
import { findPlan, PLANS } from "~/features/billing/plans.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { badRequest, jsonError, jsonErrorResponse, methodNotAllowed, readBody } from "~/lib/http.server.ts";

const Body = z.object({ plan: z.string().max(40) });

/** POST /api/billing/choose-plan `{ plan }` (JSON or form): the billing provider grants or records the plan. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { database, user } = getAppContext(context);
  if (!user) return jsonErrorResponse(401, "Sign in to choose a plan.");
  const raw = await readBody(request);
  if (!raw) return badRequest("The body must be JSON or a form with a plan.");
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

export const loader = methodNotAllowed;
