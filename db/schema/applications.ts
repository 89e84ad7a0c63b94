/**
 * Applications from visitors (DESIGN D8). Pilot applications come from our own form when no external form
 * (PILOT_FORM_URL) is configured; accepting one takes a slot of the pilot cohort.
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

export const pilotApplications = pgTable(
  "pilot_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    company: text("company").notNull(),
    website: text("website").notNull(),
    stage: text("stage").notNull(),
    goals: text("goals").notNull(),
    contactName: text("contact_name").notNull(),
    contactEmail: text("contact_email").notNull(),
    /** The member who applied, when signed in. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ["new", "accepted", "declined"] })
      .notNull()
      .default("new"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    check("pilot_applications_status_check", sql`${t.status} IN ('new', 'accepted', 'declined')`),
    index("pilot_applications_created_idx").on(t.createdAt.desc()),
  ],
);
