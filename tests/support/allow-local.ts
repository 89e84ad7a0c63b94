/**
 * The outbound fetch (DESIGN D16) with an explicit allowance for a test's own local servers: the same guard as in
 * production, configured the way OUTBOUND_ALLOWED_PRIVATE_ORIGINS configures it, for these origins only.
 */
import { createOutboundFetch } from "~/lib/outbound-fetch.server.ts";

export function fetchAllowing(...origins: string[]): typeof fetch {
  return createOutboundFetch({ privateOrigins: origins });
}
