/** The outbox as an admin reads it: every message's text, and the HTML part of the one asked for, sandboxed. */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OutboxPage } from "~/features/back-office/outbox-page.tsx";
import type { Database } from "~/lib/db.server.ts";
import { paragraph } from "~/lib/email-body.ts";
import { parseEnv } from "~/lib/env.server.ts";
import { sendEmail } from "~/lib/mailer.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loaderArgs, testUser } from "#test-support/test-route.ts";
import type { Route } from "./+types/admin.outbox";
import { loader } from "./admin.outbox.tsx";

let database: Database;
const ids: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  for (const name of ["First", `<script>alert(1)</script> & "Co"`]) {
    const message = {
      kind: "test_message",
      to: ["ada@example.com"],
      subject: `Hello ${name}`,
      body: [paragraph(`About ${name}: https://introbase.example/x`)],
    };
    ids.push((await sendEmail(database, message, parseEnv({}))).id);
  }
});

afterAll(async () => {
  await database?.close();
});

const load = (query = "") =>
  loader(loaderArgs<Route.LoaderArgs>(database, `/admin/outbox${query}`, {}, { user: testUser("premium", "admin") }));

/** The page as the server renders it. */
function render(data: Awaited<ReturnType<typeof load>>): string {
  const Stub = createRoutesStub([{ path: "/admin/outbox", Component: () => createElement(OutboxPage, data) }]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/admin/outbox"] }));
}

describe("/admin/outbox", () => {
  it("lists every message's text, and offers each HTML part without sending them all", async () => {
    const data = await load();
    expect(data.emails.map((e) => [e.hasHtml, e.html])).toEqual([
      [true, null],
      [true, null],
    ]);
    const page = render(data);
    expect(page).toContain("About &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;");
    expect(page).toContain(`href="/admin/outbox?page=1&amp;html=${ids[1]}#email-${ids[1]}"`);
    expect(page).not.toContain("<iframe");
  });

  it("shows the HTML part asked for in a sandboxed frame, its values still escaped", async () => {
    const data = await load(`?html=${ids[1]}`);
    const shown = data.emails.find((e) => e.id === ids[1])!;
    expect(shown.html).toMatch(/^<!DOCTYPE html>/);
    expect(shown.html).toContain("About &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;:");
    expect(data.emails.find((e) => e.id === ids[0])!.html).toBeNull();
    const page = render(data);
    expect(page).toMatch(/<iframe title="HTML part of &quot;Hello &lt;script&gt;[^"]*&quot;" sandbox="" srcDoc="&lt;!DOCTYPE html&gt;/);
  });
});
