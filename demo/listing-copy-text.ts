/**
 * The demo listings as COPY text, chunk by chunk (decision 0057): what the seed loads, made without a database so that
 * it can run in a worker thread beside the load. Listing ids are made here, so that a chunk's team, FAQs and rounds
 * can name their listing; round ids count up from the first id the sequence handed out. Investor relationships come
 * last, when every investor they name has its id (the generator names investors listed further down too).
 */
import * as s from "../db/schema/index.ts";
import { matchColumns } from "../app/features/duplicates/matching/match-columns.ts";
import { copyTable, UuidBlock, type CopyTable } from "./copy-text.ts";
import { generateListings, LISTING_KEYS, type GeneratedListing, type ReferenceIds } from "./generate-listings.ts";

/** Listings per chunk: a few MB of text, and a progress report every few seconds at most. */
const CHUNK = 5000;

// The duplicate matcher's columns are written with the row, as every other write path does: left empty, the first
// scan of a seeded directory would spend most of a minute at 100,000 listings working them out (bench:dedupe).
const LISTINGS = copyTable(s.listings, [...LISTING_KEYS, "matchKey", "matchDomain", "matchLinkedin"]);
const TEAM = copyTable(s.teamMembers, ["listingId", "position", "name", "title", "linkedinUrl", "email"]);
const FAQS = copyTable(s.faqs, ["listingId", "position", "question", "answer"]);
const USE_CASES = copyTable(s.keyUseCases, ["listingId", "position", "title", "description"]);
const STEPS = copyTable(s.howItWorksSteps, ["listingId", "position", "text"]);
const ROUNDS = copyTable(s.fundingRounds, [
  "id",
  "listingId",
  "amount",
  "currency",
  "roundType",
  "fundingDate",
  "dataSource",
  "allInvestors",
]);
const RELATIONS = copyTable(s.investorRelationships, ["companyId", "investorId", "investorName", "fundingRoundId"]);

/** In load order: a table's rows refer only to tables before it. */
export const LOADED_TABLES: readonly CopyTable[] = [LISTINGS, TEAM, FAQS, USE_CASES, STEPS, ROUNDS, RELATIONS];

/** One COPY: the table and its column list as `copyTable` gave them, and the rows. */
export interface CopyBatch {
  table: string;
  columns: string[];
  text: string;
}

export interface Chunk {
  /** Listings written so far, this chunk's included. */
  done: number;
  batches: CopyBatch[];
}

export interface ListingTextOptions {
  count: number;
  refs: ReferenceIds;
  /** The first funding-round id to use; the ones after it follow (reserved by the caller). */
  firstRoundId: number;
  /** Listings per chunk (CHUNK unless a test wants several chunks of a small load). */
  chunkSize?: number;
}

/** The chunks of listings and their details, then the relationships; `nextRoundId` once the generator is done. */
export function* listingCopyText(options: ListingTextOptions): Generator<Chunk, { nextRoundId: number }> {
  const { count } = options;
  const ids = new UuidBlock(count);
  // Relationships wait for the end as three parallel lists: listing index, round id, investor name.
  const company: number[] = [];
  const round: number[] = [];
  const investor: string[] = [];
  const investorIndex = new Map<string, number>();
  let nextRoundId = options.firstRoundId;
  const generator = generateListings(count, options.refs);
  const chunk = options.chunkSize ?? CHUNK;
  for (let start = 0; start < count; start += chunk) {
    const text = new Map(LOADED_TABLES.map((t) => [t, ""]));
    const add = (table: CopyTable, row: Record<string, unknown>) => text.set(table, text.get(table)! + table.line(row));
    for (let i = start; i < Math.min(count, start + chunk); i++) {
      const g = generator.next().value as GeneratedListing;
      const listingId = ids.at(i);
      add(LISTINGS, { id: listingId, ...g.listing, ...matchColumns(g.listing) });
      if (g.listing.type === "investor" && !investorIndex.has(g.listing.name)) investorIndex.set(g.listing.name, i);
      g.team.forEach((m, position) => add(TEAM, { listingId, position, ...m }));
      g.faqs.forEach((f, position) => add(FAQS, { listingId, position, ...f }));
      g.useCases.forEach((u, position) => add(USE_CASES, { listingId, position, ...u }));
      g.steps.forEach((step, position) => add(STEPS, { listingId, position, text: step }));
      for (const r of g.rounds) {
        const id = nextRoundId++;
        add(ROUNDS, {
          id,
          listingId,
          amount: r.amount,
          currency: "USD",
          roundType: r.roundType,
          fundingDate: r.fundingDate,
          dataSource: "demo",
          allInvestors: r.investors.join(", "),
        });
        for (const name of r.investors) {
          company.push(i);
          round.push(id);
          investor.push(name);
        }
      }
    }
    yield { done: Math.min(count, start + CHUNK), batches: batchesOf(text) };
  }
  // Each relationship links to the investor's own listing when it is in the directory (by name, as an import would).
  for (let start = 0; start < company.length; start += CHUNK * 4) {
    let text = "";
    for (let k = start; k < Math.min(company.length, start + CHUNK * 4); k++) {
      const index = investorIndex.get(investor[k]!);
      text += RELATIONS.line({
        companyId: ids.at(company[k]!),
        investorId: index === undefined ? null : ids.at(index),
        investorName: investor[k],
        fundingRoundId: round[k],
      });
    }
    yield { done: count, batches: [{ table: RELATIONS.table, columns: RELATIONS.columns, text }] };
  }
  return { nextRoundId };
}

function batchesOf(text: Map<CopyTable, string>): CopyBatch[] {
  return [...text].filter(([, rows]) => rows).map(([t, rows]) => ({ table: t.table, columns: t.columns, text: rows }));
}
