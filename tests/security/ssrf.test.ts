/**
 * Issue 14 finding 6 (DESIGN D16): the server's outbound requests reach only public addresses. Real HTTP servers
 * on this machine's loopback stand for the internal services an attacker would aim at; each test asserts both the
 * refusal and that the server was never reached. Names are resolved by an injected lookup (there is no DNS here).
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createProviderClient } from "~/features/imports/provider/provider-client.server.ts";
import { ProviderQuery } from "~/features/imports/provider/provider-query.ts";
import { createSpreadsheetApi } from "~/lib/spreadsheet-api.server.ts";
import { parseEnv } from "~/lib/env.server.ts";
import { createOutboundFetch, outboundFetch, type LookupAll, type StartTimer } from "~/lib/outbound-fetch.server.ts";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface LocalServer {
  origin: string;
  port: number;
  hits: Array<{ url: string; headers: IncomingHttpHeaders }>;
  handle: Handler;
  /** Resolves when a request of this server has had its connection closed (by the client, for these tests). */
  closed: () => Promise<void>;
  server: Server;
}

async function startServer(host = "127.0.0.1"): Promise<LocalServer> {
  let onClosed: () => void = () => {};
  let closedPromise = new Promise<void>((resolve) => (onClosed = resolve));
  const local: LocalServer = {
    origin: "",
    port: 0,
    hits: [],
    handle: (_req, res) => res.end("internal secret"),
    closed: () => closedPromise,
    server: createServer((req, res) => {
      local.hits.push({ url: req.url ?? "", headers: req.headers });
      res.on("close", () => {
        onClosed();
        closedPromise = new Promise<void>((resolve) => (onClosed = resolve));
      });
      local.handle(req, res);
    }),
  };
  await new Promise<void>((resolve) => local.server.listen(0, host, resolve));
  local.port = (local.server.address() as AddressInfo).port;
  local.origin = `http://${host.includes(":") ? `[${host}]` : host}:${local.port}`;
  return local;
}

async function stopServer(local: LocalServer | undefined) {
  if (!local) return;
  local.server.closeAllConnections();
  await new Promise((resolve) => local.server.close(resolve));
}

let internal: LocalServer;
let internalV6: LocalServer;
let other: LocalServer;

beforeAll(async () => {
  internal = await startServer();
  internalV6 = await startServer("::1");
  other = await startServer();
});
afterAll(async () => {
  await stopServer(internal);
  await stopServer(internalV6);
  await stopServer(other);
});
beforeEach(() => {
  for (const s of [internal, internalV6, other]) {
    s.hits.length = 0;
    s.handle = (_req, res) => res.end("internal secret");
  }
});

/** A lookup that knows a few names and fails for the rest, counting its calls. */
function fakeDns(names: Record<string, string[]>): LookupAll & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    calls.push(hostname);
    const addresses = names[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return Object.assign(lookup, { calls });
}

const refused = { name: "OutboundError", code: "forbidden_address" };

describe("addresses an attacker would aim at are refused before any connection", () => {
  const guarded = createOutboundFetch({ lookup: fakeDns({}) });

  it.each([
    "127.0.0.1",
    "localhost",
    "localhost.",
    "127.1",
    "2130706433",
    "0x7f.1",
    "0177.0.0.1",
    "0",
    "0.0.0.0",
    "[::ffff:127.0.0.1]",
    "127.0.0.1.",
  ])("loopback as %s", async (host) => {
    await expect(guarded(`http://${host}:${internal.port}/admin`)).rejects.toMatchObject(refused);
    expect(internal.hits).toEqual([]);
  });

  it("IPv6 loopback and unspecified", async () => {
    await expect(guarded(`http://[::1]:${internalV6.port}/`)).rejects.toMatchObject(refused);
    await expect(guarded(`http://[::]:${internalV6.port}/`)).rejects.toMatchObject(refused);
    expect(internalV6.hits).toEqual([]);
  });

  it.each([
    "http://10.0.0.1/",
    "http://10.255.0.9:8080/",
    "http://172.16.0.1/",
    "http://172.31.255.1/",
    "http://192.168.1.1/",
    "http://100.64.0.1/",
    "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
    "http://[fd00:ec2::254]/latest/meta-data/",
    "http://[fe80::1]/",
    "http://[::ffff:a9fe:a9fe]/",
    "http://metadata.google.internal./computeMetadata/v1/",
    "http://224.0.0.1/",
    "http://255.255.255.255/",
  ])("private, link-local, metadata and reserved: %s", async (url) => {
    const dns = fakeDns({ "metadata.google.internal.": ["169.254.169.254"] });
    await expect(createOutboundFetch({ lookup: dns })(url)).rejects.toMatchObject(refused);
  });

  it.each(["file:///etc/passwd", "ftp://example.com/", "data:text/plain,hi", "javascript:alert(1)", "gopher://127.0.0.1:6379/_INFO"])(
    "a url that is not http(s): %s",
    async (url) => {
      await expect(guarded(url)).rejects.toMatchObject({ name: "OutboundError", code: "bad_url" });
    },
  );

  it("a url with credentials", async () => {
    await expect(guarded("http://user:pass@example.com/")).rejects.toMatchObject({ code: "bad_url" });
  });
});

