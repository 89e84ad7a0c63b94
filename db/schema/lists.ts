/**
 * Lists of listings (issue 37, decision 0118): a member's private list, or a team's list every member of the team
 * sees and works on. Each list has its own status columns (Sourced, Contacted, Meeting, Passed…) shown as a board and
 * a table; an entry carries notes and tags with their author and date; `list_events` is the list's history (who
 * added, moved or commented what). Like follows, entries keep a listing id without a foreign key, so a merge of two
 * listings does not trip on a list holding both; entries are read through merges to the survivor.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { teams } from "./teams.ts";

export const lists = pgTable(
  "lists",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Exactly one of the two: a private list's member, or the team whose members share it. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("lists_user_idx").on(t.userId),
    index("lists_team_idx").on(t.teamId),
    check("lists_one_keeper_check", sql`(${t.userId} IS NULL) <> (${t.teamId} IS NULL)`),
  ],
);

export const listColumns = pgTable(
  "list_columns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listId: uuid("list_id")
      .notNull()
      .references(() => lists.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [unique("list_columns_name_key").on(t.listId, t.name)],
);

export const listEntries = pgTable(
  "list_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listId: uuid("list_id")
      .notNull()
      .references(() => lists.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id").notNull(),
    /** Its status column; a column is removed only once it is empty, so this is set for every entry. */
    columnId: uuid("column_id")
      .notNull()
      .references(() => listColumns.id, { onDelete: "restrict" }),
    /** Order within the column (smaller first). */
    position: integer("position").notNull().default(0),
    addedBy: text("added_by").references(() => users.id, { onDelete: "set null" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
    movedAt: timestamp("moved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("list_entries_listing_key").on(t.listId, t.listingId), index("list_entries_column_idx").on(t.columnId)],
);

/** A note on an entry. A member's notes leave with their account (decision 0077); the history keeps that one was written. */
export const listEntryNotes = pgTable(
  "list_entry_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => listEntries.id, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("list_entry_notes_entry_idx").on(t.entryId)],
);

export const listEntryTags = pgTable(
  "list_entry_tags",
  {
    entryId: uuid("entry_id")
      .notNull()
      .references(() => listEntries.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    addedBy: text("added_by").references(() => users.id, { onDelete: "set null" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.tag] })],
);

export const LIST_EVENT_ACTIONS = [
  "created",
  "renamed",
  "columns_changed",
  "added",
  "removed",
  "moved",
  "commented",
  "tagged",
  "untagged",
  "exported",
] as const;
export type ListEventAction = (typeof LIST_EVENT_ACTIONS)[number];

/** The list's history: who did what to which listing, when. `detail` holds the action's words (column names, a tag). */
export const listEvents = pgTable(
  "list_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listId: uuid("list_id")
      .notNull()
      .references(() => lists.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action", { enum: LIST_EVENT_ACTIONS }).notNull(),
    listingId: uuid("listing_id"),
    detail: jsonb("detail").$type<Record<string, string | number>>(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("list_events_list_idx").on(t.listId, t.at)],
);
