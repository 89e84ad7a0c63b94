/**
 * Which network addresses the server may fetch from (DESIGN D16): only public unicast ones. Pure: the outbound
 * fetch (outbound-fetch.server.ts) resolves a host, then asks here about every address it got.
 *
 * Addresses are parsed rather than compared as strings, because the same address has many spellings (127.1,
 * 2130706433, 0x7f.0.0.1, ::ffff:127.0.0.1, ::ffff:7f00:1, fe80::1%eth0) and a list of strings misses some of them.
 * The parsing and the range arithmetic are ipaddr.js's, which knows every spelling inet_aton and RFC 4291 allow
 * (decision 0112); the policy (which ranges are refused, and what each is called) is ours, below.
 */
import ipaddr from "ipaddr.js";

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

export interface AddressVerdict {
  /** True only for a public unicast address. */
  allowed: boolean;
  /** What the address is: "public", "loopback", "private", "link-local", "cloud metadata", ... */
  range: string;
}

const PUBLIC: AddressVerdict = { allowed: true, range: "public" };
const blocked = (range: string): AddressVerdict => ({ allowed: false, range });

/** A URL's host keeps an IPv6 literal in brackets ([::1]); a resolver's answer does not. */
const withoutBrackets = (text: string) => (text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text);

function parseV4(text: string): IPv4 | null {
  // One trailing dot is the root of the DNS, and resolvers accept "127.0.0.1." as the address. A bare "0x" part is
  // zero to inet_aton (and to a URL parser), not to ipaddr.js.
  const value = (text.endsWith(".") ? text.slice(0, -1) : text).replace(/(^|\.)0x(?=\.|$)/gi, "$10");
  return ipaddr.IPv4.isValid(value) ? ipaddr.IPv4.parse(value) : null;
}

/**
 * The IPv4 tail of an IPv6 address (::ffff:127.0.0.1) is dotted decimal only (RFC 4291, inet_pton, the URL
 * standard); ipaddr.js would also read hex and leading zeros there, each its own way, so such text is no address.
 */
const DOTTED_DECIMAL_TAIL = /:((0|[1-9]\d{0,2})\.){3}(0|[1-9]\d{0,2})$/;

function parseV6(text: string): IPv6 | null {
  // The zone (fe80::1%eth0.100) names the interface, not the address: any interface name goes.
  const value = withoutBrackets(text).replace(/%[\w.-]+$/, "");
  if (value.includes("%") || (value.includes(".") && !DOTTED_DECIMAL_TAIL.test(value))) return null;
  // ipaddr.js reads ::a.b.c.d as ::ffff:a.b.c.d; it is the IPv4-compatible ::a.b:c.d (RFC 4291), as Node reads it.
  const spelled = /^::[\d.]+$/.test(value) ? `0${value}` : value;
  return ipaddr.IPv6.isValid(spelled) ? ipaddr.IPv6.parse(spelled) : null;
}

/**
 * An IPv4 address in any spelling inet_aton (and so a resolver or a URL parser) accepts: one to four parts, each
 * decimal, 0x-hex or 0-led octal, the last part filling the remaining bytes (127.1 = 127.0.0.1, 2130706433 =
 * 127.0.0.1); one trailing dot is allowed. Null when the text is no IPv4 address.
 */
export function parseIPv4(text: string): number | null {
  const address = parseV4(text);
  return address ? address.octets.reduce((value, octet) => value * 256 + octet, 0) : null;
}

/**
 * An IPv6 address as 16 bytes: `::` compression, an IPv4 tail (::ffff:127.0.0.1), brackets ([::1]) and a zone
 * (fe80::1%eth0) are accepted. Null when the text is no IPv6 address.
 */
export function parseIPv6(text: string): Uint8Array | null {
  const address = parseV6(text);
  return address ? Uint8Array.from(address.toByteArray()) : null;
}

/** A policy table: CIDR ranges, most specific first (the first range holding the address names it). */
function ranges<T extends IPv4 | IPv6>(parse: (cidr: string) => [T, number], table: Array<[cidr: string, range: string]>) {
  return table.map(([cidr, range]) => ({ cidr: parse(cidr), range }));
}

