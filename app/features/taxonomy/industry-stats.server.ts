import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server.ts";

export interface CurrentIndustryStats {
  total: number;
  /** Records with a 'Primary::Secondary' key: migrated or added as taxonomy records. */
  withKey: number;
  primaries: number;
}

/** What the industries table holds now, for the line under the taxonomy's stats. */
export async function currentIndustryStats(database: Database): Promise<CurrentIndustryStats> {
  const [row] = await database.rows<{ total: number; with_key: number; primaries: number }>(sql`
    SELECT count(*)::int AS total, count(industry_key)::int AS with_key, count(DISTINCT primary_category)::int AS primaries
    FROM industries`);
  return { total: Number(row?.total ?? 0), withKey: Number(row?.with_key ?? 0), primaries: Number(row?.primaries ?? 0) };
}
