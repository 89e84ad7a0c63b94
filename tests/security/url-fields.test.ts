/**
 * Issue 14 finding 8 (decision 0033): a javascript:, data: or vbscript: url reached an href, an img src and the
 * JSON-LD logo through the imports. Every entry now refuses anything but http(s) (one rule, lib/web-url.ts), and
 * everything that prints a stored url checks it again, so a value stored before the fix is not printed either.
 */
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UserAvatar } from "~/components/layout/user-menu.tsx";
import { parseFeatureApplication, readFeatureForm } from "~/features/applications/feature-application.ts";
import { parsePilotApplication } from "~/features/applications/pilot-application.ts";
import { ListingLogo } from "~/features/catalog/listing-logo.tsx";
import { toImportedCompany } from "~/features/imports/provider/map-provider-record.ts";
import { ProviderRecord } from "~/features/imports/provider/provider-record.ts";
import { mapCompanyRecord } from "~/features/imports/spreadsheet/map-spreadsheet-record.ts";
import { mapFundingRound, mapPerson } from "~/features/imports/spreadsheet/map-spreadsheet-reference.ts";
import { readListingForm } from "~/features/listing-editor/form-values.ts";
import { parseListingForm } from "~/features/listing-editor/listing-form.ts";
import { WebsiteLink } from "~/features/profiles/profile-header.tsx";
import { TeamList } from "~/features/profiles/team-list.tsx";
import { profileMeta } from "~/features/seo/profile-seo.ts";
import { profileJsonLd } from "~/features/seo/structured-data.ts";
import { visible } from "#test-support/viewer-listings.ts";
import { normaliseWebUrl, safeHref, safeImageSrc } from "~/lib/web-url.ts";

/** What an attacker would put where a url goes: each one runs script or loads attacker content if printed. */
const HOSTILE = [
  "javascript:alert(document.cookie)",
  "JavaScript:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "\u0001javascript:alert(1)",
  "javascript://example.com/%0Aalert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "data:image/svg+xml,<svg onload=alert(1)>",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  "mailto:ceo@example.com",
];

describe("the shared rule", () => {
  it.each(HOSTILE)("refuses %j at entry and at render", (value) => {
    expect(normaliseWebUrl(value)).toBeNull();
    expect(safeHref(value)).toBeUndefined();
    expect(safeImageSrc(value)).toBeUndefined();
  });

  it.each([
    ["https://example.com/about", "https://example.com/about"],
    ["http://example.com", "http://example.com"],
    ["example.com/about", "https://example.com/about"],
    ["//example.com/x", "https://example.com/x"],
    ["  https://www.linkedin.com/company/acme  ", "https://www.linkedin.com/company/acme"],
  ])("stores %j as %j", (value, stored) => expect(normaliseWebUrl(value)).toBe(stored));

  it.each(["https://user:pass@example.com/", "http://127.0.0.1/", "http://localhost:3000/", "https://exa mple.com/", "not a website"])(
    "refuses %j at entry",
    (value) => expect(normaliseWebUrl(value)).toBeNull(),
  );

  it("lets images be our own stored files, and nothing else relative", () => {
    expect(safeImageSrc("/media/0b5e-41aa")).toBe("/media/0b5e-41aa");
    expect(safeImageSrc("//evil.example/x.png")).toBeUndefined();
    expect(safeImageSrc("/media/../admin")).toBeUndefined();
    expect(safeHref("/media/0b5e-41aa")).toBeUndefined();
  });
});

