/**
 * The rate-limit fields of a keyed API answer, as the current IETF draft has them (draft-ietf-httpapi-ratelimit-
 * headers-11, decision 0069 replacing 0061's draft-07 fields): two structured-field lists with one item per quota
 * policy, named the same in both.
 *
 *   RateLimit-Policy: "minute";q=60;w=60, "month";q=10000;w=2592000   the policies: quota q per window w seconds
 *   RateLimit: "minute";r=59;t=30, "month";r=9999;t=1500000          what is left (r) and for how long (t seconds)
 *
 * A client that keeps r above zero for every policy it is told about is never refused.
 */

export interface Allowance {
  /** The policy's name: a structured-field string of lower-case letters. */
  policy: string;
  limit: number;
  /** Calls left in the window after this one. */
  remaining: number;
  /** Whole seconds until the window starts again. */
  resetSeconds: number;
  /** The window's length in seconds, for the policy. */
  windowSeconds: number;
}

const POLICY_NAME = /^[a-z][a-z0-9-]*$/;

const name = (allowance: Allowance) => {
  if (!POLICY_NAME.test(allowance.policy)) throw new RangeError(`rate-limit policy name "${allowance.policy}"`);
  return `"${allowance.policy}"`;
};
const whole = (value: number) => Math.max(0, Math.ceil(value));

export function rateLimitHeaders(allowances: readonly Allowance[]): Record<string, string> {
  if (allowances.length === 0) throw new RangeError("no allowance");
  return {
    "RateLimit-Policy": allowances.map((a) => `${name(a)};q=${whole(a.limit)};w=${Math.max(1, whole(a.windowSeconds))}`).join(", "),
    RateLimit: allowances.map((a) => `${name(a)};r=${whole(a.remaining)};t=${whole(a.resetSeconds)}`).join(", "),
  };
}
