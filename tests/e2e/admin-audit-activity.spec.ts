/**
 * Issue 32 "noise hides the signal": after a provider import against the local fake, the dashboard's recent activity
 * and the audit log show the import as one row with its count, a person's action beside it stays a row of its own,
 * the run opens to its entries by a plain link, and the who-acted filter is in the address. Screenshots at 1280 and
 * 390 px are kept with the test's output.
 */
import { signInAs } from "./support/sign-in.ts";
import { expect, test } from "./support/test.ts";

test.describe.configure({ timeout: 90_000 });

test("an import is one row of the recent activity and the audit log, opened to its entries, apart from people's actions", async ({
  page,
}, testInfo) => {
  await signInAs(page, "Ada Admin", { returnTo: "/admin/imports" });
  await page.getByLabel("Categories").fill("Real Estate");
  await page.getByLabel("Max results").fill("20");
  await page.getByLabel("Max jobs").fill("1");
  await page.getByRole("button", { name: "Start import" }).click();
  await expect(page.getByTestId("import-job").first()).toContainText("completed", { timeout: 60_000 });

  // A person's action after the import.
  const company = `Person Check ${Date.now()}`;
  const response = await page.request.post("/api/admin/audit-log", {
    headers: { Origin: new URL(page.url()).origin },
    data: { operation: "manual_review", source: "admin", companyName: company, action: "ignored" },
  });
  expect(response.status()).toBe(201);

  await page.goto("/admin");
  const recent = page.getByRole("table", { name: "The ten most recent audit entries" });
  await expect(recent.getByTestId("audit-entry").filter({ hasText: company })).toHaveCount(1);
  const run = recent.getByTestId("audit-run").filter({ hasText: "Provider import" }).first();
  await expect(run).toBeVisible();
  const entriesLink = run.getByRole("link", { name: /entries? of this provider import run/ });
  const count = Number(/([\d,]+) entr/.exec((await entriesLink.textContent()) ?? "")?.[1]?.replace(/,/g, ""));
  expect(count).toBeGreaterThan(1);
  await page.setViewportSize({ width: 1280, height: 900 });
  await recent.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("dashboard-1280.png"), fullPage: true });

  // Opened: the run's own entries, as many as its row said.
  await entriesLink.click();
  await expect(page).toHaveURL(/\/admin\/audit-log\?run=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Provider import run" })).toBeVisible();
  await expect(page.getByTestId("audit-entry")).toHaveCount(Math.min(count, 100));
  await page.screenshot({ path: testInfo.outputPath("run-1280.png"), fullPage: true });

  // The audit log, people only: the person's entry, no run.
  await page.goto("/admin/audit-log");
  await page.getByRole("combobox", { name: "Who acted" }).selectOption("people");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\?kind=people&/);
  await expect(page.getByTestId("audit-entry").filter({ hasText: company })).toHaveCount(1);
  await expect(page.getByTestId("audit-run")).toHaveCount(0);
  await page.goto("/admin/audit-log?kind=machine");
  await expect(page.getByTestId("audit-run").first()).toBeVisible();
  await expect(page.getByTestId("audit-entry").filter({ hasText: company })).toHaveCount(0);
  await page.goto("/admin/audit-log");
  await page.screenshot({ path: testInfo.outputPath("audit-log-1280.png"), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, name] of [
    ["/admin/audit-log", "audit-log-390.png"],
    ["/admin", "dashboard-390.png"],
  ] as const) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath(name), fullPage: true });
  }
});
