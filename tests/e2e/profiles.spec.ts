import { expect, test, type Page } from "./support/test.ts";
import { sql } from "drizzle-orm";
import { seedListings } from "../../demo/seed-database.ts";
import { openDatabase, type Database } from "../../app/lib/db.server.ts";
import { signInAs } from "./support/sign-in.ts";
import { formatAmount, formatRoundDate, roundTypeLabel } from "../../app/features/catalog/format.ts";

/**
 * The server under test seeded the same deterministic demo data; a private copy tells the test what the hidden
 * values are, so it can prove they never reach the browser.
 */
let copy: Database;

test.beforeAll(async () => {
  // Seeding 600 listings into an in-memory database takes seconds on a quiet machine and more on a busy one.
  test.setTimeout(180_000);
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
  await expect(page.getByRole("heading", { name: "Investment Profile" })).toBeVisible();
  // The stage focus says the range; a separate one-stage list beside it would contradict it.
  await expect(page.getByText("Stage Focus")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Investment Stages" })).toHaveCount(0);

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

/**
 * Issue 15 §6, "profiles people can use": one locked-section look on every profile type, investors shown the way
 * founders read them, a logo (real or monogram) wherever a listing appears, and the home table's dates and order.
 * Each runs at a desktop and a phone width, and leaves a screenshot (SCREENSHOT_DIR, else the test's output folder).
 */
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

async function shoot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  await page.screenshot({ path: dir ? `${dir}/${name}.png` : test.info().outputPath(`${name}.png`), fullPage: true });
}

/** A public listing of this type whose team the demo rules lock for visitors. */
async function withLockedTeam(type: "startup" | "investor" | "partner") {
  return oneListing(
    sql`l.type = ${type} AND l.visibility = 'public' AND NOT (l.field_visibility ? 'team') AND EXISTS (SELECT 1 FROM team_members t WHERE t.listing_id = l.id)
        AND (${type} <> 'startup' OR l.solution IS NOT NULL)`,
  );
}

/** What makes a locked section look the way it does; equal signatures look the same. */
async function lockedSignatures(page: Page) {
  return page.locator("[data-locked-section]").evaluateAll((sections) =>
    sections.map((section) => {
      const style = getComputedStyle(section);
      const button = section.querySelector("button");
      const buttonStyle = button ? getComputedStyle(button) : null;
      return {
        className: section.className,
        look: [style.borderStyle, style.borderTopColor, style.backgroundColor, style.borderRadius, style.paddingTop].join(" "),
        buttons: section.querySelectorAll("button").length,
        button: buttonStyle
          ? [buttonStyle.backgroundColor, buttonStyle.color, buttonStyle.height, button!.textContent?.startsWith("Upgrade")].join(" ")
          : null,
      };
    }),
  );
}

/** A public investor with open portfolio companies and at least one portfolio company a visitor may not see. */
async function investorWithMixedPortfolio() {
  const [row] = await copy.rows<{ slug: string; name: string; open_name: string; hidden_name: string; hidden_slug: string }>(sql`
    SELECT i.slug, i.name,
      (SELECT c.name FROM investor_relationships r JOIN listings c ON c.id = r.listing_id
        WHERE r.investor_id = i.id AND c.visibility = 'public' ORDER BY c.name LIMIT 1) AS open_name,
      h.name AS hidden_name, h.slug AS hidden_slug
    FROM listings i
    JOIN investor_relationships hr ON hr.investor_id = i.id
    JOIN listings h ON h.id = hr.listing_id AND h.visibility <> 'public'
    WHERE i.type = 'investor' AND i.visibility = 'public' AND i.aum IS NOT NULL
      AND EXISTS (SELECT 1 FROM investor_relationships r JOIN listings c ON c.id = r.listing_id WHERE r.investor_id = i.id AND c.visibility = 'public')
      -- The hidden company must not also be a visible company's name.
      AND NOT EXISTS (SELECT 1 FROM listings o WHERE o.name = h.name AND o.visibility = 'public')
    ORDER BY i.name, h.name LIMIT 1`);
  if (!row) throw new Error("the demo data has no public investor with a mixed portfolio");
  return row;
}

for (const size of WIDTHS) {
  test.describe(`profiles at ${size.width}px`, () => {
    test.use({ viewport: size });

    test("locked sections look the same on all three profile types, and their button opens the way in", async ({ page }) => {
      const signatures: Array<Awaited<ReturnType<typeof lockedSignatures>>[number]> = [];
      for (const type of ["startup", "investor", "partner"] as const) {
        const listing = await withLockedTeam(type);
        await page.goto(`/profile/${type}/${listing.slug}`);
        await expect(page.getByRole("heading", { level: 1, name: listing.name })).toBeVisible();
        // The header's logo: a real one, or the listing's monogram.
        await expect(page.locator("main [data-logo]").first()).toBeVisible();
        const found = await lockedSignatures(page);
        expect(found.length, `${type}: locked sections`).toBeGreaterThan(0);
        signatures.push(...found);
        await shoot(page, `profile-${type}-${size.width}`);

        const upgrade = page
          .locator("[data-locked-section]")
          .first()
          .getByRole("button", { name: /^Upgrade to unlock / });
        await upgrade.click();
        await expect(page.getByRole("dialog", { name: "Sign in to Introbase" })).toBeVisible();
        await page.keyboard.press("Escape");
      }
      for (const signature of signatures) expect(signature).toEqual({ ...signatures[0], buttons: 1 });
      expect(signatures[0]!.button).toMatch(/ true$/);
    });

    test("an investor shows ticket size, AUM, stage focus and its portfolio, and no revenue range", async ({ page, request }) => {
      const investor = await investorWithMixedPortfolio();
      await page.goto(`/profile/investor/${investor.slug}`);
      await expect(page.getByRole("heading", { level: 1, name: investor.name })).toBeVisible();
      for (const label of ["Ticket Size", "AUM", "Stage Focus"]) await expect(page.getByText(label, { exact: true })).toBeVisible();
      await expect(page.getByText(/^\$[\d.]+[KMB]$/).first()).toBeVisible();
      await expect(page.getByRole("heading", { name: /^Portfolio/ })).toBeVisible();
      const portfolio = page.getByRole("list", { name: "Portfolio companies" });
      const open = portfolio.getByRole("link", { name: new RegExp(investor.open_name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) });
      await expect(open).toBeVisible();
      await expect(portfolio.locator("[data-logo]").first()).toBeVisible();
      await expect(page.getByText("Revenue Range")).toHaveCount(0);
      await shoot(page, `profile-investor-portfolio-${size.width}`);

      // A portfolio company the visitor may not open is nowhere: not in the page, not in its route data.
      for (const path of [`/profile/investor/${investor.slug}`, `/profile/investor/${investor.slug}.data`]) {
        const body = await (await request.get(path)).text();
        expect(body).toContain(investor.open_name);
        expect(body).not.toContain(investor.hidden_slug);
        expect(body).not.toContain(investor.hidden_name);
      }
      await open.click();
      await expect(page.getByRole("heading", { level: 1, name: investor.open_name })).toBeVisible();
    });

    test("the home table shows round dates, latest first, locked rows last, with logos", async ({ page }) => {
      await page.goto("/");
      const region = page.locator("section[aria-labelledby='latest-funding-title']");
      const view =
        size.width >= 768 ? region.locator("table") : region.getByRole("list", { name: "Latest funding rounds of featured startups" });
      await expect(view).toBeVisible();
      if (size.width >= 768) {
        await expect(view.getByRole("columnheader")).toHaveText([
          "Company",
          "Funding Round",
          "Date",
          "Amount Raised",
          "Category",
          "Team Size",
          "Founded",
          "Action",
        ]);
      }
      const rows = size.width >= 768 ? view.locator("tbody tr") : view.locator(":scope > li");
      const seen = await rows.evaluateAll((items) =>
        items.map((row) =>
          row.textContent?.includes("LOCKED") ? "locked" : (row.querySelector("time")?.getAttribute("datetime") ?? "undated"),
        ),
      );
      expect(seen.length).toBeGreaterThan(1);
      const firstLocked = seen.indexOf("locked");
      const open = firstLocked === -1 ? seen : seen.slice(0, firstLocked);
      // Locked rows come after every open row; open rows go from the latest round to the oldest, undated last.
      if (firstLocked !== -1) expect(seen.slice(firstLocked).every((x) => x === "locked")).toBe(true);
      const dated = open.filter((x) => x !== "undated");
      expect(dated.length).toBeGreaterThan(1);
      expect(dated).toEqual([...dated].sort().reverse());
      expect(open.slice(dated.length).every((x) => x === "undated")).toBe(true);
      // Shown as the site shows dates: "Mar 2024".
      await expect(view.locator("time").first()).toHaveText(/^[A-Z][a-z]{2} \d{4}$/);
      await expect(view.locator("[data-logo]").first()).toBeVisible();
      // The table's section is drawn once it has been near the viewport (content-visibility); then shoot from the top.
      await region.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, `home-${size.width}`);
    });

    test("directory cards and locked teasers show a logo or a monogram", async ({ page }) => {
      await page.goto("/listings");
      const grid = page.locator("article");
      await expect(grid.first()).toBeVisible();
      const [cards, marked] = await Promise.all([grid.count(), page.locator("article [data-logo]").count()]);
      expect(marked).toBe(cards);
      // Teasers too (a visitor sees some listings locked), and the monograms differ between listings.
      await expect(page.locator("article:has(button[aria-label^='Unlock']) [data-logo]").first()).toBeAttached();
      const colours = await page
        .locator("article [data-logo='monogram']")
        .evaluateAll((marks) => marks.map((mark) => getComputedStyle(mark).backgroundColor));
      expect(new Set(colours).size).toBeGreaterThan(colours.length / 2);
      await shoot(page, `directory-${size.width}`);
    });
  });
}

test("a member's Upgrade button opens the upgrade dialog", async ({ page }) => {
  // Sam Subscriber: a premium listing's profile is locked for him, and a locked profile spends no view.
  await signInAs(page, "Sam Subscriber", { returnTo: "/" });
  const listing = await oneListing(sql`l.visibility = 'premium'`);
  await page.goto(`/profile/${listing.type}/${listing.slug}`);
  await page.getByRole("button", { name: "Upgrade to unlock the full profile" }).click();
  await expect(page.getByRole("dialog", { name: "Upgrade your plan" })).toBeVisible();
});

// Issue 32: the listing editor's funding summary (total raised, latest round) is on the profile, at both widths.
for (const size of WIDTHS) {
  test(`at ${size.width} px a startup profile shows its total raised and latest round`, async ({ page }) => {
    await page.setViewportSize(size);
    const [row] = await copy.rows<{ slug: string; total: number; type: string; date: string }>(sql`
      SELECT slug, total_funding_raised::float8 AS total, latest_round_type AS type, latest_round_date::text AS date
      FROM listings WHERE type = 'startup' AND visibility = 'public' AND total_funding_raised IS NOT NULL
        AND latest_round_type IS NOT NULL AND latest_round_date IS NOT NULL
      ORDER BY name LIMIT 1`);
    await page.goto(`/profile/startup/${row!.slug}`);
    const total = page.locator("dt", { hasText: "Total Raised" }).locator("xpath=..");
    await expect(total).toContainText(formatAmount(row!.total));
    const latest = page.locator("dt", { hasText: "Latest Round" }).locator("xpath=..");
    await expect(latest).toContainText(roundTypeLabel(row!.type));
    await expect(latest.locator("time")).toHaveAttribute("datetime", row!.date);
    await expect(latest.locator("time")).toHaveText(formatRoundDate(row!.date));
    await latest.scrollIntoViewIfNeeded();
    await shoot(page, `profile-funding-summary-${size.width}`);
  });
}
