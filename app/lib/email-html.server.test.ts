/** One definition, two parts (decision 0074): the text and HTML parts say the same, with the same links, escaped. */
import { describe, expect, it } from "vitest";
import { htmlLinks, htmlWords, textLinks } from "../../tests/support/mail-parts.ts";
import { emailText, footer, list, paragraph, quote, SIGN_OFF, type EmailBody } from "./email-body.ts";
import { emailHtml } from "./email-html.server.tsx";

const hostile = `<script>alert(1)</script> & "Co"`;
const body: EmailBody = [
  paragraph(`Hello ${hostile},`),
  quote(`First line, see https://acme.example/about.\nSecond <b>line</b>`),
  paragraph("Accept here:", "https://introbase.example/introductions/respond/a.b?x=1&y=2"),
  list(
    `New in "${hostile}" (2)`,
    [
      { title: hostile, href: "https://introbase.example/profile/startup/acme", detail: "Seed · FinTech" },
      { title: "Plain", href: "https://introbase.example/profile/startup/plain" },
    ],
    "… and 3 more.",
  ),
  footer(`Stop e-mails for "${hostile}": https://introbase.example/unsubscribe/s.1`, "Multi\nline"),
  SIGN_OFF,
];

describe("emailText", () => {
  it("writes blocks a blank line apart: quotes with >, entries with their address under them, the footer after --", () => {
    expect(emailText(body)).toBe(
      [
        `Hello ${hostile},`,
        "",
        "> First line, see https://acme.example/about.",
        "> Second <b>line</b>",
        "",
        "Accept here:",
        "https://introbase.example/introductions/respond/a.b?x=1&y=2",
        "",
        `New in "${hostile}" (2)`,
        "-".repeat(`New in "${hostile}" (2)`.length),
        `* ${hostile} (Seed · FinTech)`,
        "  https://introbase.example/profile/startup/acme",
        "* Plain",
        "  https://introbase.example/profile/startup/plain",
        "  … and 3 more.",
        "",
        "--",
        `Stop e-mails for "${hostile}": https://introbase.example/unsubscribe/s.1`,
        "Multi",
        "line",
        "",
        "The Introbase team",
      ].join("\n"),
    );
  });
});

describe("emailHtml", () => {
  const html = emailHtml(`Subject ${hostile}`, body);

  it("says what the text part says, with the same links in the same order", () => {
    expect(htmlLinks(html)).toEqual(textLinks(emailText(body)));
    expect(htmlLinks(html)).toEqual([
      "https://acme.example/about",
      "https://introbase.example/introductions/respond/a.b?x=1&y=2",
      "https://introbase.example/profile/startup/acme",
      "https://introbase.example/profile/startup/plain",
      "https://introbase.example/unsubscribe/s.1",
    ]);
    const words = htmlWords(html);
    for (const line of emailText(body).split("\n")) {
      const said = line.replace(/^(> |\* |  |-+$|--$)/, "").replace(/\s+\(Seed · FinTech\)$/, "");
      if (said && !/^https?:/.test(said)) expect(words).toContain(said);
    }
  });

  it("escapes every value: text, attributes and the title", () => {
    expect(html).not.toMatch(/<(script|b)\b/);
    expect(html).toContain("<title>Subject &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;</title>");
    expect(html).toContain(`aria-label="Subject &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;"`);
    expect(html).toContain(`href="https://introbase.example/introductions/respond/a.b?x=1&amp;y=2"`);
  });

  it("is one accessible column: a language, headings for sections, a list, a quote", () => {
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en" dir="ltr">/);
    expect(html).toContain('role="article"');
    expect(html).toMatch(/<h2[^>]*>New in &quot;/);
    expect(html).toMatch(/<ul[^>]*><li[^>]*><a href="https:\/\/introbase\.example\/profile\/startup\/acme"[^>]*>&lt;script&gt;/);
    expect(html).toMatch(/<blockquote[^>]*>/);
  });

  it("refuses a link that is not an absolute http(s) address rather than send it", () => {
    for (const href of ["javascript:alert(1)", "/profile/startup/acme", "data:text/html,x"]) {
      expect(() => emailHtml("S", [list("H", [{ title: "T", href }])])).toThrow(/absolute http\(s\) address/);
    }
  });
});
