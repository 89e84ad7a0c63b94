/**
 * What a visitor is sent for a filter on a value their plan is not shown (issue 31, decision 0085), read over real
 * HTTP from the whole application as a browser receives it: the page's HTML, its route data (the `.data` request a
 * hydrated page makes) and the JSON API. The revenue filter says whose plan shows revenue instead of a column of
 * zeros, no count of a hidden revenue range is in any of them, and applying the filter through the address finds only
 * what the visitor may see (nothing, under the demo's rule), whichever range is asked, so it tells nothing. A premium
 * member gets the real counts and no note.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser } from "../multi-server/support/browser.ts";
import { signIn } from "../multi-server/support/sign-in.ts";
import { startAppOverHttp, type AppOverHttp } from "../support/app-over-http.ts";
import { rawRequest } from "../support/raw-request.ts";

let app: AppOverHttp;
let premium: string;
/** Each revenue range's code and how many published listings hold it (what only a premium viewer may count). */
let held: Map<string, number>;
let codes: string[];

beforeAll(async () => {
  app = await startAppOverHttp();
  const browser = new Browser();
  await signIn(browser, { url: app.base, name: "app" }, "demo-premium");
  premium = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const rows = await app.database.rows<{ code: string; n: number }>(
    sql`SELECT r.code, count(l.id)::int AS n FROM revenue_ranges r
        LEFT JOIN listings l ON l.revenue_range_id = r.id AND l.processing_status = 'published'
        GROUP BY r.code, r.sort_order ORDER BY r.sort_order`,
  );
  held = new Map(rows.map((row) => [row.code, row.n]));
  codes = rows.map((row) => row.code);
});

afterAll(async () => {
  await app?.close();
});

const get = (path: string, cookie?: string) => rawRequest(app.base, { path, headers: cookie ? { Cookie: cookie } : {} });
/** The total in the results heading of a directory page. */
const headingTotal = (html: string) => {
  const heading = /id="results-heading"[^>]*>(.*?)<\/h2>/s.exec(html)![1]!.replace(/<[^>]*>/g, "");
  return Number(/\((\d+)\)/.exec(heading)![1]);
};
/** The revenue group of the filter panel, as sent. */
const revenueGroup = (html: string) => /<summary[^>]*>Revenue \/year.*?<\/details>/s.exec(html)![0];

describe("the revenue filter as a visitor receives it", () => {
  it("the demo holds revenue ranges a visitor may not see (else this proves nothing)", () => {
    expect([...held.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });

  it("the page says whose plan shows revenue, offers the way in, and sends no revenue option or count", async () => {
    const page = await get("/listings");
    expect(page.status).toBe(200);
    const group = revenueGroup(page.body);
    expect(group).toContain("Revenue is shown to Subscriber members.");
    expect(group).toMatch(/href="\/sign-in\?returnTo=%2Flistings"[^>]*>.*?Upgrade/s);
    expect(group).not.toContain('name="revenueRanges"');
  });

  it("the route data names the gate and holds no revenue count", async () => {
    const data = await get("/listings.data");
    expect(data.status).toBe(200);
    expect(data.body).toContain("gatedFilters");
    const api = JSON.parse((await get("/api/listings")).body) as { facets: { revenueRanges: Record<string, number> } };
    expect(api.facets.revenueRanges).toEqual({});
  });

  it("a revenue range in the address finds nothing it may not see, for every range alike, and says why", async () => {
    for (const code of codes) {
      const page = await get(`/listings?revenueRanges=${code}`);
      expect(page.status, code).toBe(200);
      expect(headingTotal(page.body), code).toBe(0);
      expect(page.body).toContain(
        "Revenue is shown to Subscriber members: filtering by revenue range finds only the listings that show you theirs.",
      );
      // The chosen range stays ticked so it can be taken back, and shows no count: not even a zero.
      const group = revenueGroup(page.body);
      const inputs = group.match(/<input[^>]*name="revenueRanges"[^>]*>/g) ?? [];
      expect(inputs, code).toHaveLength(1);
      expect(inputs[0]).toContain(`value="${code}"`);
      expect(inputs[0]).toContain('checked=""');
      expect(group).not.toMatch(/<span>\d+<\/span>/);
      const api = JSON.parse((await get(`/api/listings?revenueRanges=${code}`)).body) as { pagination: { totalRecords: number } };
      expect(api.pagination.totalRecords, code).toBe(0);
    }
  });
});

describe("the revenue filter as a premium member receives it", () => {
  it("real counts, each range's filter finds its listings, and no note", async () => {
    const page = await get("/listings", premium);
    const group = revenueGroup(page.body);
    expect(group).not.toContain("is shown to");
    for (const code of codes) {
      expect(group).toContain(`value="${code}"`);
      const filtered = await get(`/listings?revenueRanges=${code}`, premium);
      expect(headingTotal(filtered.body), code).toBe(held.get(code));
    }
  });
});
