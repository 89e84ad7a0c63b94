import { expect, test } from "./support/test.ts";

// Serial: both journeys run in one worker, so the second gets the browser context the first leaves behind
// (playwright.config.ts reuses one context per worker).
test.describe.configure({ mode: "serial" });

test("a journey may end with the page clock paused", async ({ page }) => {
  await page.goto("/");
  await page.clock.install({ time: new Date("2026-11-24T09:00:00Z") });
  await page.clock.pauseAt(new Date("2026-11-24T10:00:00Z"));
  await expect(page.locator("h1").first()).toBeVisible();
});

test("the next journey's pages run no script of the last one's clock", async ({ page }) => {
  for (const path of ["/sign-in", "/listings?type=startups", "/"]) {
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
  }
});
