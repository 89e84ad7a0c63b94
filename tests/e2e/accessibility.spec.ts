import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./support/test.ts";
import { signInAs } from "./support/sign-in.ts";

/** A public, unlocked listing of the type, found through the API as a visitor would. */
async function publicProfilePath(page: Page, type: string): Promise<string> {
  const response = await page.request.get(`/api/listings?type=${type}&pageSize=100`);
  const body = (await response.json()) as { data: Array<{ locked: boolean; slug: string }> };
  const listing = body.data.find((item) => !item.locked);
  if (!listing) throw new Error(`no public ${type} in the demo data`);
  return `/profile/${type}/${listing.slug}`;
}

const PAGES: Array<[string, (page: Page) => Promise<string>]> = [
  ["home", async () => "/"],
  ["directory", async () => "/listings"],
  ["startup profile", (page) => publicProfilePath(page, "startup")],
  ["investor profile", (page) => publicProfilePath(page, "investor")],
  ["partner profile", (page) => publicProfilePath(page, "partner")],
  ["marketing landing", async () => "/service-landing-1"],
  ["pilot", async () => "/pilot"],
  ["privacy policy", async () => "/privacy-policy"],
  ["terms of service", async () => "/terms"],
  ["get featured startup", async () => "/get-featured/startup"],
  ["get featured partner", async () => "/get-featured/partner"],
  ["intro response link", async () => "/introductions/respond/not-a-valid-link"],
  ["not found", async () => "/no-such-page"],
];

for (const [name, pathFor] of PAGES) {
  test(`${name}: no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(await pathFor(page));
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}

for (const [label, width] of [
  ["mobile", 360],
  ["desktop", 1280],
] as const) {
  test.describe(`${label} width`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const [name, pathFor] of PAGES) {
      test(`${name} fits the screen without horizontal scrolling and logs no errors`, async ({ page }, testInfo) => {
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(String(error)));
        page.on("console", (message) => {
          if (message.type() === "error" && !message.text().includes("404")) errors.push(message.text());
        });
        await page.goto(await pathFor(page));
        await page.waitForLoadState("networkidle");
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        expect(errors).toEqual([]);
        await page.screenshot({ path: testInfo.outputPath(`${name.replace(/\s+/g, "-")}-${label}.png`), fullPage: true });
      });
    }
  });
}

/** Pages of signed-in members and operators, checked the same way (axe, no overflow at 360 px, no errors). */
const MEMBER_PAGES: Array<[string, "Priya Premium" | "Ada Admin", string]> = [
  ["settings", "Priya Premium", "/settings"],
  ["directory signed in", "Priya Premium", "/listings"],
  ["access control", "Ada Admin", "/debug/access-control"],
  ["company access", "Ada Admin", "/debug/company-access"],
  ["introduction requests", "Ada Admin", "/admin/intros?status=all"],
  ["feature applications", "Ada Admin", "/admin/applications?status=all"],
  ["outbox", "Ada Admin", "/admin/outbox"],
  ["duplicate management", "Ada Admin", "/admin/duplicate-management"],
  ["duplicate detection", "Ada Admin", "/debug/duplicate-detection"],
  ["reference lists", "Ada Admin", "/admin/reference/countries"],
  ["tier records", "Ada Admin", "/admin/tiers"],
  ["listings", "Ada Admin", "/admin/listings"],
  ["new listing", "Ada Admin", "/admin/listings/new"],
  ["back-office", "Ada Admin", "/admin"],
  ["audit log", "Ada Admin", "/admin/audit-log"],
  ["imports", "Ada Admin", "/admin/imports"],
];

test("sign-in page: no serious or critical accessibility violations", async ({ page }) => {
  await page.goto("/sign-in?error=state_mismatch");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
});

for (const [name, user, path] of MEMBER_PAGES) {
  test(`${name}: accessible and fits 360 px`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await signInAs(page, user, { returnTo: path });
    await page.waitForLoadState("networkidle");
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`${name.replace(/\s+/g, "-")}-mobile.png`), fullPage: true });
  });
}

test("the Request an Introduction dialog: accessible with the robot check loaded, and fits 360 px", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(await publicProfilePath(page, "startup"));
  await page.getByRole("button", { name: "Request Introduction" }).first().click();
  await expect(page.getByText("I'm not a robot")).toBeVisible();
  const results = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath("intro-dialog-mobile.png") });
});