describe("every entry refuses a non-http(s) url", () => {
  it.each(HOSTILE)("the listing editor: %j", (value) => {
    const form = new FormData();
    const fields: Record<string, string> = {
      type: "startup",
      name: "Lumen Forge",
      visibility: "public",
      intent: "save",
      websiteUrl: value,
      linkedinUrl: value,
      twitterUrl: value,
      facebookUrl: value,
      logoUrl: value,
      "team[0][name]": "Ada",
      "team[0][photoUrl]": value,
      "team[0][linkedinUrl]": value,
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const result = parseListingForm(readListingForm(form));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    for (const field of ["websiteUrl", "linkedinUrl", "twitterUrl", "facebookUrl", "logoUrl", "team[0][photoUrl]", "team[0][linkedinUrl]"])
      expect(result.errors[field], field).toMatch(/http:\/\/ or https:\/\//);
  });

  it.each(HOSTILE)("a feature application and a pilot application: %j", (value) => {
    const form = new FormData();
    form.set("websiteUrl", value);
    form.set("linkedinUrl", value);
    const parsed = parseFeatureApplication("startup", readFeatureForm(form));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors).toMatchObject({ websiteUrl: expect.any(String), linkedinUrl: expect.any(String) });
    const pilot = parsePilotApplication({
      company: "Acme",
      website: value,
      stage: "Seed",
      goals: "A pilot, please.",
      contactName: "A",
      contactEmail: "a@acme.example",
    });
    expect(pilot.ok).toBe(false);
  });

  it.each(HOSTILE)("a provider record: %j", (value) => {
    const record = ProviderRecord.parse({
      id: "deal-1",
      company_name: "Acme",
      company_info: { website: value, logo_url: value, linkedin_url: value, twitter_url: value, facebook_url: value },
      contact_info: { company_linkedin_url: value, employees: [{ name: "Ada Lovelace", title: "CTO", linkedin_url: value }] },
      investors: [{ name: "Fund One", linkedin_url: value }],
    });
    const company = toImportedCompany(record, { endpoint: "funding", now: new Date("2026-01-01T00:00:00Z") });
    if ("dropped" in company) throw new Error("the record was dropped");
    const { websiteUrl, linkedinUrl, twitterUrl, facebookUrl, logoUrl } = company.listing;
    expect({ websiteUrl, linkedinUrl, twitterUrl, facebookUrl, logoUrl }).toEqual({
      websiteUrl: null,
      linkedinUrl: null,
      twitterUrl: null,
      facebookUrl: null,
      logoUrl: null,
    });
    expect(company.logoSource).toBeNull();
    expect(company.team.map((m) => m.linkedinUrl)).toEqual([null]);
    expect(company.investors.map((i) => i.linkedinUrl)).toEqual([null]);
  });

  it.each(HOSTILE)("a spreadsheet record, its people and its rounds: %j", (value) => {
    const mapped = mapCompanyRecord(
      {
        id: "recCmp1",
        fields: {
          Name: "Acme",
          Type: "Startup",
          Website: value,
          "Company LinkedIn": value,
          "Company Twitter": value,
          "Company Facebook": value,
        },
      },
      { names: {} },
    );
    if (!mapped.ok) throw new Error(mapped.reason);
    const { websiteUrl, linkedinUrl, twitterUrl, facebookUrl } = mapped.listing;
    expect({ websiteUrl, linkedinUrl, twitterUrl, facebookUrl }).toEqual({
      websiteUrl: null,
      linkedinUrl: null,
      twitterUrl: null,
      facebookUrl: null,
    });
    expect(mapped.warnings).toContain("Website is not an http(s) web address: left empty");
    expect(mapPerson({ id: "recUsr1", fields: { "First Name": "Ada", ProfileImage: value, LinkedIn: value } })).toMatchObject({
      photo: null,
      linkedin: null,
    });
    const round = mapFundingRound({ id: "recRnd1", fields: { Company: ["recCmp1"], "Announcement URL": value } });
    expect(round.ok && round.item.announcementUrl).toBeNull();
  });

  it("keeps good addresses from the imports, bare domains made https", () => {
    const record = ProviderRecord.parse({
      id: "deal-2",
      company_name: "Acme",
      company_info: {
        website: "acme.example",
        logo_url: "https://cdn.acme.example/logo.png",
        linkedin_url: "https://www.linkedin.com/company/acme",
      },
    });
    const company = toImportedCompany(record, { endpoint: "funding", now: new Date("2026-01-01T00:00:00Z") });
    if ("dropped" in company) throw new Error("the record was dropped");
    // The logo is copied into our storage by the import job (issue 32), from this address; never hot-linked.
    expect(company.logoSource).toBe("https://cdn.acme.example/logo.png");
    expect(company.listing).toMatchObject({
      websiteUrl: "https://acme.example",
      logoUrl: null,
      linkedinUrl: "https://www.linkedin.com/company/acme",
    });
  });
});

describe("a stored non-http(s) url is never printed", () => {
  const html = (element: ReactElement) => renderToStaticMarkup(element);
  const BAD = ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)", " javascript:alert(1)"];

  it.each(BAD)("not as a link or an image: %j", (value) => {
    const printed = [
      html(createElement(WebsiteLink, { url: value })),
      html(createElement(TeamList, { team: [{ name: "Ada", title: "CTO", photo: value, linkedin: value }] })),
      html(createElement(ListingLogo, { name: "Acme", slug: "acme", logo: value })),
      html(createElement(ListingLogo, { name: "Acme", slug: "acme", logo: value, size: "lg" })),
      html(createElement(UserAvatar, { user: { name: "Ada", picture: value } })),
    ].join("\n");
    expect(printed).not.toMatch(/javascript:|data:|vbscript:/i);
    expect(printed).not.toMatch(/<img|href=/);
  });

  it.each(BAD)("not in JSON-LD or the Open Graph image: %j", (value) => {
    const listing = visible({ logo: value, websiteUrl: value, linkedinUrl: value });
    const nodes = profileJsonLd("https://introbase.example", { status: "ok", listing }, { paywalled: false, paywallSelector: ".p" });
    const organization = nodes.find((n) => n["@type"] === "Organization")!;
    expect(organization.logo).toBeUndefined();
    expect(organization.url).toBe("https://introbase.example/profile/startup/alder-pay");
    expect(organization.sameAs).toBeUndefined();
    expect(JSON.stringify(nodes)).not.toMatch(/javascript|data:|vbscript/i);
    // The Open Graph picture is the listing's card, drawn on the server: a stored logo never reaches the meta tags.
    const meta = profileMeta("https://introbase.example", { status: "ok", listing });
    expect(JSON.stringify(meta)).not.toMatch(/javascript|data:|vbscript/i);
  });

  it("still prints http(s) addresses and our own stored files", () => {
    expect(html(createElement(WebsiteLink, { url: "https://acme.example/" }))).toContain('href="https://acme.example/"');
    expect(html(createElement(ListingLogo, { name: "Acme", slug: "acme", logo: "/media/abc-1" }))).toContain('src="/media/abc-1"');
    const nodes = profileJsonLd(
      "https://introbase.example",
      { status: "ok", listing: visible() },
      { paywalled: false, paywallSelector: ".p" },
    );
    expect(nodes[0]!.logo).toBe("https://introbase.example/media/logo-1");
  });
});
