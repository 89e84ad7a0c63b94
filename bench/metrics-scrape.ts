/**
 * Scrape, load, scrape: `npm run bench:metrics-scrape -- --url http://127.0.0.1:3626 --token $METRICS_TOKEN`
 * (decision 0104). Against a running server (a demo one: it signs the demo premium member in through the local demo
 * provider and makes an API key), it scrapes /metrics, sends a mixed load (pages, profiles, searches with filters,
 * unknown paths, API calls, a burst of password-reset requests that sends e-mails and meets its rate limit, a duplicate
 * scan job, a listing edited by the admin), scrapes again and prints each metric family with whether it moved. Only the given server is contacted.
 */
import { parseArgs } from "node:util";
import { Browser } from "../tests/multi-server/support/browser.ts";
import { editListing } from "../tests/multi-server/support/operator.ts";
import { signIn } from "../tests/multi-server/support/sign-in.ts";
import { familyOf, parseMetrics, type Sample } from "./lib/prometheus-text.ts";

const { values: args } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:3626" },
    token: { type: "string", default: process.env.METRICS_TOKEN ?? "" },
    "metrics-url": { type: "string" },
    rounds: { type: "string", default: "20" },
    help: { type: "boolean", default: false },
  },
});
if (args.help) {
  console.log(`npm run bench:metrics-scrape -- [--url http://127.0.0.1:3626] [--token T | --metrics-url URL] [--rounds 20]
  Scrapes a running demo server's /metrics, sends a mixed load, scrapes again and prints each family and whether it
  moved. --token defaults to METRICS_TOKEN; --metrics-url scrapes METRICS_PORT instead of the main port.`);
  process.exit(0);
}
const base = args.url!;
const target = { url: base, name: "server" };
const rounds = Number(args.rounds);

async function scrape(): Promise<Sample[]> {
  const url = args["metrics-url"] ?? `${base}/metrics`;
  const answer = await fetch(url, { headers: args.token ? { Authorization: `Bearer ${args.token}` } : {} });
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}: is METRICS_TOKEN (or --metrics-url) right?`);
  return parseMetrics(await answer.text());
}

/** Each family's samples, summed per series, as one string to compare: any series that changed moves the family. */
function byFamily(samples: readonly Sample[]): Map<string, Map<string, number>> {
  const families = new Map<string, Map<string, number>>();
  for (const sample of samples) {
    const family = familyOf(sample.name);
    if (!families.has(family)) families.set(family, new Map());
    families.get(family)!.set(`${sample.name}${JSON.stringify(sample.labels)}`, sample.value);
  }
  return families;
}

async function get(path: string, headers: Record<string, string> = {}): Promise<number> {
  const answer = await fetch(new URL(path, base), { headers, redirect: "manual" });
  await answer.arrayBuffer();
  return answer.status;
}

async function load(): Promise<void> {
  const browser = new Browser();
  await signIn(browser, target, "demo-premium");
  const made = await browser.post(target, "/settings", { intent: "create-api-key", name: `metrics scrape ${Date.now()}` });
  const key = /ib_[A-Za-z0-9_-]{20,}/.exec(await made.text())?.[0];
  if (!key) console.warn("no API key could be made: API calls are not part of this load");
  const listings = (await (await fetch(new URL("/listings", base))).text()).match(/\/profile\/[a-z-]+\/[a-z0-9-]+/g) ?? [];
  for (let i = 0; i < rounds; i++) {
    await get("/");
    await get("/listings");
    await get(`/listings?q=${["health", "fintech", "climate", "ai"][i % 4]}`);
    await get(`/listings?q=data&type=${i % 2 ? "startup" : "investor"}`);
    if (listings.length) await get(listings[i % listings.length]!);
    await get(`/no-such-page-${i}`);
    if (key) await get("/api/listings?limit=5", { Authorization: `Bearer ${key}` });
  }
  // Password-reset requests for a demo address: e-mails into the outbox, then the limit's refusals (10 an hour).
  for (let i = 0; i < 12; i++) await browser.post(target, "/forgot-password", { email: "priya.premium@demo.introbase.test" });
  // An operator job: the admin starts a duplicate scan.
  const admin = new Browser();
  await signIn(admin, target, "demo-admin");
  const scan = await fetch(new URL("/api/admin/duplicate-scans", base), {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: new URL(base).origin,
      Cookie: [...admin.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    },
    body: JSON.stringify({ batches: 2 }),
  });
  if (scan.status >= 400) console.warn(`the duplicate scan was not started (${scan.status})`);
  // A listing edited through the editor: the directory index applies the change in place (its generation moves).
  const [first] = (
    (await (await fetch(new URL("/api/listings?type=startup", base))).json()) as { data: Array<{ id: string; name: string }> }
  ).data;
  if (first)
    await editListing(admin, target, first.id, { name: `${first.name.replace(/ \(scraped \d+\)$/, "")} (scraped ${Date.now() % 1000})` });
  // Give the job worker and the scrape-time cache (5 s) time to see it.
  await new Promise((resolve) => setTimeout(resolve, 6_000));
}

const before = byFamily(await scrape());
const started = performance.now();
await load();
console.log(`load: ${rounds} rounds in ${((performance.now() - started) / 1000).toFixed(1)} s`);
const after = byFamily(await scrape());
const rows: string[] = [];
for (const [family, series] of [...after].sort(([a], [b]) => a.localeCompare(b))) {
  const was = before.get(family);
  const moved = !was || [...series].some(([key, value]) => was.get(key) !== value);
  rows.push(`${moved ? "moved  " : "still  "} ${family} (${series.size} series)`);
}
console.log(rows.join("\n"));
const still = rows.filter((row) => row.startsWith("still"));
console.log(`\n${rows.length - still.length} of ${rows.length} families moved`);
