/**
 * A provider import from the browser (issue 7 §5): an admin asks the local fake provider for FinTech funding rounds,
 * watches the job complete with its counters, sees the imported companies in the directory, and runs the same
 * import again to see nothing added. The job card shows its parameters, logo counts and the listings it created, whose
 * profiles show our own copy of their logos (issue 32). A value out of range is refused beside its field.
 */
import { signInAs } from "./support/sign-in.ts";
import { expect, test } from "./support/test.ts";

test.describe.configure({ timeout: 90_000 });

test("an admin imports FinTech companies from the provider, watches the job, and a re-run adds nothing", async ({ page }) => {
  await signInAs(page, "Ada Admin", { returnTo: "/admin/imports" });
  await expect(page.getByRole("heading", { name: "Imports", level: 1 })).toBeVisible();

  // Out of range: the message beside the field, the rest kept.
  await page.getByLabel("Categories").fill("FinTech");
  await page.getByLabel("Max results").fill("500");
  await page.getByRole("button", { name: "Start import" }).click();
  await expect(page.getByText("Max results must be at most 100")).toBeVisible();
  await expect(page.getByLabel("Max results")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Categories")).toHaveValue("FinTech");

  await page.getByLabel("Max results").fill("20");
  await page.getByLabel("Max jobs").fill("2");
  // Other journeys import too: this job is the card that appears on top once it is started, not whatever was there.
  const before = await page.getByTestId("import-job").count();
  await page.getByRole("button", { name: "Start import" }).click();
  await expect(page.getByTestId("import-job")).toHaveCount(before + 1);
  const job = page.getByTestId("import-job").first();
  await expect(job.getByText(/^completed/)).toBeVisible({ timeout: 60_000 });
  const counters = await job.getByText(/processed ·/).textContent();
  const added = Number(/(\d+) added/.exec(counters ?? "")?.[1]);
  expect(added).toBeGreaterThan(0);
  await expect(job.getByRole("progressbar", { name: "Import progress" })).toBeVisible();

  // The card says what was asked and what happened, logos included, and links the listings it created (issue 32).
  const summary = job.getByTestId("provider-summary");
  await expect(summary.getByText("Categories")).toBeVisible();
  await expect(summary.getByText("FinTech", { exact: true })).toBeVisible();
  const logoLine = (await summary.getByText(/^Logos: /).textContent()) ?? "";
  expect(Number(/(\d+) copied/.exec(logoLine)?.[1])).toBeGreaterThan(0);
  await summary.getByText(/^Created \(/).click();
  const links = summary.getByTestId("import-listings-created").getByRole("link");
  expect(await links.count()).toBe(Math.min(added, 20));
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
  // A created listing's profile shows our own copy of its logo, and it really loads (no broken image).
  let shown = false;
  for (const href of hrefs.slice(0, 5)) {
    await page.goto(href);
    const logo = page.locator("main [data-logo]").first();
    await expect(logo).toBeVisible();
    if ((await logo.getAttribute("data-logo")) !== "real") continue;
    await expect(logo).toHaveAttribute("src", /^\/media\/[0-9a-f-]{36}$/);
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    shown = true;
    break;
  }
  expect(shown).toBe(true);
  await page.goto("/admin/imports");

  // The same import again: everything already there.
  await page.getByLabel("Categories").fill("FinTech");
  await page.getByLabel("Max results").fill("20");
  await page.getByLabel("Max jobs").fill("2");
  const jobsBefore = await page.getByTestId("import-job").count();
  await page.getByRole("button", { name: "Start import" }).click();
  await expect(page.getByTestId("import-job")).toHaveCount(jobsBefore + 1);
  const again = page.getByTestId("import-job").first();
  await expect(again.getByText(/^completed/)).toBeVisible({ timeout: 60_000 });
  await expect(again).toContainText(/\b0 added\b/);
  await expect(again).toContainText(/\b0 updated\b/);
});
