import { expect, test, type Page } from "./support/test.ts";
import { signInAs } from "./support/sign-in.ts";

/**
 * The AI seam in the browser (decision 0065), against the local fake provider the suite configures: a premium member
 * asks for a profile's AI summary and has the introduction message written by the model. A visitor sees no summary.
 */

async function publicStartup(page: Page): Promise<{ name: string; path: string }> {
  const response = await page.request.get("/api/listings?type=startups&pageSize=100", { headers: { cookie: "" } });
  const { data } = (await response.json()) as {
    data: Array<{ locked: boolean; type: string; slug: string; name: string; listingVisibility: string }>;
  };
  const listing = data.find((i) => !i.locked && i.listingVisibility === "public")!;
  return { name: listing.name, path: `/profile/${listing.type}/${listing.slug}` };
}

test("a premium member reads an AI summary of a profile and has the introduction written by AI", async ({ page }) => {
  const target = await publicStartup(page);
  await page.goto(target.path);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "AI summary" })).toHaveCount(0);

  await signInAs(page, "Priya Premium", { returnTo: target.path });
  await page.getByRole("button", { name: "Summarise with AI" }).click();
  await expect(page.getByTestId("ai-summary-text")).toContainText(`${target.name} (`);
  await expect(page.getByText(/AI requests left this month/)).toBeVisible();

  await page.getByRole("button", { name: "Request Introduction" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Request an Introduction" });
  await dialog.getByRole("button", { name: "Generate with AI" }).click();
  // The fake's words ("I'm Priya Premium. What you are building ..."), not the template's ("My name is ...").
  await expect(dialog.getByLabel("Message")).toHaveValue(
    new RegExp(`^Hi ${target.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} team,\\n\\nI'm Priya Premium\\. What you are building`),
  );
});
