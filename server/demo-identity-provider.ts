/**
 * The local OpenID provider that stands in for Google or LinkedIn when no real client credentials are set
 * (DESIGN D9: the real client code runs, only the far end is local). It is oauth2-mock-server with one step
 * added: its authorization endpoint is a page listing the demo users, and the chosen one becomes the subject
 * of the ID token. Served on our own origin under /dev/oidc/{provider}, so the browser's cookies and the
 * redirect URI stay on one host.
 *
 * The mock itself is lax (it accepts any code, and checks PKCE only when a verifier is sent); the security
 * that matters (state, PKCE, nonce, ID-token signature, issuer and audience) is checked by our side, Better
 * Auth, and the tests assert it there.
 */
import type { Request, Response, Router } from "express";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Events, OAuth2Issuer, OAuth2Service } from "oauth2-mock-server";
import { DEMO_USERS, type DemoUser } from "#db/seed/demo-users.ts";
import { PROVIDER_NAMES, type IdentityProvider } from "~/lib/identity-providers.server.ts";

/** Codes are single use and expire like real ones. */
const CODE_LIFETIME_MS = 2 * 60 * 1000;

interface Grant {
  user: DemoUser;
  expires: number;
}

function claimsOf(user: DemoUser) {
  return { sub: user.id, email: user.email, email_verified: true, name: user.name, picture: null };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function chooserPage(provider: IdentityProvider, query: URLSearchParams, nonce: string): string {
  const name = PROVIDER_NAMES[provider.id];
  const redirect = query.get("redirect_uri") ?? "";
  const cancel = new URL(redirect);
  cancel.searchParams.set("error", "access_denied");
  if (query.get("state")) cancel.searchParams.set("state", query.get("state")!);
  const choices = DEMO_USERS.map((user) => {
    const params = new URLSearchParams(query);
    params.set("demo_user", user.id);
    return `<li><a href="authorize?${escapeHtml(params.toString())}"><strong>${escapeHtml(user.name)}</strong>
      <span>${escapeHtml(user.email)}</span><span>${escapeHtml(user.description)}</span></a></li>`;
  }).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with ${name} (local demo)</title><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style nonce="${nonce}">
body{font-family:system-ui,sans-serif;margin:0;background:#f6f7f9;color:#111827}main{max-width:28rem;margin:3rem auto;padding:0 1rem}
h1{font-size:1.25rem}p{color:#4b5563;line-height:1.5}ul{list-style:none;padding:0;display:grid;gap:.75rem}
a{display:grid;gap:.15rem;padding:.9rem 1rem;border:1px solid #d1d5db;border-radius:.6rem;background:#fff;color:inherit;text-decoration:none}
a:hover,a:focus-visible{border-color:#2563eb;outline:2px solid #2563eb}span{font-size:.85rem;color:#4b5563}.cancel{display:inline;border:0;padding:0;background:none;color:#1d4ed8;text-decoration:underline}
@media (prefers-color-scheme:dark){body{background:#0b0f17;color:#e5e7eb}a{background:#111827;border-color:#374151}p,span{color:#9ca3af}.cancel{color:#93c5fd}}
</style></head><body><main>
<h1>Sign in with ${name}: local demo provider</h1>
<p>No ${name} client is configured, so this local provider signs you in instead. Choose a demo account:</p>
<ul>${choices}</ul>
<p><a class="cancel" href="${escapeHtml(cancel.toString())}">Cancel and go back</a></p>
</main></body></html>`;
}

/** Mounts the demo provider for each local provider at /dev/oidc/{id} on the given router. */
export async function mountDemoIdentityProviders(router: Router, providers: IdentityProvider[], issuerOf: (p: IdentityProvider) => string) {
  for (const provider of providers.filter((p) => p.local)) {
    const issuer = new OAuth2Issuer();
    issuer.url = issuerOf(provider);
    await issuer.keys.generate("RS256");
    const service = new OAuth2Service(issuer);
    const grants = new Map<string, Grant>();

    // Discovery names the chooser page as the authorization endpoint; the page then calls the real one.
    service.on(Events.BeforeWellKnownOpenIdConfiguration, (response: { body: Record<string, unknown> }) => {
      response.body.authorization_endpoint = `${issuer.url}/choose-account`;
    });
    service.addRoute("GET", "/choose-account", (req: IncomingMessage & { query?: unknown }, res: ServerResponse) => {
      const query = new URLSearchParams(req.url?.split("?")[1] ?? "");
      const redirect = query.get("redirect_uri") ?? "";
      if (
        !query.get("client_id") ||
        query.get("client_id") !== provider.clientId ||
        !redirect.startsWith(`${new URL(issuer.url!).origin}/`)
      ) {
        res.writeHead(400, { "content-type": "text/plain; charset=utf-8" }).end("Unknown client or redirect_uri.");
        return;
      }
      const nonce = String((res as unknown as Response).locals?.cspNonce ?? "");
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
        .end(chooserPage(provider, query, nonce));
    });
    service.on(Events.BeforeAuthorizeRedirect, (authorize: { url: URL }, req: { query: Record<string, unknown> }) => {
      const user = DEMO_USERS.find((u) => u.id === String(req.query.demo_user ?? ""));
      const code = authorize.url.searchParams.get("code");
      if (!user || !code || req.query.client_id !== provider.clientId) {
        authorize.url.searchParams.delete("code");
        authorize.url.searchParams.set("error", "access_denied");
        return;
      }
      for (const [old, grant] of grants) if (grant.expires <= Date.now()) grants.delete(old);
      grants.set(code, { user, expires: Date.now() + CODE_LIFETIME_MS });
    });
    service.on(Events.BeforeTokenSigning, (token: { payload: Record<string, unknown> }, req: { body?: Record<string, unknown> }) => {
      const grant = grants.get(String(req.body?.code ?? ""));
      if (grant && grant.expires > Date.now()) Object.assign(token.payload, claimsOf(grant.user));
    });
    // One exchange per code: the second one gets tokens without a subject's claims, which the client refuses.
    service.on(Events.BeforeResponse, (_response: unknown, req: { body?: Record<string, unknown> }) => {
      grants.delete(String(req.body?.code ?? ""));
    });
    service.on(Events.BeforeUserinfo, (response: { body: Record<string, unknown> }, req: IncomingMessage) => {
      const bearer = String(req.headers.authorization ?? "").replace(/^Bearer /, "");
      const sub = decodeSubject(bearer);
      const user = DEMO_USERS.find((u) => u.id === sub);
      if (user) response.body = claimsOf(user);
    });

    const handler = service.requestHandler;
    router.use(`/dev/oidc/${provider.id}`, (req: Request, res: Response) => {
      // The mock assigns req.query, which Express 5 defines as a getter: shadow it with a plain property.
      Object.defineProperty(req, "query", { value: undefined, writable: true, configurable: true, enumerable: true });
      void handler(req, res);
    });
  }
}

function decodeSubject(jwt: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8")) as { sub?: unknown };
    return typeof payload.sub === "string" ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}
