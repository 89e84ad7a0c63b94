import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Route } from "./+types/api.admin.get-company";
import { listings } from "#db/schema/listings.ts";
import { LISTING_LINKS } from "~/features/duplicates/server/merge.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { badRequest, notFound } from "~/lib/http.server.ts";

/** GET /api/admin/get-company?recordId= (spec 02 §7): one listing in full for an operator, with its linked rows counted. */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  const id = z.uuid().safeParse(new URL(args.request.url).searchParams.get("recordId"));
  if (!id.success) return badRequest("recordId must be a listing id.");
  const { database } = getAppContext(args.context);
  const [company] = await database.db.select().from(listings).where(eq(listings.id, id.data)).limit(1);
  if (!company) return notFound("Failed to fetch company details");
  const { searchVector: _searchVector, ...fields } = company;
  const links: Record<string, number> = {};
  for (const [table, column] of LISTING_LINKS) {
    const [row] = await database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${id.data}`,
    );
    if (row?.n) links[`${table}.${column}`] = row.n;
  }
  return Response.json({ success: true, company: fields, links }, { headers: { "Cache-Control": "no-store" } });
}
