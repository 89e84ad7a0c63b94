/**
 * Writing our own labelled duplicate sets (bench/make-*-dataset.ts): rows with the columns the benchmark's generic
 * loader reads (id,name,website,linkedin,country,entity), and the ways one company's record is written differently
 * by two sources. Deterministic: every choice goes through the generator's seeded Random.
 */
import { writeFileSync } from "node:fs";
import type { Random } from "#demo/random.ts";

export interface LabelledRow {
  id: number;
  name: string;
  website: string;
  linkedin: string;
  country: string;
  entity: number;
}

export class LabelledSet {
  readonly rows: LabelledRow[] = [];
  private nextEntity = 1;

  entity(): number {
    return this.nextEntity++;
  }

  add(entity: number, name: string, website: string, linkedin: string, country: string) {
    this.rows.push({ id: this.rows.length + 1, name, website, linkedin, country, entity });
  }

  write(file: URL): string {
    const csv = (v: string | number) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
    const lines = [
      "id,name,website,linkedin,country,entity",
      ...this.rows.map((r) => [r.id, r.name, r.website, r.linkedin, r.country, r.entity].map(csv).join(",")),
    ];
    writeFileSync(file, `${lines.join("\n")}\n`);
    return `${this.rows.length} records, ${this.nextEntity - 1} entities`;
  }
}

export const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "");

/** A website written as sources write it: scheme or none, www or none, a page, a login subdomain, a query. */
export function websiteVariant(rng: Random, host: string, path = ""): string {
  const bare = `${host}${path}`;
  return rng.pick([
    `https://${bare}`,
    `http://${bare}`,
    `https://www.${bare}${path ? "" : "/"}`,
    `www.${bare}`,
    `https://${bare}${path ? "/" : "/about"}?utm_source=list`,
    ...(path ? [] : [`https://app.${host}/login`]),
  ]);
}

/** A LinkedIn company page written as sources write it. */
export function linkedinVariant(rng: Random, page: string): string {
  return rng.pick([
    `https://www.linkedin.com/company/${page}`,
    `https://linkedin.com/company/${page}/`,
    `https://uk.linkedin.com/company/${page}?trk=public`,
    `linkedin.com/company/${page.toUpperCase()}`,
    `https://www.linkedin.com/company/${page}/about/`,
  ]);
}

/** The registrable domain's ending a company in `country` might use: its own country's, or a generic one. */
export function domainEnding(rng: Random, country: string): string {
  const own: Record<string, string> = {
    DE: "de",
    SE: "se",
    FI: "fi",
    FR: "fr",
    NL: "nl",
    GB: "co.uk",
    ES: "es",
    DK: "dk",
    NO: "no",
    US: "com",
  };
  return rng.chance(0.5) && own[country] ? own[country]! : rng.pick(["com", "io", "ai", "co"]);
}
