import { expect, test, type Page } from "./support/test.ts";
import { signInAs } from "./support/sign-in.ts";
import { expectAccessible } from "./support/page-checks.ts";

/**
 * The back-office editors for reference lists and tier records (issue 5 §1): an operator adds and renames a
 * target persona and finds it among the directory's filters, is refused deleting a funding stage in use, and
 * changes the subscriber tier's monthly views. Other journeys share this database: every change is undone.
 */

async function personaNames(page: Page): Promise<string[]> {
  const response = await page.request.get("/api/reference");
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { targetPersonas: Array<{ name: string }> };
  return body.targetPersonas.map((p) => p.name);
}

test("an operator adds a target persona, renames it, finds it in the directory filters, and deletes it", async ({ page }) => {
  const suffix = Date.now().toString(36);
  const first = `Head of Legal ${suffix}`;
  const renamed = `General Counsel ${suffix}`;
  await signInAs(page, "Ada Admin", { returnTo: "/admin/reference" });
  await expect(page.getByRole("heading", { name: "Reference lists" })).toBeVisible();
  await page.getByRole("link", { name: /^Target personas/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Target personas" })).toBeVisible();

  const add = page.getByRole("form", { name: "Add target persona" });
  // A name already taken is refused beside the field, with what was typed still there.
  await add.getByLabel("Name").fill("cto");
  await add.getByRole("button", { name: "Add" }).click();
  await expect(add.getByText('There is already a target persona named "cto".')).toBeVisible();
  await expect(add.getByLabel("Name")).toHaveValue("cto");

  await add.getByLabel("Name").fill(first);
  await add.getByRole("button", { name: "Add" }).click();
  await expect(page.getByRole("status")).toHaveText(`Added the target persona "${first}".`);
  await expect(add.getByLabel("Name")).toHaveValue("");
  await expect(page.getByRole("row", { name: new RegExp(first) })).toContainText("Unused");

  await page.getByRole("link", { name: `Edit ${first}` }).click();
  const edit = page.getByRole("form", { name: `Edit ${first}` });
  await edit.getByLabel("Name").fill(renamed);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText(`Saved "${renamed}".`);
  await expect(page.getByRole("form", { name: /^Edit / })).toHaveCount(0);

  // The reference data and the directory's filter options show the new name at once, not after their cache hour.
  const names = await personaNames(page);
  expect(names).toContain(renamed);
  expect(names).not.toContain(first);
  await page.goto("/listings");
  await page.locator("summary", { hasText: "Target Personas" }).click();
  await page.getByRole("combobox", { name: "Target Personas" }).fill(suffix);
  await expect(page.getByRole("option", { name: new RegExp(renamed) })).toBeVisible();

  // Nothing uses it, so it can go (after a confirmation).
  await page.goto("/admin/reference/target-personas");
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: `Delete ${renamed}`, exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(`Deleted "${renamed}".`);
  expect(await personaNames(page)).not.toContain(renamed);
});

test("deleting a funding stage that listings use is refused with how many use it", async ({ page }) => {
  await signInAs(page, "Ada Admin", { returnTo: "/admin/reference/funding-stages" });
  const row = page.getByRole("row", { name: /^Seed / });
  const usedBy = (await row.getByRole("cell").nth(3).textContent())!.trim();
  expect(usedBy).toMatch(/^\d+ listings?/);
  await page.getByRole("button", { name: "Delete Seed", exact: true }).click();
  // Feature applications sent by other journeys may name the stage too: the message then counts them as well.
  const listings = usedBy.replace(/,.*/, "");
  await expect(page.getByRole("alert").filter({ hasText: "Used by" })).toHaveText(
    new RegExp(`^Used by ${listings}( and \\d+ feature applications?)?: remove it from them first\\.$`),
  );
  await expect(page.getByRole("row", { name: /^Seed / })).toHaveCount(1);
  await expectAccessible(page);
});

test("an operator changes the subscriber tier's monthly views, and the limit in force follows", async ({ page }) => {
  await signInAs(page, "Ada Admin", { returnTo: "/admin/tiers" });
  const form = page.getByRole("form", { name: "Edit the subscriber tier" });
  const section = page.locator("section").filter({ has: form });
  const views = form.getByLabel("Company views per month");
  const original = await views.inputValue();

  await views.fill("-5");
  await form.getByRole("button", { name: "Save subscriber" }).click();
  await expect(form.getByText("Enter a whole number, 0 or more, or -1 for unlimited.")).toBeVisible();
  await expect(views).toHaveValue("-5");
  await expect(views).toHaveAttribute("aria-invalid", "true");

  await views.fill("750");
  await form.getByRole("button", { name: "Save subscriber" }).click();
  await expect(form.getByRole("status")).toHaveText("Saved: in force from the next request.");
  await expect(section.getByText(/^In force now: 750 company views,/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("form", { name: "Edit the subscriber tier" }).getByLabel("Company views per month")).toHaveValue("750");
  await expectAccessible(page);

  // Put it back: other journeys count subscriber views against the demo figure.
  await page.getByRole("form", { name: "Edit the subscriber tier" }).getByLabel("Company views per month").fill(original);
  await page.getByRole("button", { name: "Save subscriber" }).click();
  await expect(section.getByText(new RegExp(`^In force now: ${Number(original).toLocaleString("en-US")} company views,`))).toBeVisible();
});

for (const width of [360, 1280]) {
  test(`the editors fit ${width} px without horizontal scrolling`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await signInAs(page, "Ada Admin", { returnTo: "/admin/reference" });
    for (const path of ["/admin/reference", "/admin/reference/industries", "/admin/reference/countries?edit=1", "/admin/tiers"]) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBeLessThanOrEqual(0);
    }
    expect(errors).toEqual([]);
  });
}
