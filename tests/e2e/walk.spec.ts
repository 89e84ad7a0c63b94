import AxeBuilder from "@axe-core/playwright";
import { readFile } from "node:fs/promises";
import { expect, test, type Locator, type Page } from "./support/test.ts";
import { signInAs } from "./support/sign-in.ts";

/**
 * The walk-through fixes of issue 15 §3 and §8 as a visitor and a member meet them, at phone and desktop widths: the
 * mobile menu, the footer's links, the terms page, /get-featured/investor, labelled card badges and flags that need
 * no emoji font, the robot-check toast going away, and the CSV export's columns and gating.
 */

/** The narrowest phone the site supports; a layout that holds here holds on the wider ones (390 px and up). */
const PHONES = [360] as const;

/** The mobile menu's button and the panel it controls. */
function mobileMenu(page: Page): { button: Locator; panel: Locator } {
  const button = page.getByRole("banner").getByRole("button", { name: "Menu", exact: true });
  return { button, panel: page.locator("header [id]:has(> nav[aria-label='Menu'])") };
}

/** Each text piece of an element (the parts between <wbr>s) on exactly one line: nothing broke inside a word. */
function piecesOnOneLine(element: Locator): Promise<Array<{ text: string; lines: number; top: number }>> {
  return element.evaluate((root) => {
    const pieces: Array<{ text: string; lines: number; top: number }> = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      pieces.push({ text: node.textContent ?? "", lines: tops.size, top: Math.min(...tops) });
    }
    return pieces;
  });
}

for (const width of PHONES) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 780 } });

    test("the mobile menu holds every header link and Sign In, works by keyboard and gives focus back on Escape", async ({
      page,
    }, testInfo) => {
      await page.goto("/listings");
      const header = page.getByRole("banner");
      // The bar has room for the logo, Sign In and the menu button only.
      await expect(header.getByRole("link", { name: "Directory" })).toBeHidden();
      await expect(header.getByRole("link", { name: "Pilot" })).toBeHidden();
      await expect(header.getByRole("link", { name: "Sign In" })).toBeVisible();
      const { button, panel } = mobileMenu(page);
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await expect(panel).toBeHidden();

      await button.focus();
      await page.keyboard.press("Enter");
      await expect(button).toHaveAttribute("aria-expanded", "true");
      for (const name of ["Directory", "Pilot", "Sign In"]) await expect(panel.getByRole("link", { name })).toBeVisible();
      await expect(panel.getByRole("link", { name: "Directory" })).toHaveAttribute("href", "/listings");
      await expect(panel.getByRole("link", { name: "Pilot" })).toHaveAttribute("href", "/pilot");
      await page.screenshot({ path: testInfo.outputPath(`mobile-menu-signed-out-${width}.png`) });
      const axe = await new AxeBuilder({ page })
        .include("header")
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
        .analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

      await page.keyboard.press("Tab");
      await expect(panel.getByRole("link", { name: "Directory" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(panel).toBeHidden();
      await expect(button).toBeFocused();

      // A click outside closes it; a link in it navigates and closes it.
      await button.click();
      await page.getByRole("contentinfo").click({ position: { x: 4, y: 4 } });
      await expect(panel).toBeHidden();
      await button.click();
      await panel.getByRole("link", { name: "Pilot" }).click();
      await expect(page).toHaveURL(/\/pilot$/);
      await expect(panel).toBeHidden();

      // Sign In from the menu opens the sign-in dialog, as the bar's button does.
      await button.click();
      await panel.getByRole("link", { name: "Sign In" }).click();
      await expect(page.getByRole("dialog", { name: /sign in/i })).toBeVisible();
    });

    test("signed in, the menu is the account menu too: name, whole address, Settings and Sign Out", async ({ page }, testInfo) => {
      await signInAs(page, "Sam Subscriber", { returnTo: "/listings" });
      const { button, panel } = mobileMenu(page);
      await button.click();
      await expect(panel.getByText("Sam Subscriber")).toBeVisible();
      const email = panel.getByTestId("menu-email");
      await expect(email).toHaveText("sam.subscriber@demo.introbase.test");
      await expect(panel.getByRole("link", { name: "Settings" })).toBeVisible();
      await expect(panel.getByRole("button", { name: "Sign Out" })).toBeVisible();
      for (const name of ["Directory", "Pilot"]) await expect(panel.getByRole("link", { name })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`mobile-menu-signed-in-${width}.png`) });

      // However narrow, the address wraps only at its dots and @: squeeze it and no piece is split across lines.
      await email.evaluate((el) => ((el.style.display = "block"), (el.style.width = "7rem")));
      const pieces = await piecesOnOneLine(email);
      expect(pieces.map((p) => p.text)).toEqual(["sam.", "subscriber", "@demo.", "introbase.", "test"]);
      expect(pieces.map((p) => p.lines)).toEqual([1, 1, 1, 1, 1]);
      // It did wrap (over several lines), at the offered points only.
      expect(new Set(pieces.map((p) => p.top)).size).toBeGreaterThan(1);

      await panel.getByRole("link", { name: "Settings" }).click();
      await expect(page).toHaveURL(/\/settings$/);
      await expect(panel).toBeHidden();
    });

    test("the footer links the pilot page and the terms, and the terms page reads at this width", async ({ page }, testInfo) => {
      await page.goto("/");
      const footer = page.getByRole("navigation", { name: "Footer" });
      await expect(footer.getByRole("link", { name: "Pilot" })).toHaveAttribute("href", "/pilot");
      await footer.getByRole("link", { name: "Terms of Service" }).click();
      await expect(page).toHaveURL(/\/terms$/);
      await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`terms-${width}.png`) });
    });

    test("cards label their badge groups and draw country flags as elements", async ({ page }, testInfo) => {
      await signInAs(page, "Priya Premium", { returnTo: "/listings?type=partners" });
      const card = page
        .locator("article")
        .filter({ has: page.locator("[data-country-code]") })
        .first();
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`card-badges-${width}.png`) });
      await expect(card.getByRole("term").filter({ hasText: "Countries" })).toBeVisible();
      expect(await card.locator("[data-country-code]").first().innerText()).toMatch(/^[A-Z]{2}$/);
    });
  });
}

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the header shows its links and the account menu, and no mobile menu", async ({ page }) => {
    await signInAs(page, "Sam Subscriber", { returnTo: "/listings" });
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Directory" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Pilot" })).toBeVisible();
    await expect(mobileMenu(page).button).toBeHidden();
    await header.getByRole("button", { name: /Sam Subscriber/ }).click();
    await expect(header.getByRole("link", { name: "Settings" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(header.getByRole("link", { name: "Settings" })).toBeHidden();
    await expect(header.getByRole("button", { name: /Sam Subscriber/ })).toBeFocused();
  });

  test("the sign-in note links the terms and the privacy policy", async ({ page }) => {
    await page.goto("/sign-in");
    await expect(page.getByRole("link", { name: "Terms of Service" }).first()).toHaveAttribute("href", "/terms");
    await expect(page.getByRole("link", { name: "Privacy Policy" }).first()).toHaveAttribute("href", "/privacy-policy");
    await page.goto("/listings");
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
    const dialog = page.getByRole("dialog", { name: /sign in/i });
    await expect(dialog.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
  });
});

