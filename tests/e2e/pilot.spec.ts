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

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the pilot form is a plain form post: the server answers with the message beside the field and keeps what was typed", async ({
    page,
  }) => {
    await page.goto("/pilot");
    await page
      .getByRole("link", { name: /Apply for Pilot/ })
      .first()
      .click();
    const form = page.locator("#apply-form");
    await form.getByLabel("Company").fill("Zürich Robotik 🤖");
    await form.getByLabel("Website").fill("robotik.example");
    await form.getByLabel("Stage").selectOption("Seed");
    await form.getByLabel("Your name").fill("Lena Weber");
    await form.getByLabel("Work e-mail").fill("not-an-address");
    await form.getByLabel("What should the pilot achieve?").fill("Three partner intros with Swiss system integrators.");
    await form.getByRole("button", { name: "Send application" }).click();

    // A new page from the server (no script ran): the message is the e-mail field's description, beside it.
    const email = form.getByLabel("Work e-mail");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Enter an e-mail address such as you@company.com.");
    await expect(email).toHaveValue("not-an-address");
    await expect(form.getByLabel("Company")).toHaveValue("Zürich Robotik 🤖");
    await expect(form.getByLabel("Stage")).toHaveValue("Seed");
    await expect(form.getByLabel("What should the pilot achieve?")).toHaveValue("Three partner intros with Swiss system integrators.");
    await expect(form.getByLabel("Company")).not.toHaveAttribute("aria-invalid");
  });
});
