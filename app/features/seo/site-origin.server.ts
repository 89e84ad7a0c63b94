import { getEnv, publicUrl, type Env } from "~/lib/env.server.ts";

/**
 * The origin every canonical, Open Graph, sitemap, robots.txt and JSON-LD URL starts with: PUBLIC_URL, or
 * http://localhost:PORT without it (decision 0072). Never the request's Host or X-Forwarded-Host: those are the
 * client's to choose, and robots.txt and the sitemap are cached publicly, so a crafted host would be served to
 * everyone after it.
 */
export function siteOrigin(env: Env = getEnv()): string {
  return publicUrl(env);
}