const IPV4_RANGES = ranges(
  (cidr) => ipaddr.IPv4.parseCIDR(cidr),
  [
    ["169.254.169.254/32", "cloud metadata"],
    ["100.100.100.200/32", "cloud metadata"],
    ["0.0.0.0/8", "unspecified"],
    ["10.0.0.0/8", "private"],
    ["100.64.0.0/10", "shared (carrier-grade NAT)"],
    ["127.0.0.0/8", "loopback"],
    ["169.254.0.0/16", "link-local"],
    ["172.16.0.0/12", "private"],
    ["192.0.0.0/24", "reserved"],
    ["192.0.2.0/24", "documentation"],
    ["192.88.99.0/24", "reserved"],
    ["192.168.0.0/16", "private"],
    ["198.18.0.0/15", "reserved (benchmarking)"],
    ["198.51.100.0/24", "documentation"],
    ["203.0.113.0/24", "documentation"],
    ["224.0.0.0/4", "multicast"],
    ["240.0.0.0/4", "reserved"],
  ],
);

function classifyIPv4(address: IPv4): AddressVerdict {
  const found = IPV4_RANGES.find(({ cidr }) => address.match(cidr));
  return found ? blocked(found.range) : PUBLIC;
}

/** The IPv4 address in four bytes of an IPv6 one (bytes 12-15, or from `at`). */
const embeddedIPv4 = (address: IPv6, at = 12) => ipaddr.fromByteArray(address.toByteArray().slice(at, at + 4)) as IPv4;

/**
 * IPv6 forms that carry an IPv4 address: judged by that address, so ::ffff:127.0.0.1 is loopback. The name says
 * how it was carried: "loopback (IPv4-mapped)".
 */
const CARRIERS = ranges(
  (cidr) => ipaddr.IPv6.parseCIDR(cidr),
  [
    ["::ffff:0:0/96", "IPv4-mapped"],
    ["::ffff:0:0:0/96", "IPv4-translated"],
    ["64:ff9b::/96", "NAT64"],
  ],
);
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR("2002::/16");

/** Checked in order after the unspecified and loopback addresses and the IPv4 carriers. */
const IPV6_RANGES = ranges(
  (cidr) => ipaddr.IPv6.parseCIDR(cidr),
  [
    ["::/96", "reserved (IPv4-compatible)"],
    // The instance metadata service over IPv6 (it is in fc00::/7 too; named for the message).
    ["fd00:ec2::254/128", "cloud metadata"],
    ["fc00::/7", "private (unique local)"],
    ["fe80::/10", "link-local"],
    ["fec0::/10", "site-local"],
    ["ff00::/8", "multicast"],
  ],
);
/** Global unicast is 2000::/3; everything else (discard-only 100::/64, local NAT64 64:ff9b:1::/48, ...) is not. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR("2000::/3");
const WITHIN_GLOBAL_UNICAST = ranges(
  (cidr) => ipaddr.IPv6.parseCIDR(cidr),
  [
    ["2001:db8::/32", "documentation"],
    ["3fff::/20", "documentation"],
    // IETF protocol assignments, Teredo (2001::/32) among them.
    ["2001::/23", "reserved"],
  ],
);

const inner = (verdict: AddressVerdict, how: string): AddressVerdict => (verdict.allowed ? PUBLIC : blocked(`${verdict.range} (${how})`));

function classifyIPv6(address: IPv6): AddressVerdict {
  const range = address.range();
  if (range === "unspecified" || range === "loopback") return blocked(range);
  const carrier = CARRIERS.find(({ cidr }) => address.match(cidr));
  if (carrier) return inner(classifyIPv4(embeddedIPv4(address)), carrier.range);
  if (address.match(SIX_TO_FOUR)) return inner(classifyIPv4(embeddedIPv4(address, 2)), "6to4");
  const special = IPV6_RANGES.find(({ cidr }) => address.match(cidr));
  if (special) return blocked(special.range);
  if (!address.match(GLOBAL_UNICAST)) return blocked("reserved");
  const assigned = WITHIN_GLOBAL_UNICAST.find(({ cidr }) => address.match(cidr));
  return assigned ? blocked(assigned.range) : PUBLIC;
}

/** An IP literal in any spelling, or null for a name (which must be resolved and its addresses classified). */
export function parseIpLiteral(host: string): { family: 4 | 6; verdict: AddressVerdict } | null {
  const ipv4 = parseV4(host);
  if (ipv4) return { family: 4, verdict: classifyIPv4(ipv4) };
  const ipv6 = parseV6(host);
  if (ipv6) return { family: 6, verdict: classifyIPv6(ipv6) };
  return null;
}

/** Whether a resolved address (any spelling) is one we may connect to; text that is no address is refused. */
export function classifyAddress(address: string): AddressVerdict {
  return parseIpLiteral(address)?.verdict ?? blocked("not an IP address");
}

/** localhost and *.localhost are loopback by definition (RFC 6761), whatever a resolver says. */
export function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}
