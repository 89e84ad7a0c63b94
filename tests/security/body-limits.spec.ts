/**
 * Bounded input (issue 14, finding 4; decision 0032): every kind of body has a limit, enforced as the bytes arrive,
 * answered 413; and every answer leaves the keep-alive connection in a known state. What we designed and assert:
 * - a body over its limit (declared, or counted while chunked) is answered 413 with `Connection: close`, and the
 *   server stops reading: the rest of a 64 MB upload is never taken in;
 * - a body within its limit that the route never reads (404, 405, 401, the CSRF 403, 429) is drained after the
 *   answer when its length is declared, and the next request on the same connection is answered;
 * - such a body sent chunked (length unknown) gets `Connection: close`, and the server closes.
 * Raw sockets, because a client library hides exactly this. Each connection comes from its own 127.x address, so
 * the per-address limits it trips (feature applications, 5 an hour) never touch the journeys running beside it.
 */
import { expect, test } from "../e2e/support/test.ts";
import { BODY_LIMITS, type BodyKind } from "../../app/lib/body-limits.ts";
import { RawConnection, requestHead, type RawResponse } from "./support/raw-http.ts";

const PORT = Number(process.env.E2E_PORT || 3210);
const HOST = `127.0.0.1:${PORT}`;
const HUGE = 64 * 1024 * 1024;

let nextAddress = 20;
/** A loopback address of its own for each connection (Linux routes all of 127/8 to this machine). */
const address = () => `127.0.0.${nextAddress++}`;

const KINDS: Array<{ kind: BodyKind; path: string; contentType: string }> = [
  // Each route reads its body through the one reader (readBody / readForm).
  { kind: "json", path: "/api/intro-requests", contentType: "application/json" },
  { kind: "form", path: "/pilot", contentType: "application/x-www-form-urlencoded" },
  { kind: "multipart", path: "/get-featured/startup", contentType: "multipart/form-data; boundary=----fuzz" },
];

/** The second request on a connection: answered, or the connection is closed; never silence. */
async function secondRequest(connection: RawConnection): Promise<RawResponse | null> {
  await connection.write(requestHead("GET", "/healthz", { host: HOST }), false);
  return connection.nextResponse();
}

/** A 413 that says the limit, and closes. A form with files sent chunked is answered by its own form, beside the logo. */
function expectTooLarge(response: RawResponse | null, kind: BodyKind, chunked: boolean) {
  expect(response?.status, "a 413 answer").toBe(413);
  expect(response?.headers.connection).toBe("close");
  const limit = BODY_LIMITS[kind] >= 1024 * 1024 ? `${BODY_LIMITS[kind] / 1024 / 1024} MB` : `${BODY_LIMITS[kind] / 1024} KB`;
  if (kind === "multipart" && chunked) expect(response?.body).toContain("The logo is too large; the limit is 1 MB.");
  else expect(response?.body).toContain(`at most ${limit}`);
}

test.describe("a body over its limit", () => {
  for (const { kind, path, contentType } of KINDS) {
    test(`${kind}, declared: 413 before a byte of the body is sent, then the server stops reading and closes`, async () => {
      const connection = await RawConnection.open(PORT, address());
      try {
        await connection.write(requestHead("POST", path, { host: HOST, contentType, length: HUGE }), false);
        expectTooLarge(await connection.nextResponse(), kind, false);
        expect(connection.bytesSent).toBe(0);
        await connection.serverEnded();
        await connection.sendBody(HUGE);
        await connection.serverClosed();
        expect(connection.bytesSent, "the server closed long before the 64 MB were sent").toBeLessThan(HUGE / 2);
      } finally {
        connection.destroy();
      }
    });

    test(`${kind}, chunked: 413 as soon as the limit is passed, then the server stops reading and closes`, async () => {
      const connection = await RawConnection.open(PORT, address());
      try {
        await connection.write(requestHead("POST", path, { host: HOST, contentType, length: null }), false);
        // One chunk past the limit, and no end: the answer must come while the body is still open.
        await connection.sendBody(BODY_LIMITS[kind] + 64 * 1024, { chunked: true });
        expectTooLarge(await connection.nextResponse(), kind, true);
        await connection.sendBody(HUGE, { chunked: true });
        await connection.serverClosed();
        expect(connection.bytesSent).toBeLessThan(HUGE / 2);
      } finally {
        connection.destroy();
      }
    });
  }

  test("declared: no route runs, not even one that would act without reading its body", async () => {
    const connection = await RawConnection.open(PORT, address());
    try {
      // Signed out, this operator API answers 401; with a body declared over the limit the guard answers first.
      await connection.write(
        requestHead("POST", "/api/debug/industries-migration", {
          host: HOST,
          contentType: "application/json",
          length: BODY_LIMITS.json + 1,
        }),
        false,
      );
      const response = await connection.nextResponse();
      expect(response?.status).toBe(413);
      expect(JSON.parse(response?.body ?? "{}")).toEqual({ error: "The request is too large: a JSON body may be at most 256 KB." });
    } finally {
      connection.destroy();
    }
  });

  test("of another type, declared: 413 whatever the route would have answered", async () => {
    const connection = await RawConnection.open(PORT, address());
    try {
      await connection.write(
        requestHead("POST", "/api/listings", { host: HOST, contentType: "text/plain", length: BODY_LIMITS.other + 1 }),
        false,
      );
      const response = await connection.nextResponse();
      expect(response?.status).toBe(413);
      expect(JSON.parse(response?.body ?? "{}")).toEqual({ error: "The request is too large: a body of this type may be at most 64 KB." });
      expect(response?.headers.connection).toBe("close");
    } finally {
      connection.destroy();
    }
  });
});

