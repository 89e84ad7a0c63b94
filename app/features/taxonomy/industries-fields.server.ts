import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server.ts";
import { describeError } from "~/lib/error-answer.server.ts";
import { evaluateIndustryFields, type FieldReport } from "./industries-fields.ts";

/** The industries table's columns as the database reports them, checked against the fields the migration needs. */
export async function validateIndustriesFields(database: Database): Promise<FieldReport> {
  const columns = await database.rows<{ name: string; data_type: string }>(sql`
    SELECT column_name AS name, data_type FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'industries' ORDER BY ordinal_position`);
  return evaluateIndustryFields(columns.map((c) => ({ name: c.name, dataType: c.data_type })));
}

/**
 * GET /api/debug/validate-industries-fields's answer (spec 02 §7): the report, or for any failure the spec's
 * `{ success: false, error, existingFields: [] }` with the status and the words the error pipeline gives it.
 */
export async function industriesFieldsAnswer(database: Database): Promise<Response> {
  const headers = { "Cache-Control": "no-store" };
  try {
    return Response.json(await validateIndustriesFields(database), { headers });
  } catch (error) {
    const { status, message } = describeError(error);
    return Response.json({ success: false, error: message, existingFields: [] }, { status, headers });
  }
}
