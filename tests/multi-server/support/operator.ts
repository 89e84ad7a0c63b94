/**
 * What an operator does in the back-office, over HTTP against one chosen server: open the page, take its form as the
 * page rendered it, change what a person would change, post it. Each action checks the server said it was done, so
 * a failure later reads as "the other server did not see it", never as "it was not saved".
 */
import { type Browser, type Target } from "./browser.ts";
import { filledIn, pickForm, unescapeHtml } from "./html-form.ts";

async function page(browser: Browser, server: Target, path: string): Promise<string> {
  const response = await browser.get(server, path);
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${server.name}: GET ${path} answered ${response.status}`);
  return html;
}

async function expectDone(response: Response, server: Target, what: string): Promise<string> {
  const html = await response.text();
  if (response.status !== 200)
    throw new Error(`${server.name}: ${what} was refused (status ${response.status}): ${visibleText(html).slice(0, 600)}`);
  return html;
}

/** The text a person reads on the page: no scripts, no tags, one space between words. */
function visibleText(html: string): string {
  return unescapeHtml(
    html
      .replace(/<script\b[\s\S]*?<\/script>/g, " ")
      .replace(/<style\b[\s\S]*?<\/style>/g, " ")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/** Saves the listing editor's form with the given fields changed (issue 5's editor at /admin/listings/:id). */
export async function editListing(browser: Browser, server: Target, id: string, changes: Record<string, string>): Promise<void> {
  const html = await page(browser, server, `/admin/listings/${id}`);
  const form = pickForm(html, (f) => "noValidate" in f.attributes && f.method === "post", "listing editor form");
  const response = await browser.post(server, form.action, filledIn(form, { ...changes, intent: "save" }));
  const location = response.headers.get("location") ?? "";
  if (response.status !== 302 || !location.includes("notice=saved"))
    throw new Error(
      `${server.name}: saving listing ${id} did not succeed (status ${response.status}, ${location || visibleText(await response.text()).slice(0, 600)})`,
    );
}

/** The id of a reference list's row, by the name its delete button carries ("Delete Kenya"). */
export async function referenceRowId(browser: Browser, server: Target, list: string, name: string): Promise<number | null> {
  const html = await page(browser, server, `/admin/reference/${list}?q=${encodeURIComponent(name)}`);
  const forms = [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)].map((m) => m[0]);
  for (const form of forms) {
    const id = /name="id" value="(\d+)"/.exec(form)?.[1];
    if (id && form.includes(`aria-label="Delete ${name}"`)) return Number(id);
  }
  return null;
}

/** Edits one row of a reference list (/admin/reference/:list?edit=id), returning the row's values before. */
export async function editReferenceRow(
  browser: Browser,
  server: Target,
  list: string,
  id: number,
  changes: Record<string, string>,
): Promise<Record<string, string>> {
  const html = await page(browser, server, `/admin/reference/${list}?edit=${id}`);
  const form = pickForm(html, (f) => f.fields.some(([n, v]) => n === "intent" && v === "update"), `edit form of ${list} row ${id}`);
  const before = Object.fromEntries(form.fields);
  await expectDone(await browser.post(server, form.action, filledIn(form, changes)), server, `saving ${list} row ${id}`);
  return before;
}

/** Adds a row to a reference list through its add form. */
export async function addReferenceRow(browser: Browser, server: Target, list: string, values: Record<string, string>): Promise<void> {
  const html = await page(browser, server, `/admin/reference/${list}`);
  const form = pickForm(html, (f) => f.fields.some(([n, v]) => n === "intent" && v === "create"), `add form of ${list}`);
  await expectDone(await browser.post(server, form.action, filledIn(form, values)), server, `adding to ${list}`);
}

/** Edits a tier record at /admin/tiers, returning its values before. */
export async function editTier(
  browser: Browser,
  server: Target,
  tier: string,
  changes: Record<string, string>,
): Promise<Record<string, string>> {
  const html = await page(browser, server, "/admin/tiers");
  const form = pickForm(html, (f) => f.fields.some(([n, v]) => n === "tier" && v === tier), `form of the ${tier} tier`);
  const before = Object.fromEntries(form.fields);
  await expectDone(await browser.post(server, form.action, filledIn(form, changes)), server, `saving the ${tier} tier`);
  return before;
}

/** Starts a provider import at /admin/imports (a job the servers' workers run). */
export async function startProviderImport(browser: Browser, server: Target, query: Record<string, string>): Promise<void> {
  await expectDone(await browser.post(server, "/admin/imports", { endpoint: "funding", ...query }), server, "starting a provider import");
}

export type StepStatuses = Record<string, string>;

/** The debugger page as a person reads it: whether it says "Not Initialized", and each step's status. */
function readDebugger(html: string): { text: string; initialized: boolean; steps: StepStatuses } {
  const text = visibleText(html);
  const steps: StepStatuses = {};
  for (const m of text.matchAll(
    /(\d) \. (Authenticate|Retrieve data|Process data|Push to directory) (Pending|Running|Completed with [\d,]+ errors?|Completed|Failed|Awaiting confirmation)/g,
  ))
    steps[m[2]!] = m[3]!;
  return { text, initialized: !text.includes("Not Initialized"), steps };
}

/** Posts one of the debugger's forms (spec 02's lead-data debugger) and reads the page it answers with. */
export async function debuggerPost(browser: Browser, server: Target, form: Record<string, string>, options: { timeoutMs?: number } = {}) {
  const response = await browser.post(server, "/debug/leads-on-trees?tab=manual", form, options);
  const html = await response.text();
  return { status: response.status, ...readDebugger(html) };
}
