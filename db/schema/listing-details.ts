import { date, index, integer, numeric, pgTable, serial, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ROUND_TYPES } from "../values/funding-rounds.ts";
import { listings } from "./listings.ts";

const listingRef = () =>
  uuid("listing_id")
    .notNull()
    .references(() => listings.id, { onDelete: "cascade" });
const position = () => smallint("position").notNull().default(0);

export const teamMembers = pgTable(
  "team_members",
  {
    id: serial("id").primaryKey(),
    listingId: listingRef(),
    position: position(),
    name: text("name").notNull(),
    title: text("title"),
    photoUrl: text("photo_url"),
    linkedinUrl: text("linkedin_url"),
    email: text("email"),
  },
  (t) => [index("team_members_listing_idx").on(t.listingId, t.position)],
);

export const faqs = pgTable(
  "faqs",
  {
    id: serial("id").primaryKey(),
    listingId: listingRef(),
    position: position(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
  },
  (t) => [index("faqs_listing_idx").on(t.listingId, t.position)],
);

export const keyUseCases = pgTable(
  "key_use_cases",
  {
    id: serial("id").primaryKey(),
    listingId: listingRef(),
    position: position(),
    title: text("title").notNull(),
    description: text("description"),
  },
  (t) => [index("key_use_cases_listing_idx").on(t.listingId, t.position)],
);

export const howItWorksSteps = pgTable(
  "how_it_works_steps",
  { id: serial("id").primaryKey(), listingId: listingRef(), position: position(), text: text("text").notNull() },
  (t) => [index("how_it_works_steps_listing_idx").on(t.listingId, t.position)],
);

export { ROUND_TYPES };

export const fundingRounds = pgTable(
  "funding_rounds",
  {
    id: serial("id").primaryKey(),
    listingId: listingRef(),
    amount: numeric("amount", { precision: 18, scale: 2, mode: "number" }),
    currency: text("currency").notNull().default("USD"),
    roundType: text("round_type", { enum: ROUND_TYPES }).notNull(),
    fundingDate: date("funding_date"),
    dataSource: text("data_source"),
    lotDataId: text("lot_data_id"),
    announcementUrl: text("announcement_url"),
    allInvestors: text("all_investors"),
    notes: text("notes"),
    lastUpdated: timestamp("last_updated", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("funding_rounds_listing_idx").on(t.listingId, t.fundingDate)],
);

export const investorRelationships = pgTable(
  "investor_relationships",
  {
    id: serial("id").primaryKey(),
    companyId: listingRef(),
    investorId: uuid("investor_id").references(() => listings.id, { onDelete: "set null" }),
    investorName: text("investor_name").notNull(),
    fundingRoundId: integer("funding_round_id").references(() => fundingRounds.id, { onDelete: "set null" }),
    investmentStatus: text("investment_status").notNull().default("active"),
    notes: text("notes"),
  },
  (t) => [index("investor_relationships_company_idx").on(t.companyId), index("investor_relationships_investor_idx").on(t.investorId)],
);
