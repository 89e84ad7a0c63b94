/**
 * The shape of a "Download my data" section and the SQL helpers its queries share (decision 0077), apart from the
 * sections themselves so that they can live in more than one file (member-data-sections.server.ts and its rooms).
 */
import { sql, type SQL } from "drizzle-orm";

export interface ExportMember {
  id: string;
  /** Lower case. */
  email: string;
}

export interface ExportSection {
  /** The property of the file. */
  name: string;
  /** One row (the profile) or a list. */
  shape: "one" | "list";
  /** Rows as `key` and `row`, for the member. */
  query(member: ExportMember): SQL;
}

/** A time as ISO 8601 in UTC, the same from PGlite and PostgreSQL. */
export const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export const list = (name: string, query: (member: ExportMember) => SQL): ExportSection => ({ name, shape: "list", query });
