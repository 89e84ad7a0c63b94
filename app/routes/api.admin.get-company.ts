import { z } from "zod";
import type { Route } from "./+types/api.admin.get-company";
import { getCompanyRecord } from "~/features/duplicates/server/company-record.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { notFound } from "~/lib/errors.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { parse } from "~/lib/parse.ts";

const Query = z.object({ recordId: z.uuid({ error: "recordId must be a listing id." }) });

/** GET /api/admin/get-company?recordId= (spec 02 §7): one listing in full for an operator, with its linked rows counted. */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  const { recordId } = parse(Query, { recordId: new URL(args.request.url).searchParams.get("recordId") });
  const record = await getCompanyRecord(getAppContext(args.context).database, recordId);
  if (!record) notFound("Failed to fetch company details");
  return Response.json({ success: true, ...record }, { headers: { "Cache-Control": "no-store" } });
}
