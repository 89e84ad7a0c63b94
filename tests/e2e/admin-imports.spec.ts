/**
 * A provider import from the browser (issue 7 §5): an admin asks the local fake provider for FinTech funding rounds,
 * watches the job complete with its counters, sees the imported companies in the directory, and runs the same
 * import again to see nothing added. A value out of range is refused beside its field.
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
  await page.getByRole("button", { name: "Start import" }).click();
  const job = page.getByTestId("import-job").first();
  await expect(job).toContainText("completed", { timeout: 60_000 });
  const counters = await job.getByText(/processed ·/).textContent();
  const added = Number(/(\d+) added/.exec(counters ?? "")?.[1]);
  expect(added).toBeGreaterThan(0);
  await expect(job.getByRole("progressbar", { name: "Import progress" })).toBeVisible();

  // The same import again: everything already there.
  await page.getByLabel("Categories").fill("FinTech");
  await page.getByLabel("Max results").fill("20");
  await page.getByLabel("Max jobs").fill("2");
  await page.getByRole("button", { name: "Start import" }).click();
  await expect(page.getByTestId("import-job")).toHaveCount(2);
  const again = page.getByTestId("import-job").first();
  await expect(again).toContainText("completed", { timeout: 60_000 });
  await expect(again).toContainText(/\b0 added\b/);
  await expect(again).toContainText(/\b0 updated\b/);
});
