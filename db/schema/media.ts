/**
 * Files we keep ourselves (issue 4: application logos; later, imported attachments whose URLs expire). Small,
 * checked images only, so the database is the simplest durable place: one backup holds everything.
 */
import { customType, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

export const storedFiles = pgTable("stored_files", {
  id: uuid("id").primaryKey().defaultRandom(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  /** Hex SHA-256 of the bytes: the served ETag. */
  sha256: text("sha256").notNull(),
  bytes: bytea("bytes").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