describe("names are resolved, every address checked, and the connection made to the checked address", () => {
  it("refuses a name that resolves to loopback", async () => {
    const dns = fakeDns({ "logo.attacker.example": ["127.0.0.1"] });
    await expect(createOutboundFetch({ lookup: dns })(`http://logo.attacker.example:${internal.port}/`)).rejects.toMatchObject(refused);
    expect(dns.calls).toEqual(["logo.attacker.example"]);
    expect(internal.hits).toEqual([]);
  });

  it("refuses a name with one public and one private address", async () => {
    const dns = fakeDns({ "mixed.example": ["93.184.216.34", "10.0.0.5"] });
    await expect(createOutboundFetch({ lookup: dns })("http://mixed.example/")).rejects.toMatchObject(refused);
  });

  it("refuses a name that resolves to an IPv4-mapped loopback address", async () => {
    const dns = fakeDns({ "mapped.example": ["::ffff:7f00:1"] });
    await expect(createOutboundFetch({ lookup: dns })(`http://mapped.example:${internal.port}/`)).rejects.toMatchObject(refused);
    expect(internal.hits).toEqual([]);
  });

  it("connects to the address it checked, without asking DNS again (rebinding)", async () => {
    // The name exists only in the injected lookup: a second, system lookup at connect time would fail with ENOTFOUND.
    const dns = fakeDns({ "pinned.test": ["127.0.0.1"] });
    const guarded = createOutboundFetch({ lookup: dns, privateOrigins: [`http://pinned.test:${internal.port}`] });
    const response = await guarded(`http://pinned.test:${internal.port}/logo.png`);
    expect(await response.text()).toBe("internal secret");
    expect(dns.calls).toEqual(["pinned.test"]);
    expect(internal.hits).toEqual([expect.objectContaining({ url: "/logo.png" })]);
    expect(internal.hits[0]!.headers.host).toBe(`pinned.test:${internal.port}`);
  });
});

