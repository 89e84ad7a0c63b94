import { expect, test, type Page } from "./support/test.ts";
import { waitForMail } from "./support/mail.ts";
import { signInAs } from "./support/sign-in.ts";

/** A 1×1 PNG. */
const LOGO = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

async function tickRobotBox(page: Page) {
  await page.getByText("I'm not a robot").click();
  await expect
    .poll(() => page.locator("altcha-widget").evaluate((w) => (w as HTMLElement & { getState(): string }).getState()), { timeout: 20_000 })
    .toBe("verified");
}

async function apply(page: Page, name: string, { logo = false } = {}) {
  await page.goto("/get-featured/startup");
  await page.getByLabel("Company name").fill(name);
  await page.getByLabel("Website").fill(`${name.toLowerCase().replace(/\W+/g, "")}.example`);
  await page.getByLabel("Tagline").fill("Turning factory data into decisions");
  await page.getByLabel("Description").fill("too short");
  await page.getByRole("checkbox", { name: "AI", exact: true }).check();
  await page.getByRole("checkbox", { name: "Europe", exact: true }).check();
  await page.getByLabel("Funding stage").selectOption({ label: "Seed" });
  await page.getByLabel("Contact name").fill("Mara Lind");
  await page.getByLabel("Contact e-mail").fill("mara@lumen.example");
  if (logo) await page.getByLabel("Logo (optional)").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: LOGO });
  await tickRobotBox(page);
  await page.getByRole("button", { name: "Send application" }).click();

  // A message beside the field; everything typed (and the chosen logo, which is stored only with a complete
  // application) is still there.
  await expect(page.getByText("Write at least 50 characters.")).toBeVisible();
  await expect(page.getByLabel("Tagline")).toHaveValue("Turning factory data into decisions");
  await expect(page.getByRole("checkbox", { name: "Europe", exact: true })).toBeChecked();
  if (logo) {
    await expect(page.getByText("Your logo is kept in the form and sent with it again.")).toBeVisible();
    expect(await page.getByLabel("Logo (optional)").evaluate((input) => (input as HTMLInputElement).files?.length)).toBe(1);
  }

  await page.getByLabel("Description").fill(`${name} connects machines on the factory floor and tells plant managers what to fix first.`);
  await tickRobotBox(page);
  await page.getByRole("button", { name: "Send application" }).click();
  await expect(page.getByRole("heading", { name: "Application received" })).toBeVisible();
}

test("an approved application with a logo is published in the directory; a rejected one is not", async ({ page, browser }) => {
  const approved = `Lumen Forge ${Date.now()}`;
  const rejected = `Quiet Works ${Date.now()}`;
  await apply(page, approved, { logo: true });
  await apply(page, rejected);
  await waitForMail((m) => m.subject === `We received ${approved}'s application`);

  const admin = await browser.newPage();
  await signInAs(admin, "Ada Admin", { returnTo: "/admin/applications" });
  await admin.getByRole("link", { name: approved }).click();
  await expect(admin.getByRole("img", { name: `${approved} logo` })).toBeVisible();
  await admin.getByLabel("Feature this listing").check();
  await admin.getByRole("button", { name: "Approve and publish" }).click();
  await expect(admin.getByText("Approved and published. The applicant has been e-mailed.")).toBeVisible();

  await admin.goto("/admin/applications");
  await admin.getByRole("link", { name: rejected }).click();
  await admin.getByRole("button", { name: "Reject" }).click();
  await expect(admin.getByText("Give the applicant a reason.").first()).toBeVisible();
  await admin.getByLabel("Reason (e-mailed to the applicant)").fill("We only list companies with a live product.");
  await admin.getByRole("button", { name: "Reject" }).click();
  await expect(admin.getByText("Rejected. The applicant has been e-mailed the reason.")).toBeVisible();
  await admin.close();

  const listed = await waitForMail((m) => m.subject === `${approved} is now listed on Introbase`);
  expect(listed.text).toContain("featured");
  const refusal = await waitForMail((m) => m.subject === `Your application to feature ${rejected}`);
  expect(refusal.text).toContain("We only list companies with a live product.");

  await page.goto(`/listings?searchQuery=${encodeURIComponent(approved)}`);
  const card = page.getByRole("article").filter({ hasText: approved });
  await expect(card).toBeVisible();
  await expect(card.getByText("Featured")).toBeVisible();
  const logo = card.locator("img").first();
  await expect(logo).toHaveAttribute("src", /^\/media\//);
  const image = await page.request.get((await logo.getAttribute("src"))!);
  expect(image.headers()["content-type"]).toBe("image/png");

  await page.goto(`/listings?searchQuery=${encodeURIComponent(rejected)}`);
  await expect(page.getByRole("article").filter({ hasText: rejected })).toHaveCount(0);
});

test("a logo over the limit is refused beside its field before anything is uploaded", async ({ page }) => {
  await page.goto("/get-featured/startup");
  const posts: string[] = [];
  page.on("request", (request) => request.method() === "POST" && posts.push(request.url()));
  // 3 MB: over the logo's 1 MB and over the server's limit for a form with files (2 MB), which would refuse it whole.
  await page
    .getByLabel("Logo (optional)")
    .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.alloc(3 * 1024 * 1024, 1) });
  await page.getByRole("button", { name: "Send application" }).click();
  await expect(page.getByText("The logo is 3.0 MB; the limit is 1 MB.")).toBeVisible();
  await expect(page.getByLabel("Logo (optional)")).toBeFocused();
  expect(posts).toEqual([]);
});
