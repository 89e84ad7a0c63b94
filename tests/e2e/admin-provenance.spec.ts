import { expect, test } from "./support/test.ts";
import { signInAs } from "./support/sign-in.ts";

/**
 * Field provenance as people meet it (issue 19 §4, decision 0068): a visitor reads "Updated {date} · {source}" under a
 * profile's sections; an operator edits a tagline and sees its source become theirs, beside the field.
 */
test("a profile says where its sections come from; the editor shows each field's source and takes the operator's edit", async ({
  page,
}, testInfo) => {
  const listed = await page.request.get("/api/listings?type=startups&pageSize=100");
  const { data } = (await listed.json()) as { data: Array<{ slug: string; name: string; locked: boolean }> };
  const { slug, name } = data.find((item) => !item.locked)!;
  await page.goto(`/profile/startup/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const overview = page.locator("[data-provenance]").first();
  await expect(overview).toHaveText(
    /^(Updated|Confirmed) \d{1,2} [A-Z][a-z]{2} \d{4} · (Lead-data provider|Spreadsheet import|Submitted by the company|Edited by Introbase)/,
  );
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`profile-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await signInAs(page, "Ada Admin", { returnTo: "/admin/listings" });
  await page.getByLabel("Search by name").fill(name);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.locator('[data-field-source="name"]')).toHaveText(
    /^(Provider import|Spreadsheet import|Feature application|Operator edit) · /,
  );
  await expect(page.locator('[data-field-source="lotCompanyId"]')).toHaveText(/No record|·/);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`editor-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByLabel("Tagline").fill(`Edited for provenance ${crypto.randomUUID().slice(0, 8)}`);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved.", { exact: true })).toBeVisible();
  await expect(page.locator('[data-field-source="tagline"]')).toHaveText(/^Operator edit · \d{1,2} [A-Z][a-z]{2} \d{4}$/);
});
