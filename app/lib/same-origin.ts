/**
 * CSRF protection for every state-changing request (issue 3 §9): the browser must say the request comes
 * from our own origin. Browsers send `Origin` on every POST; `Sec-Fetch-Site` is the fallback. A request
 * with neither (curl, a server) is allowed only when it carries no cookie, so it holds no ambient session.
 */
export interface RequestFacts {
  method: string;
  origin: string | null | undefined;
  referer: string | null | undefined;
  secFetchSite: string | null | undefined;
  hasCookie: boolean;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

/** True when the request may proceed; `allowedOrigins` are exact origins such as "https://introbase.example". */
export function passesOriginCheck(facts: RequestFacts, allowedOrigins: readonly string[]): boolean {
  if (isSafeMethod(facts.method)) return true;
  if (facts.origin && facts.origin !== "null") return allowedOrigins.includes(facts.origin);
  if (facts.secFetchSite) return facts.secFetchSite === "same-origin" || facts.secFetchSite === "none";
  if (facts.referer) {
    try {
      return allowedOrigins.includes(new URL(facts.referer).origin);
    } catch {
      return false;
    }
  }
  return !facts.hasCookie;
}
