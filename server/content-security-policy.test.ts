/**
 * The policy formatted once must be the header helmet formats on every response: the same directives, the same
 * order, the response's nonce in script-src, and a dropped default left out.
 */
import helmet from "helmet";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, NONCE } from "./content-security-policy.ts";

/** What helmet's own middleware sets for these directives, the nonce given as a function of the response. */
function helmetHeader(directives: Record<string, Array<string | ((req: IncomingMessage, res: ServerResponse) => string)> | null>) {
  let header = "";
  const res = { setHeader: (_name: string, value: string) => (header = value) } as unknown as ServerResponse;
  helmet.contentSecurityPolicy({ directives })({} as IncomingMessage, res, () => {});
  return header;
}

describe("contentSecurityPolicy", () => {
  it("is helmet's header, with each response's own nonce", () => {
    const policy = contentSecurityPolicy({
      "script-src": ["'self'", `'nonce-${NONCE}'`],
      "img-src": ["'self'", "data:", "https:"],
      "form-action": ["'self'", "https://checkout.stripe.com"],
      "upgrade-insecure-requests": null,
    });
    for (const nonce of ["bm9uY2Ux", "c2Vjb25k"]) {
      expect(policy(nonce)).toBe(
        helmetHeader({
          "script-src": ["'self'", () => `'nonce-${nonce}'`],
          "img-src": ["'self'", "data:", "https:"],
          "form-action": ["'self'", "https://checkout.stripe.com"],
          "upgrade-insecure-requests": null,
        }),
      );
      expect(policy(nonce)).toContain(`script-src 'self' 'nonce-${nonce}'`);
    }
    expect(policy("x")).not.toContain("upgrade-insecure-requests");
    expect(policy("x")).toContain("frame-ancestors 'self'");
  });

  it("refuses a nonce asked for twice", () => {
    expect(() => contentSecurityPolicy({ "script-src": [NONCE], "style-src": [NONCE] })).toThrow(/once/);
  });
});
