/**
 * The crawler test's self-requests: through the outbound fetch with the one allowance they need (our own listener),
 * so they reach our loopback port and nothing else.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CRAWLER_USER_AGENT, crawlerFetcher, ownOrigin } from "./crawler-fetch.server.ts";

let server: Server;
let port: number;
const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? "", headers: req.headers });
    if (req.url === "/old") res.writeHead(301, { Location: "/new" }).end();
    else res.writeHead(200, { "Content-Type": "text/html", "X-Robots-Tag": "noindex" }).end("<h1>ok</h1>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

it("requests our own listener as a crawler, with the public host, and does not follow redirects", async () => {
  const fetchPage = crawlerFetcher("https://introbase.example", { hostname: "127.0.0.1", port });
  expect(await fetchPage("/directory")).toEqual({
    path: "/directory",
    status: 200,
    contentType: "text/html",
    location: null,
    robotsHeader: "noindex",
    body: "<h1>ok</h1>",
  });
  expect(seen.at(-1)!.headers).toMatchObject({ host: "introbase.example", "user-agent": CRAWLER_USER_AGENT });
  expect(await fetchPage("/old")).toMatchObject({ status: 301, location: "/new" });
  expect(seen.at(-1)!.url).toBe("/old");
});

it("refuses a path that would leave our own origin", async () => {
  const fetchPage = crawlerFetcher("https://introbase.example", { hostname: "127.0.0.1", port });
  const before = seen.length;
  expect(await fetchPage("//169.254.169.254/latest/meta-data/")).toMatchObject({ status: 0, error: "not a path on this site" });
  expect(await fetchPage("http://127.0.0.1:1/")).toMatchObject({ status: 0, error: "not a path on this site" });
  expect(seen.length).toBe(before);
});

it("names our own origin, IPv6 listeners included", () => {
  expect(ownOrigin({ hostname: "127.0.0.1", port: 3000 })).toBe("http://127.0.0.1:3000");
  expect(ownOrigin({ hostname: "::1", port: 3000 })).toBe("http://[::1]:3000");
  expect(ownOrigin({ hostname: "127.0.0.1", port: 80 })).toBe("http://127.0.0.1");
});
