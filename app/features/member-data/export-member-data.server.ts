/**
 * "Download my data" (decision 0077): the member's records as one JSON file, written while it is read. Each section
 * of member-data-sections.server.ts is read in pages of PAGE rows by its key, so a member with a million profile views
 * costs the server one page at a time, not the whole file; no transaction is held while the browser reads (a slow
 * download must not hold a connection, and on the embedded database it would hold every other request).
 */
import { sql } from "drizzle-orm";
import { getPlanCatalogue } from "~/features/access/tier-records.server.ts";
import { memberInvoices, type ExportedInvoice } from "~/features/billing/member-invoices.server.ts";
import type { PaymentGateway } from "~/features/billing/payment-gateway.server.ts";
import { configuredPaymentGateway } from "~/features/billing/stripe-gateway.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { countAttempt, defineRateLimit } from "~/lib/rate-limit.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { plural } from "~/lib/wording.ts";
import { EXPORT_SECTIONS } from "./member-data-sections.server.ts";
import type { ExportMember, ExportSection } from "./member-data-sql.server.ts";

const PAGE = 500;
const EXPORT_FORMAT = "introbase-member-data/1";

export interface ExportHeader {
  exportedAt: Date;
  /** The member's plan as the catalogue names it now (the tier record's name, price). */
  plan: { tier: string; name: string; monthlyPrice: number };
  /** The member's invoices, read from the payment provider before the file starts. */
  invoices: ExportedInvoice[];
  /** Why the invoices are missing (the provider did not answer), or null. */
  invoicesUnavailable: string | null;
}

/** What the file says from the header, and after which section: the plan after the profile, invoices after billing's. */
const HEADER_FIELDS_AFTER: Readonly<Record<string, (header: ExportHeader) => Record<string, unknown>>> = {
  profile: (h) => ({ plan: h.plan }),
  tierGrants: (h) => ({ invoices: h.invoices, invoicesUnavailable: h.invoicesUnavailable }),
};

function* headerFields(header: ExportHeader, after: string): Generator<string> {
  const fields = HEADER_FIELDS_AFTER[after]?.(header) ?? {};
  for (const [name, value] of Object.entries(fields)) yield `,\n  ${JSON.stringify(name)}: ${JSON.stringify(value)}`;
}

async function page(database: Database, section: ExportSection, member: ExportMember, after: string | null, size: number) {
  return database.rows<{ key: string; row: string }>(sql`
    SELECT key, row::text AS row FROM (${section.query(member)}) AS s
    WHERE ${after === null ? sql`true` : sql`key COLLATE "C" > ${after}`}
    ORDER BY key COLLATE "C" LIMIT ${size}`);
}

/** The file, piece by piece: valid JSON once every piece is joined. */
export async function* memberDataChunks(
  database: Database,
  member: ExportMember,
  header: ExportHeader,
  pageSize = PAGE,
): AsyncGenerator<string> {
  const about =
    "Everything Introbase keeps about you, as of exportedAt (times in UTC). Secrets are left out (your password's hash, session and API key tokens, links in e-mails), and so is anything about other people.";
  yield `{\n  "format": ${JSON.stringify(EXPORT_FORMAT)},\n  "exportedAt": ${JSON.stringify(header.exportedAt.toISOString())},\n`;
  yield `  "about": ${JSON.stringify(about)}`;
  for (const section of EXPORT_SECTIONS) {
    if (section.shape === "one") {
      const [only] = await page(database, section, member, null, 1);
      yield `,\n  ${JSON.stringify(section.name)}: ${only?.row ?? "null"}`;
      yield* headerFields(header, section.name);
      continue;
    }
    yield `,\n  ${JSON.stringify(section.name)}: [`;
    let after: string | null = null;
    let count = 0;
    for (;;) {
      const rows = await page(database, section, member, after, pageSize);
      for (const row of rows) yield `${count++ ? "," : ""}\n    ${row.row}`;
      if (rows.length < pageSize) break;
      after = rows.at(-1)!.key;
    }
    yield count ? "\n  ]" : "]";
    yield* headerFields(header, section.name);
  }
  yield "\n}\n";
}

/** The file as a byte stream for a Response: each piece is read from the database when the browser is ready for it. */
function memberDataStream(database: Database, member: ExportMember, header: ExportHeader): ReadableStream<Uint8Array> {
  const chunks = memberDataChunks(database, member, header);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/**
 * What the file says besides its sections: the plan as the catalogue names it, and the invoices, read from the payment
 * provider through `gateway` (null: the site has none). A provider that does not answer does not fail the download:
 * the file says so in `invoicesUnavailable` and holds everything else.
 */
export async function memberDataHeader(
  database: Database,
  user: Pick<SessionUser, "id" | "tier">,
  gateway: PaymentGateway | null,
  now: Date,
): Promise<ExportHeader> {
  const [catalogue, { invoices, unavailable }] = await Promise.all([
    getPlanCatalogue(database),
    memberInvoices(database, gateway, user.id),
  ]);
  const { name, monthlyPrice } = catalogue[user.tier];
  return { exportedAt: now, plan: { tier: user.tier, name, monthlyPrice }, invoices, invoicesUnavailable: unavailable };
}

/** Downloads per member per ten minutes: each reads every table of theirs, so a loop of them must not load the server. */
const dataDownloads = defineRateLimit({ name: "data-download", limit: 5, windowSeconds: 10 * 60 });

/**
 * The answer to "Download my data": the file itself, straight to the authenticated browser that asked, as an attachment
 * no cache may keep. Nothing is stored and no link is made, so there is nothing left to leak afterwards.
 */
export async function downloadMemberData(database: Database, user: SessionUser, now = new Date()): Promise<Response> {
  const attempt = await countAttempt(database, dataDownloads, user.id, { now: now.getTime() });
  if (!attempt.allowed) {
    throw new AppError(
      "rate_limited",
      `You downloaded your data several times just now. Please try again in ${plural(Math.ceil(attempt.retryAfterSeconds / 60), "minute")}.`,
      {
        headers: { "Retry-After": String(attempt.retryAfterSeconds) },
      },
    );
  }
  const header = await memberDataHeader(database, user, configuredPaymentGateway(), now);
  const stream = memberDataStream(database, { id: user.id, email: user.email.toLowerCase() }, header);
  return new Response(stream, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="introbase-my-data-${now.toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
