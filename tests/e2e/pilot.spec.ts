import { expect, test } from "./support/test.ts";
import { signInAs } from "./support/sign-in.ts";

test("a pilot application is sent from the dialog, errors shown beside fields; an accepted pilot takes a slot", async ({
  page,
  browser,
}) => {
  await page.goto("/pilot");
  const before = Number(
    (await page
      .getByRole("button", { name: /Apply for Pilot – \d+ slots? open/ })
      .first()
      .textContent())!.match(/(\d+) slot/)![1],
  );
  await page
    .getByRole("button", { name: /Apply for Pilot/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Company").fill("Zürich Robotik");
  await dialog.getByLabel("Website").fill("robotik.example");
  await dialog.getByLabel("Work e-mail").fill("not-an-address");
  await dialog.getByRole("button", { name: "Send application" }).click();
  await expect(dialog.getByText("Enter an e-mail address such as you@company.com.")).toBeVisible();
  await expect(dialog.getByText("Choose your stage.")).toBeVisible();
  await expect(dialog.getByLabel("Company")).toHaveValue("Zürich Robotik");

  await dialog.getByLabel("Stage").selectOption("Seed");
  await dialog.getByLabel("Your name").fill("Lena Weber");
  await dialog.getByLabel("Work e-mail").fill("lena@robotik.example");
  await dialog.getByLabel("What should the pilot achieve?").fill("Three partner intros with Swiss system integrators.");
  await dialog.getByRole("button", { name: "Send application" }).click();
  await expect(dialog.getByRole("status")).toContainText("Your application was received.");

  const admin = await browser.newPage();
  await signInAs(admin, "Ada Admin", { returnTo: "/admin/pilot-applications" });
  const item = admin.getByRole("listitem").filter({ hasText: "Zürich Robotik" });
  await item.getByRole("button", { name: "Accept" }).click();
  await expect(admin.getByRole("status")).toHaveText("Application accepted.");
  await admin.close();

  await page.goto("/pilot");
  await expect(page.getByRole("button", { name: new RegExp(`Apply for Pilot – ${before - 1} slots? open`) }).first()).toBeVisible();
});