for (const width of [390, 1280] as const) {
  test.describe(`not found at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("/get-featured/investor is the site's not-found page, with status 404", async ({ page }, testInfo) => {
      const response = await page.goto("/get-featured/investor");
      expect(response?.status()).toBe(404);
      await expect(page.getByText("404", { exact: true })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
      await expect(page.getByRole("main").getByRole("link", { name: "Browse Listings" })).toHaveAttribute("href", "/listings");
      await expect(page.getByText("Something went wrong")).toHaveCount(0);
      await expect(page).toHaveTitle(/Page not found/);
      await page.screenshot({ path: testInfo.outputPath(`get-featured-investor-${width}.png`) });
    });
  });

  test.describe(`directory cards at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a visitor's cards and teasers say what each badge is; the country type-ahead draws flags without emoji", async ({
      page,
    }, testInfo) => {
      await page.goto("/listings");
      const open = page
        .locator("article")
        .filter({ has: page.getByRole("link", { name: "View Profile" }) })
        .first();
      await expect(open.getByRole("term").filter({ hasText: "Industries" })).toBeVisible();
      await expect(open.getByRole("term").filter({ hasText: "Stage" })).toBeVisible();
      // Each label names the badges beside it.
      const industries = await open.getByRole("definition").first().innerText();
      expect(industries.length).toBeGreaterThan(0);
      const teaser = page
        .locator("article")
        .filter({ has: page.getByRole("button", { name: /^Unlock / }) })
        .first();
      await expect(teaser.getByRole("term").filter({ hasText: "Industries" })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`directory-cards-${width}.png`) });

      // No regional-indicator letters anywhere in the results: flags are drawn from the ISO code.
      const results = page.locator('section[aria-labelledby="results-heading"]');
      expect(await results.innerText()).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);

      const toggle = page.getByRole("complementary", { name: "Filters" }).getByRole("button", { name: "Show" });
      if (await toggle.isVisible()) await toggle.click();
      await page.locator("summary", { hasText: "Target Country" }).click();
      const countries = page.getByRole("combobox", { name: "Target Country" });
      await countries.fill("germ");
      const option = page.getByRole("option", { name: /Germany/ });
      await expect(option.locator("[data-country-code='DE']")).toBeVisible();
      expect(await option.innerText()).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
      await option.click();
      await expect(page).toHaveURL(/countries=Germany/);
      await expect(page.locator("#results-heading")).not.toHaveText("All Listings (600)");
      if (await toggle.isVisible()) {
        await toggle.click();
        await expect(page.getByRole("complementary", { name: "Filters" }).getByRole("button", { name: "Hide" })).toBeVisible();
      }
      await expect(page.getByRole("list", { name: "Chosen target country" }).locator("[data-country-code='DE']")).toBeVisible();
    });
  });
}

