import { expect, test } from "./support/test.ts";
import { sql } from "drizzle-orm";
import { seedListings } from "../../db/seed/seed-database.ts";
import { openDatabase, type Database } from "../../app/lib/db.server.ts";

/**
 * The server under test seeded the same deterministic demo data; a private copy tells the test what the hidden
 * values are, so it can prove they never reach the browser.
 */
let copy: Database;

test.beforeAll(async () => {
  copy = await openDatabase({ dir: "memory://" });
  await copy.migrate();
  await seedListings(copy, 600);
});

test.afterAll(async () => {
  await copy?.close();
});

async function oneListing(where: ReturnType<typeof sql>) {
  const [row] = await copy.rows<{ slug: string; type: string; name: string; solution: string; team_name: string }>(sql`
    SELECT l.slug, l.type, l.name, l.solution, (SELECT name FROM team_members t WHERE t.listing_id = l.id ORDER BY position LIMIT 1) AS team_name
    FROM listings l WHERE ${where} ORDER BY l.name LIMIT 1`);
  if (!row) throw new Error("no such listing in the demo data");
  return row;
}

test("a startup profile shows its sections, and gated fields only as placeholders", async ({ page, request }) => {
  // Global demo rules: solution and team need a subscriber; this startup is public and has both.
  const listing = await oneListing(
    sql`l.type = 'startup' AND l.visibility = 'public' AND l.solution IS NOT NULL AND l.field_visibility = '{}'::jsonb AND EXISTS (SELECT 1 FROM team_members t WHERE t.listing_id = l.id)`,
  );
  await page.goto(`/profile/startup/${listing.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: listing.name })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to listings" })).toHaveAttribute("href", "/listings");
  await expect(page.getByRole("heading", { name: `What ${listing.name} Solves` })).toBeVisible();
  await expect(page.getByText("Subscribe to read full company insights")).toBeVisible();
  await expect(page.getByText("Upgrade to view executive team details")).toBeVisible();
  await expect(
    page.getByText("This profile was submitted by the startup. KPI data is self-reported and not independently verified."),
  ).toBeVisible();

  // Neither the HTML nor the route data carries the hidden values.
  const tail = listing.solution.slice(-40);
  for (const path of [`/profile/startup/${listing.slug}`, `/profile/startup/${listing.slug}.data`]) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const body = await response.text();
    expect(body).toContain(listing.name);
    expect(body).not.toContain(tail);
    expect(body).not.toContain(listing.team_name);
  }
});

test("investor and partner profiles show their type-specific sections", async ({ page }) => {
  const investor = await oneListing(sql`l.type = 'investor' AND l.visibility = 'public'`);
  await page.goto(`/profile/investor/${investor.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: investor.name })).toBeVisible();
  await expect(page.getByRole("heading", { name: "About the Fund" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Investment Stages" })).toBeVisible();

  const partner = await oneListing(sql`l.type = 'partner' AND l.visibility = 'public'`);
  await page.goto(`/profile/partner/${partner.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: partner.name })).toBeVisible();
  await expect(page.getByText("Partner Company")).toBeVisible();
  await expect(page.getByRole("heading", { name: "About the Company" })).toBeVisible();
  await expect(page.getByText(/^(Retainer|Retainer \+ Success Fee|Success Fee Only)$/).first()).toBeVisible();
});

test("a premium listing's profile is a teaser without its details", async ({ page, request }) => {
  const listing = await oneListing(sql`l.visibility = 'premium' AND l.description IS NOT NULL`);
  const [row] = await copy.rows<{ description: string }>(sql`SELECT description FROM listings WHERE slug = ${listing.slug}`);
  await page.goto(`/profile/${listing.type}/${listing.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: listing.name })).toBeVisible();
  const html = await (await request.get(`/profile/${listing.type}/${listing.slug}`)).text();
  expect(html).not.toContain(row!.description.slice(-40));
});

test("an unknown profile is Profile Not Found with status 404", async ({ page }) => {
  const response = await page.goto("/profile/startup/no-such-company");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Profile Not Found")).toBeVisible();
  await expect(page.getByText("The profile you are looking for does not exist or might have been removed.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse All Listings" })).toHaveAttribute("href", "/listings");
});

test("an unknown path is the not-found page with status 404", async ({ page }) => {
  const response = await page.goto("/this/does/not/exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Page not found")).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "Browse Listings" }).first()).toBeVisible();
});
