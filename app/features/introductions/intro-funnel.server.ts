/**
 * How many introduction requests become introductions (decision 0094): requests grouped by the month they were made
 * (UTC), and how far each has got. Counted in the database in one GROUP BY over the window's requests.
 *
 * - requested: reached the operators (not one still waiting for its sign-up or e-mail confirmation);
 * - approved: an operator forwarded it to the recipient (whatever happened next);
 * - accepted, declined, expired: the recipient's answer, or the lack of one;
 * - introduced: the introduction e-mail went out (an accepted request whose e-mail failed is accepted, not introduced).
 */
import { sql } from "drizzle-orm";
import { introRequests } from "#db/schema/introductions.ts";
import type { Database } from "~/lib/db.server.ts";

export const FUNNEL_STEPS = ["requested", "approved", "accepted", "declined", "expired", "introduced"] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
export type FunnelCounts = Record<FunnelStep, number>;

export interface IntroFunnel {
  /** Newest month first ("2031-09"), every month of the window, empty ones as zero. */
  months: Array<{ month: string; counts: FunnelCounts }>;
  totals: FunnelCounts;
}

const FUNNEL_MONTHS = 12;

const zero = (): FunnelCounts => ({ requested: 0, approved: 0, accepted: 0, declined: 0, expired: 0, introduced: 0 });

function monthKey(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** `listingIds`: only the requests to these listings (an owner's insights, decision 0117); all requests without it. */
export async function getIntroFunnel(database: Database, now = new Date(), listingIds?: readonly string[]): Promise<IntroFunnel> {
  const keys = Array.from({ length: FUNNEL_MONTHS }, (_, i) =>
    monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1))),
  );
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (FUNNEL_MONTHS - 1), 1)).toISOString();
  const r = introRequests;
  const rows = await database.rows<{ month: string } & FunnelCounts>(sql`
    SELECT to_char(date_trunc('month', ${r.createdAt} AT TIME ZONE 'UTC'), 'YYYY-MM') AS month,
      count(*) FILTER (WHERE ${r.status} NOT IN ('awaiting_sign_up', 'awaiting_verification'))::int AS requested,
      count(*) FILTER (WHERE ${r.status} IN ('awaiting_recipient', 'awaiting_requester', 'accepted', 'declined', 'expired'))::int AS approved,
      count(*) FILTER (WHERE ${r.status} = 'accepted')::int AS accepted,
      count(*) FILTER (WHERE ${r.status} = 'declined')::int AS declined,
      count(*) FILTER (WHERE ${r.status} = 'expired')::int AS expired,
      count(*) FILTER (WHERE ${r.introducedAt} IS NOT NULL)::int AS introduced
    FROM ${r}
    WHERE ${r.createdAt} >= ${since}::timestamptz
      ${listingIds ? sql`AND ${r.listingId} = ANY(ARRAY[${sql.join([...listingIds.map((id) => sql`${id}`), sql`NULL`], sql`, `)}]::uuid[])` : sql``}
    GROUP BY 1`);
  const byMonth = new Map(rows.map(({ month, ...counts }) => [month, counts]));
  const months = keys.map((month) => {
    const counts = zero();
    const found = byMonth.get(month);
    for (const step of FUNNEL_STEPS) counts[step] = found?.[step] ?? 0;
    return { month, counts };
  });
  const totals = zero();
  for (const { counts } of months) for (const step of FUNNEL_STEPS) totals[step] += counts[step];
  return { months, totals };
}