describe("redirects are followed here, each hop checked again", () => {
  it("refuses a redirect from an allowed server to loopback", async () => {
    other.handle = (_req, res) => res.writeHead(302, { Location: `http://127.0.0.1:${internal.port}/admin` }).end();
    const guarded = createOutboundFetch({ privateOrigins: [other.origin], lookup: fakeDns({}) });
    await expect(guarded(`${other.origin}/logo.png`)).rejects.toMatchObject(refused);
    expect(other.hits).toHaveLength(1);
    expect(internal.hits).toEqual([]);
  });

  it("refuses a redirect to a name that resolves to a private address", async () => {
    other.handle = (_req, res) => res.writeHead(307, { Location: "http://intranet.example/" }).end();
    const guarded = createOutboundFetch({ privateOrigins: [other.origin], lookup: fakeDns({ "intranet.example": ["192.168.0.10"] }) });
    await expect(guarded(`${other.origin}/`)).rejects.toMatchObject(refused);
  });

  it("refuses a redirect to another scheme", async () => {
    other.handle = (_req, res) => res.writeHead(301, { Location: "file:///etc/passwd" }).end();
    await expect(createOutboundFetch({ privateOrigins: [other.origin] })(`${other.origin}/`)).rejects.toMatchObject({ code: "bad_url" });
  });

  it("stops after the redirect limit", async () => {
    other.handle = (req, res) => res.writeHead(302, { Location: `/again${req.url}` }).end();
    const guarded = createOutboundFetch({ privateOrigins: [other.origin], maxRedirects: 3 });
    await expect(guarded(`${other.origin}/`)).rejects.toMatchObject({ code: "too_many_redirects" });
    expect(other.hits).toHaveLength(4);
  });

  it("follows allowed redirects, and sends no credentials to another origin", async () => {
    other.handle = (req, res) =>
      req.url === "/start"
        ? res.writeHead(302, { Location: "/same" }).end()
        : res.writeHead(302, { Location: `${internal.origin}/next` }).end();
    const guarded = createOutboundFetch({ privateOrigins: [other.origin, internal.origin] });
    const response = await guarded(`${other.origin}/start`, {
      headers: { Authorization: "Bearer key_secret", "x-lot-api-key": "lot_secret", Accept: "application/json" },
    });
    expect(await response.text()).toBe("internal secret");
    expect(response.redirected).toBe(true);
    expect(response.url).toBe(`${internal.origin}/next`);
    // Same origin: the headers go along; another origin: none of the credentials.
    expect(other.hits[1]!.headers).toMatchObject({ authorization: "Bearer key_secret", "x-lot-api-key": "lot_secret" });
    expect(internal.hits[0]!.headers.authorization).toBeUndefined();
    expect(internal.hits[0]!.headers["x-lot-api-key"]).toBeUndefined();
    expect(internal.hits[0]!.headers.accept).toBe("application/json");
  });

  it("hands a redirect back unfollowed when asked to (redirect: manual)", async () => {
    other.handle = (_req, res) => res.writeHead(301, { Location: `${internal.origin}/` }).end();
    const response = await createOutboundFetch({ privateOrigins: [other.origin] })(`${other.origin}/`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(internal.hits).toEqual([]);
  });
});

describe("size and time limits", () => {
  it("cuts a body that goes over the size limit, without reading the rest", async () => {
    // An endless body: the test can only end if the client stops reading and closes the connection.
    const chunk = Buffer.alloc(16 * 1024, "x");
    other.handle = (_req, res) => {
      res.writeHead(200, { "Content-Type": "application/octet-stream" });
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
      };
      res.on("drain", pump);
      pump();
    };
    const limit = 100 * 1024;
    const response = await createOutboundFetch({ privateOrigins: [other.origin], maxBytes: limit })(`${other.origin}/huge`);
    const reader = response.body!.getReader();
    let received = 0;
    await expect(
      (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          received += value.byteLength;
        }
      })(),
    ).rejects.toMatchObject({ name: "OutboundError", code: "too_large" });
    expect(received).toBeLessThanOrEqual(limit);
    await other.closed();
  });

  it("refuses a declared length over the limit before reading the body", async () => {
    other.handle = (_req, res) => {
      res.writeHead(200, { "Content-Length": String(10 * 1024 * 1024) });
      res.write("x");
    };
    const guarded = createOutboundFetch({ privateOrigins: [other.origin], maxBytes: 1024 });
    await expect(guarded(`${other.origin}/`)).rejects.toMatchObject({ code: "too_large" });
    await other.closed();
  });

  it("gives up on a server that never answers when the time limit passes", async () => {
    const arrived = new Promise<void>((resolve) => (other.handle = () => resolve()));
    let fire: () => void = () => {};
    const startTimer: StartTimer = (_ms, onTimeout) => {
      fire = onTimeout;
      return () => (fire = () => {});
    };
    const guarded = createOutboundFetch({ privateOrigins: [other.origin], startTimer, timeoutMs: 5_000 });
    const pending = guarded(`${other.origin}/slow`);
    await arrived;
    fire();
    await expect(pending).rejects.toMatchObject({ name: "TimeoutError" });
    await other.closed();
  });

  it("gives up on a body that stalls when the time limit passes", async () => {
    other.handle = (_req, res) => {
      res.writeHead(200);
      res.write("partial");
    };
    let fire: () => void = () => {};
    const startTimer: StartTimer = (_ms, onTimeout) => {
      fire = onTimeout;
      return () => (fire = () => {});
    };
    const response = await createOutboundFetch({ privateOrigins: [other.origin], startTimer })(`${other.origin}/stall`);
    const text = response.text();
    fire();
    await expect(text).rejects.toMatchObject({ name: "TimeoutError" });
    await other.closed();
  });

  it("stops when the caller's own signal aborts", async () => {
    const arrived = new Promise<void>((resolve) => (other.handle = () => resolve()));
    const controller = new AbortController();
    const pending = createOutboundFetch({ privateOrigins: [other.origin] })(`${other.origin}/`, { signal: controller.signal });
    await arrived;
    controller.abort(new DOMException("stop", "TimeoutError"));
    await expect(pending).rejects.toMatchObject({ name: "TimeoutError" });
  });
});

