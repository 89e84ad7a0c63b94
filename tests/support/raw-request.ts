/**
 * Test code only: one HTTP request through node:http, whose request target goes out exactly as written (fetch and
 * curl without --path-as-is resolve "..", so they cannot send what an attacker sends), with any method, even one
 * fetch refuses (TRACE). The answer's headers keep their names in lower case.
 */
import { request } from "node:http";

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawRequest {
  method?: string;
  /** The request target as sent: "/api/x/../settings", "/API/debug/whoami?x=1". */
  path: string;
  headers?: Record<string, string>;
  /** Sent as an urlencoded form (with its Content-Type) unless `headers` says otherwise. */
  form?: Record<string, string>;
  body?: string;
}

export function rawRequest(base: string, { method = "GET", path, headers = {}, form, body }: RawRequest): Promise<RawAnswer> {
  const url = new URL(base);
  const payload = form ? new URLSearchParams(form).toString() : body;
  const sent: Record<string, string> = { ...headers };
  if (form && !Object.keys(sent).some((name) => name.toLowerCase() === "content-type"))
    sent["Content-Type"] = "application/x-www-form-urlencoded";
  if (payload !== undefined) sent["Content-Length"] = String(Buffer.byteLength(payload));
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: url.hostname, port: url.port, method, path, headers: sent, agent: false }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => {
        const names: Record<string, string> = {};
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (value !== undefined) names[name] = Array.isArray(value) ? value.join(", ") : value;
        }
        resolve({ status: incoming.statusCode ?? 0, headers: names, body: Buffer.concat(chunks).toString("utf8") });
      });
      incoming.on("error", reject);
    });
    outgoing.setTimeout(60_000, () => outgoing.destroy(new Error(`${method} ${path}: no answer within 60 s`)));
    outgoing.on("error", reject);
    outgoing.end(payload);
  });
}
