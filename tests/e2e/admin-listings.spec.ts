import { expect, test } from "./support/test.ts";
import { signInAs } from "./support/sign-in.ts";

/** The back-office listing editor (issue 5 §1), as an operator uses it. */

test("an admin finds a listing, edits its tagline and team, and archives it; the profile follows", async ({ page }) => {
  const name = `Editor Journey ${Date.now()}`;
  await signInAs(page, "Ada Admin", { returnTo: "/admin/listings" });

  await page.getByRole("link", { name: "New listing" }).click();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Tagline").fill("The first tagline");
  await page.getByLabel("Website").fill("editor-journey.example");
  await page.getByRole("button", { name: "Create listing" }).click();
  await expect(page.getByText("Saved.", { exact: true })).toBeVisible();

  await page.getByRole("link", { name: "All listings" }).click();
  await page.getByLabel("Search by name").fill(name.toUpperCase().slice(7));
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("1 listing", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: `Edit ${name}` }).click();

  await page.getByLabel("Tagline").fill("A tagline edited in the back-office");
  await page.getByRole("button", { name: "Add team member" }).click();
  const member = page.getByRole("group", { name: "Team member 1" });
  await member.getByLabel("Name").fill("Ada Lovelace");
  await member.getByLabel("Title").fill("Chief Executive");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved.", { exact: true })).toBeVisible();
  await expect(page.getByRole("group", { name: "Team member 1" }).getByLabel("Name")).toHaveValue("Ada Lovelace");
  await expect(page.getByText(/updated \(tagline, team\) by Ada Admin/)).toBeVisible();

  await page.getByRole("link", { name: "View profile" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText("A tagline edited in the back-office")).toBeVisible();
  await expect(page.getByText("Ada Lovelace")).toBeVisible();
  const profile = page.url();

  await page.goBack();
  await page.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByText(/^Archived: the listing is hidden/)).toBeVisible();
  const response = await page.goto(profile);
  expect(response?.status()).toBe(404);
});

test("a bad website address gets its message beside the field, and everything typed stays", async ({ page }) => {
  const name = `Refused Listing ${Date.now()}`;
  await signInAs(page, "Ada Admin", { returnTo: "/admin/listings/new" });

  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Tagline").fill("A tagline that must survive");
  await page.getByLabel("Website").fill("not a website");
  await page.getByRole("checkbox", { name: "Europe", exact: true }).check();
  await page.getByRole("button", { name: "Add step" }).click();
  await page.getByRole("group", { name: "Step 1" }).getByLabel("What happens").fill("Connect the machines");
  await page.getByRole("button", { name: "Create listing" }).click();

  const summary = page.getByRole("heading", { name: "Fix the 1 field marked below" });
  await expect(summary).toBeVisible();
  await expect(page.locator(":focus")).toContainText("Fix the 1 field marked below");
  const website = page.getByLabel("Website");
  await expect(website).toHaveAccessibleDescription(/starting with http:\/\/ or https:\/\//);
  await expect(website).toHaveValue("not a website");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(page.getByLabel("Tagline")).toHaveValue("A tagline that must survive");
  await expect(page.getByRole("checkbox", { name: "Europe", exact: true })).toBeChecked();
  await expect(page.getByRole("group", { name: "Step 1" }).getByLabel("What happens")).toHaveValue("Connect the machines");

  // The summary's link leads to the field and loses nothing on the way.
  await page.getByRole("link", { name: /^Website: / }).click();
  await expect(website).toBeFocused();
  await expect(website).toHaveValue("not a website");
  await expect(summary).toBeVisible();

  // Nothing was created.
  await page.goto(`/admin/listings?q=${encodeURIComponent(name)}&status=all`);
  await expect(page.getByText("0 listings", { exact: true })).toBeVisible();
});

// Issue 32: the Funding section's amount and date reach the profile; the section reads well at both widths.
test("the funding amount and date typed in the editor show on the listing's profile", async ({ page }, testInfo) => {
  const name = `Funding Summary ${Date.now()}`;
  await signInAs(page, "Ada Admin", { returnTo: "/admin/listings/new" });
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Featured").check();
  await page.getByLabel("Funding amount").fill("2,500,000");
  await page.getByLabel("Funding date").fill("2026-11-20");
  await page.getByRole("button", { name: "Create listing" }).click();
  await expect(page.getByText("Saved.", { exact: true })).toBeVisible();
  const section = page.locator("#funding");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: testInfo.outputPath(`editor-funding-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto(`/profile/startup/${name.toLowerCase().replace(/\s+/g, "-")}`);
  const latest = page.locator("dt", { hasText: "Latest Round" }).locator("xpath=..");
  await expect(latest).toContainText("$2.5M");
  await expect(latest.locator("time")).toHaveAttribute("datetime", "2026-11-20");
  await expect(latest.locator("time")).toHaveText("Nov 2026");
});