describe("the allowance for local services is explicit configuration", () => {
  it("reaches a private origin only when it is listed, and only that origin", async () => {
    const guarded = createOutboundFetch({ privateOrigins: [`${internal.origin}/`] });
    expect(await (await guarded(`${internal.origin}/ok`)).text()).toBe("internal secret");
    await expect(guarded(`${other.origin}/`)).rejects.toMatchObject(refused);
    await expect(guarded(`http://localhost:${internal.port}/`)).rejects.toMatchObject(refused);
    expect(other.hits).toEqual([]);
    expect(internal.hits).toHaveLength(1);
  });

  it("resolves an allowed name with the system resolver and tries each checked address (localhost: ::1 and 127.0.0.1)", async () => {
    const guarded = createOutboundFetch({ privateOrigins: [`http://localhost:${internal.port}`] });
    expect(await (await guarded(`http://localhost:${internal.port}/by-name`)).text()).toBe("internal secret");
    expect(internal.hits).toEqual([expect.objectContaining({ url: "/by-name" })]);
  });

  it("reads the allowance from OUTBOUND_ALLOWED_PRIVATE_ORIGINS and refuses what is no origin", () => {
    const env = parseEnv({ OUTBOUND_ALLOWED_PRIVATE_ORIGINS: "http://127.0.0.1:4010, HTTP://LOCALHOST:4020/" });
    expect(env.OUTBOUND_ALLOWED_PRIVATE_ORIGINS).toEqual(["http://127.0.0.1:4010", "http://localhost:4020"]);
    expect(parseEnv({}).OUTBOUND_ALLOWED_PRIVATE_ORIGINS).toEqual([]);
    expect(() => parseEnv({ OUTBOUND_ALLOWED_PRIVATE_ORIGINS: "http://127.0.0.1:4010/api" })).toThrow(/OUTBOUND_ALLOWED_PRIVATE_ORIGINS/);
    expect(() => parseEnv({ OUTBOUND_ALLOWED_PRIVATE_ORIGINS: "127.0.0.1" })).toThrow(/not an origin/);
    expect(() => parseEnv({ OUTBOUND_ALLOWED_PRIVATE_ORIGINS: "file:///tmp" })).toThrow(/not an origin/);
  });
});

describe("every client's default fetch is the guarded one", () => {
  // This test process sets no OUTBOUND_ALLOWED_PRIVATE_ORIGINS: the loopback server is off limits by default.
  it("the default outbound fetch", async () => {
    await expect(outboundFetch(`${internal.origin}/`)).rejects.toMatchObject(refused);
  });

  it("the provider client and the spreadsheet client (API and attachments)", async () => {
    const provider = createProviderClient({ baseUrl: internal.origin, apiKey: "lot_key", maxRetries: 3, sleep: async () => {} });
    await expect(provider.fetchPage("funding", ProviderQuery.parse({}))).rejects.toMatchObject({
      kind: "http",
      attempts: 1,
      message: expect.stringMatching(/loopback address/),
    });
    // A refused address is refused again: not retried (a retry would wait, and this client's sleep is the real one).
    const client = createSpreadsheetApi({ apiUrl: internal.origin, apiKey: "key", baseId: "app1" });
    await expect(client.getRecord("Companies", "rec1")).rejects.toMatchObject({ reason: "network" });
    await expect(client.fetchAttachment(`${internal.origin}/files/logo.png?sig=secret`)).rejects.toThrow(/loopback address/);
    await expect(client.listTables()).rejects.toThrow(/loopback address/);
    expect(internal.hits).toEqual([]);
  });
});
