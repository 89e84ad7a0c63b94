import { expect, test } from "./support/test.ts";
import { signInAs } from "./support/sign-in.ts";

interface MatchesBody {
  locked: boolean;
  data: Array<{ name: string; summary: string }>;
}

/**
 * Issue 18 §4 (decision 0064): a visitor sees the locked match section and receives nothing of it; the Premium demo
 * member sees the investors that fit a startup, with reasons, and asks for an introduction to one of them.
 */
test("match suggestions: locked for a visitor, listed with reasons and an introduction request for a member", async ({ page, request }) => {
  await signInAs(page, "Priya Premium");
  // A public startup of the demo directory with at least one investor that fits it.
  const listings = (await (await page.request.get("/api/listings?type=startup")).json()) as {
    data: Array<{ slug: string; name: string; listingVisibility: string }>;
  };
  let target: { slug: string; name: string; first: { name: string; summary: string } } | null = null;
  for (const startup of listings.data.filter((x) => x.listingVisibility === "public")) {
    const body = (await (await page.request.get(`/api/listings/startup/${startup.slug}/matches`)).json()) as MatchesBody;
    if (body.data.length) {
      target = { slug: startup.slug, name: startup.name, first: body.data[0]! };
      break;
    }
  }
  if (!target) throw new Error("no public demo startup has a match");

  await page.goto(`/profile/startup/${target.slug}`);
  const section = page.locator("[data-matches]");
  await expect(section.getByRole("heading", { name: `Investors that fit ${target.name}` })).toBeVisible();
  await expect(section.getByText(target.first.summary).first()).toBeVisible();
  await section.getByRole("button", { name: `Request Introduction to ${target.first.name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Request an Introduction" });
  await expect(dialog.getByLabel("To")).toHaveValue(target.first.name);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  // A visitor (the request fixture holds no session): the way in, and nothing of any suggestion in HTML or JSON.
  const html = await (await request.get(`/profile/startup/${target.slug}`)).text();
  expect(html).toContain(`Subscribe to see investors that fit ${target.name}`);
  const routeData = await (await request.get(`/profile/startup/${target.slug}.data`)).text();
  for (const body of [html, routeData]) {
    expect(body).not.toContain(target.first.summary);
    expect(body).not.toContain("Invests in");
  }
  const api = (await (await request.get(`/api/listings/startup/${target.slug}/matches`)).json()) as MatchesBody;
  expect(api).toMatchObject({ locked: true, data: [] });
});