test("the 'Verification required' toast goes away once the robot box is ticked", async ({ page }) => {
  // The page's clock stands still from before each warning, so only the tick (or closing the dialog) can take the
  // toast away: it would leave by itself after 6 s, and a busy machine can take that long between two steps.
  // Set instants, an hour apart, never in the page clock's past however slow the steps before them are.
  await page.clock.install({ time: new Date("2026-11-24T09:00:00Z") });
  await page.goto("/listings");
  await page.locator("article").getByRole("button", { name: "Request Intro" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Request an Introduction" });
  await dialog.getByLabel("Your Name").fill("Vera Visitor");
  await dialog.getByLabel("Your Email").fill("vera@example.org");
  await dialog.getByLabel("Message").fill("Hello, I would like to talk about a pilot.");
  await page.clock.pauseAt(new Date("2026-11-24T10:00:00Z"));
  await dialog.getByRole("button", { name: "Send Request" }).click();
  const toast = page.getByRole("alert").filter({ hasText: "Verification required" });
  await expect(toast).toContainText("Please confirm you're not a robot before submitting.");
  await page.clock.runFor(500);
  await expect(toast).toBeVisible();

  await dialog.getByText("I'm not a robot").click();
  await expect(toast).toBeHidden();

  // A second unticked attempt in a new dialog warns again; closing the dialog takes the warning with it.
  await page.clock.resume();
  await page.keyboard.press("Escape");
  await page.locator("article").getByRole("button", { name: "Request Intro" }).first().click();
  await page.clock.pauseAt(new Date("2026-11-24T11:00:00Z"));
  await dialog.getByRole("button", { name: "Send Request" }).click();
  await expect(toast).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(toast).toBeHidden();
});

test("a subscriber's CSV has the profile columns, and nothing of a listing only premium opens", async ({ page, browser }) => {
  const download = async (p: Page) => {
    const [file] = await Promise.all([p.waitForEvent("download"), p.getByRole("link", { name: "Export CSV" }).click()]);
    const text = (await readFile((await file.path())!, "utf8")).replace(/^\uFEFF/, "");
    const [header, ...lines] = text.split("\r\n").filter(Boolean);
    const cells = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"'));
    const columns = cells(header!);
    return { columns, rows: lines.map((line) => Object.fromEntries(cells(line).map((cell, i) => [columns[i]!, cell]))), text };
  };

  await signInAs(page, "Sam Subscriber", { returnTo: "/listings?type=startups" });
  const subscriber = await download(page);
  expect(subscriber.columns).toEqual([
    "Name",
    "Type",
    "Tagline",
    "Website",
    "LinkedIn",
    "Industries",
    "Geographies",
    "Countries",
    "Target Personas",
    "Funding Stage",
    "Total Raised (USD)",
    "Latest Round",
    "Latest Round Amount (USD)",
    "Latest Round Date",
    "Business Model",
    "Featured",
    "Access",
    "Profile URL",
    "Founded Year",
    "Team Size",
    "Ticket Size",
    "Headquarters City",
  ]);
  expect(subscriber.rows.some((row) => row.Access === "full" && row.Website && row["Total Raised (USD)"])).toBe(true);
  expect(subscriber.rows.some((row) => row.Access === "full" && row["Headquarters City"])).toBe(true);

  const premiumPage = await browser.newPage();
  await signInAs(premiumPage, "Priya Premium", { returnTo: "/listings?type=startups" });
  const premium = await download(premiumPage);
  await premiumPage.close();
  // Listings a subscriber sees as a teaser, with a website no other listing shares (planted duplicates share theirs).
  const websites = premium.rows.map((row) => row.Website);
  const onlyPremium = premium.rows.filter(
    (row) =>
      row.Website &&
      websites.indexOf(row.Website) === websites.lastIndexOf(row.Website) &&
      subscriber.rows.find((other) => other.Name === row.Name)?.Access === "locked (premium)",
  );
  expect(onlyPremium.length).toBeGreaterThan(0);
  for (const row of onlyPremium) {
    const locked = subscriber.rows.find((other) => other.Name === row.Name)!;
    expect([
      locked.Website,
      locked.LinkedIn,
      locked["Total Raised (USD)"],
      locked["Latest Round Date"],
      locked["Headquarters City"],
    ]).toEqual(["", "", "", "", ""]);
    expect(subscriber.text).not.toContain(row.Website);
  }
});
