import { getEnv, publicUrl, type Env } from "~/lib/env.server.ts";

/**
 * The origin every canonical, Open Graph, sitemap and JSON-LD URL starts with: PUBLIC_URL. Where it is not set
 * (a developer's machine, a benchmark on 127.0.0.1) the address the request came in on, so that a canonical
 * link never names another host than the one being crawled; production sets PUBLIC_URL, as sign-in needs it.
 */
export function siteOrigin(request: Request, env: Env = getEnv()): string {
  if (env.PUBLIC_URL) return publicUrl(env);
  return new URL(request.url).origin;
}
