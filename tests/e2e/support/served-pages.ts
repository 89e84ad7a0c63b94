/**
 * Keeps a copy of every HTML page our servers send to the browser during the suite, as the server sent it (before
 * any script ran), for the HTML check that runs after the journeys (tests/e2e/html-validity.check.ts; issue 29).
 * A page is kept once per distinct content: the same page seen by many journeys is checked once. The folder comes
 * from the runner (playwright.config.ts, E2E_HTML_DIR); without it nothing is kept.
 */
import { createHash } from "node:crypto";
import { appendFile, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { BrowserContext, Response } from "@playwright/test";

const DIR = process.env.E2E_HTML_DIR;
/** One line per kept page: `{ "file": "<hash>.html", "url": "..." }`. */
export const SERVED_PAGES_INDEX = "pages.jsonl";

/** Our own app servers (the visitors' and the operators'), never the fakes or another site. */
function isOurPage(response: Response, ourOrigins: ReadonlySet<string>): boolean {
  const request = response.request();
  if (!request.isNavigationRequest() || request.method() !== "GET") return false;
  if (!(response.headers()["content-type"] ?? "").startsWith("text/html")) return false;
  return ourOrigins.has(new URL(response.url()).origin);
}

/** What makes two copies of a page differ without differing as HTML: the per-request CSP nonce. */
const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, "");

/** Starts keeping the context's pages; the returned function waits for the copies still being written. */
export function keepServedPages(context: BrowserContext, ourOrigins: ReadonlySet<string>): () => Promise<void> {
  if (!DIR) return async () => {};
  const writes: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    if (!isOurPage(response, ourOrigins)) return;
    writes.push(
      (async () => {
        // A page left before its body arrived has none to keep: the page it led to is kept instead.
        const html = await response.text().catch(() => null);
        if (html === null) return;
        const file = `${createHash("sha256").update(withoutNonces(html)).digest("hex").slice(0, 32)}.html`;
        await mkdir(DIR, { recursive: true });
        try {
          await writeFile(path.join(DIR, file), html, { flag: "wx" });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "EEXIST") return;
          throw error;
        }
        await appendFile(path.join(DIR, SERVED_PAGES_INDEX), `${JSON.stringify({ file, url: response.url() })}\n`);
      })(),
    );
  };
  context.on("response", onResponse);
  return async () => {
    context.off("response", onResponse);
    await Promise.all(writes);
  };
}
