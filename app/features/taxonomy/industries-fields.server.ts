import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server.ts";
import { evaluateIndustryFields, type FieldReport } from "./industries-fields.ts";

/** The industries table's columns as the database reports them, checked against the fields the migration needs. */
export async function validateIndustriesFields(database: Database): Promise<FieldReport> {
  const columns = await database.rows<{ name: string; data_type: string }>(sql`
    SELECT column_name AS name, data_type FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'industries' ORDER BY ordinal_position`);
  return evaluateIndustryFields(columns.map((c) => ({ name: c.name, dataType: c.data_type })));
}