test.describe("a body within its limit that the route does not read", () => {
  const BODY = 200 * 1024;
  const cases: Array<{ name: string; status: number; method: string; path: string; headers?: Record<string, string> }> = [
    { name: "404 (a page that does not exist)", status: 404, method: "GET", path: "/no-such-page" },
    { name: "405 (a resource route without an action)", status: 405, method: "POST", path: "/api/listings" },
    { name: "401 (an operator API, signed out)", status: 401, method: "POST", path: "/api/admin/cleanup-duplicates" },
    { name: "403 (the CSRF check)", status: 403, method: "POST", path: "/pilot", headers: { Origin: "https://evil.example" } },
  ];

  for (const { name, status, method, path, headers } of cases) {
    test(`${name}: drained after the answer, and the next request on the connection is answered`, async () => {
      const connection = await RawConnection.open(PORT, address());
      try {
        const head = requestHead(method, path, { host: HOST, contentType: "application/x-www-form-urlencoded", length: BODY, headers });
        await connection.write(headers?.Origin ? head.replace(`Origin: http://${HOST}\r\n`, "") : head, false);
        await connection.sendBody(BODY);
        const first = await connection.nextResponse();
        expect(first?.status).toBe(status);
        expect(first?.headers.connection).toBe("keep-alive");
        const second = await secondRequest(connection);
        expect(second?.status, "the second request on the same connection").toBe(200);
        expect(second?.body).toBe('{"status":"ok"}');
      } finally {
        connection.destroy();
      }
    });

    test(`${name}, chunked: Connection: close, and the server closes`, async () => {
      const connection = await RawConnection.open(PORT, address());
      try {
        const head = requestHead(method, path, { host: HOST, contentType: "application/x-www-form-urlencoded", length: null, headers });
        await connection.write(headers?.Origin ? head.replace(`Origin: http://${HOST}\r\n`, "") : head, false);
        await connection.sendBody(BODY, { chunked: true });
        await connection.write("0\r\n\r\n", false);
        const first = await connection.nextResponse();
        expect(first?.status).toBe(status);
        expect(first?.headers.connection).toBe("close");
        await connection.serverEnded();
      } finally {
        connection.destroy();
      }
    });
  }

  test("429 (feature applications over the hourly limit): the next request on the connection is answered", async () => {
    const from = address();
    const form = (extra = "") => `------fuzz\r\nContent-Disposition: form-data; name="name"\r\n\r\nAcme${extra}\r\n------fuzz--\r\n`;
    // Five applications without the robot check: refused (400) before anything is stored, but counted.
    for (let i = 0; i < 5; i++) {
      const connection = await RawConnection.open(PORT, from);
      try {
        const body = form();
        await connection.write(
          requestHead("POST", "/get-featured/startup", {
            host: HOST,
            contentType: "multipart/form-data; boundary=----fuzz",
            length: body.length,
          }),
          false,
        );
        await connection.write(body);
        expect((await connection.nextResponse())?.status).toBe(400);
      } finally {
        connection.destroy();
      }
    }
    const connection = await RawConnection.open(PORT, from);
    try {
      const body = form("x".repeat(BODY));
      await connection.write(
        requestHead("POST", "/get-featured/startup", {
          host: HOST,
          contentType: "multipart/form-data; boundary=----fuzz",
          length: body.length,
        }),
        false,
      );
      await connection.write(body);
      const first = await connection.nextResponse();
      expect(first?.status).toBe(429);
      expect((await secondRequest(connection))?.status).toBe(200);
    } finally {
      connection.destroy();
    }
  });
});

test.describe("a body the route reads", () => {
  test("within the limit, chunked: answered, and the connection serves the next request", async () => {
    const connection = await RawConnection.open(PORT, address());
    try {
      await connection.write(
        requestHead("POST", "/api/intro-requests", { host: HOST, contentType: "application/json", length: null }),
        false,
      );
      await connection.sendBody(BODY_LIMITS.json - 1024, { chunked: true, fill: " " });
      await connection.write("1\r\n{\r\n0\r\n\r\n", false);
      const first = await connection.nextResponse();
      expect(first?.status).toBe(400);
      expect(JSON.parse(first?.body ?? "{}").error).toMatch(/^The body is not valid JSON/);
      expect(first?.headers.connection).toBe("keep-alive");
      expect((await secondRequest(connection))?.status).toBe(200);
    } finally {
      connection.destroy();
    }
  });
});
