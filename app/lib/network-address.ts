/**
 * Which network addresses the server may fetch from (DESIGN D16): only public unicast ones. Pure: the outbound
 * fetch (outbound-fetch.server.ts) resolves a host, then asks here about every address it got.
 *
 * Addresses are parsed here rather than trusted as strings, because the same address has many spellings
 * (127.1, 2130706433, 0x7f.0.0.1, ::ffff:127.0.0.1, ::ffff:7f00:1) and a list of strings misses some of them.
 */

export interface AddressVerdict {
  /** True only for a public unicast address. */
  allowed: boolean;
  /** What the address is: "public", "loopback", "private", "link-local", "cloud metadata", ... */
  range: string;
}

const PUBLIC: AddressVerdict = { allowed: true, range: "public" };
const blocked = (range: string): AddressVerdict => ({ allowed: false, range });

/**
 * An IPv4 address in any spelling inet_aton (and so a resolver or a URL parser) accepts: one to four parts, each
 * decimal, 0x-hex or 0-led octal, the last part filling the remaining bytes (127.1 = 127.0.0.1, 2130706433 =
 * 127.0.0.1); one trailing dot is allowed. Null when the text is no IPv4 address.
 */
export function parseIPv4(text: string): number | null {
  const parts = text.replace(/\.$/, "").split(".");
  if (parts.length < 1 || parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]*$/i.test(part)) value = part.length === 2 ? 0 : parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) value = parseInt(part, 8);
    else if (/^(0|[1-9][0-9]*)$/.test(part)) value = Number(part);
    else return null;
    if (!Number.isSafeInteger(value)) return null;
    values.push(value);
  }
  const last = values.pop()!;
  if (values.some((v) => v > 255) || last >= 256 ** (4 - values.length)) return null;
  let address = 0;
  values.forEach((v, i) => (address += v * 256 ** (3 - i)));
  return address + last;
}

/**
 * An IPv6 address as 16 bytes: `::` compression, an IPv4 tail (::ffff:127.0.0.1), brackets ([::1]) and a zone
 * (fe80::1%eth0) are accepted. Null when the text is no IPv6 address.
 */
export function parseIPv6(text: string): Uint8Array | null {
  let value = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  value = value.replace(/%[\w.-]+$/, "");
  if (!value.includes(":") || !/^[0-9a-f:.]+$/i.test(value)) return null;
  const halves = value.split("::");
  if (halves.length > 2) return null;
  const groups = (half: string): number[] | null => {
    if (half === "") return [];
    const out: number[] = [];
    const pieces = half.split(":");
    for (const [i, piece] of pieces.entries()) {
      if (piece.includes(".")) {
        // An IPv4 tail: only as the last piece, and only in dotted-quad form.
        if (i !== pieces.length - 1 || !/^\d{1,3}(\.\d{1,3}){3}$/.test(piece)) return null;
        const v4 = parseIPv4(piece);
        if (v4 === null) return null;
        out.push(Math.floor(v4 / 65536), v4 % 65536);
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) out.push(parseInt(piece, 16));
      else return null;
    }
    return out;
  };
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<number>(missing).fill(0), ...tail];
  const bytes = new Uint8Array(16);
  all.forEach((g, i) => {
    bytes[2 * i] = g >> 8;
    bytes[2 * i + 1] = g & 0xff;
  });
  return bytes;
}

const v4 = (a: number, b: number, c: number, d: number) => ((a * 256 + b) * 256 + c) * 256 + d;

/** Most specific first: the first range holding the address names it. */
const IPV4_RANGES: Array<[base: number, prefix: number, range: string]> = [
  [v4(169, 254, 169, 254), 32, "cloud metadata"],
  [v4(100, 100, 100, 200), 32, "cloud metadata"],
  [v4(0, 0, 0, 0), 8, "unspecified"],
  [v4(10, 0, 0, 0), 8, "private"],
  [v4(100, 64, 0, 0), 10, "shared (carrier-grade NAT)"],
  [v4(127, 0, 0, 0), 8, "loopback"],
  [v4(169, 254, 0, 0), 16, "link-local"],
  [v4(172, 16, 0, 0), 12, "private"],
  [v4(192, 0, 0, 0), 24, "reserved"],
  [v4(192, 0, 2, 0), 24, "documentation"],
  [v4(192, 88, 99, 0), 24, "reserved"],
  [v4(192, 168, 0, 0), 16, "private"],
  [v4(198, 18, 0, 0), 15, "reserved (benchmarking)"],
  [v4(198, 51, 100, 0), 24, "documentation"],
  [v4(203, 0, 113, 0), 24, "documentation"],
  [v4(224, 0, 0, 0), 4, "multicast"],
  [v4(240, 0, 0, 0), 4, "reserved"],
];

function classifyIPv4(address: number): AddressVerdict {
  for (const [base, prefix, range] of IPV4_RANGES) {
    const size = 2 ** (32 - prefix);
    if (address >= base && address < base + size) return blocked(range);
  }
  return PUBLIC;
}

/** The IPv4 address in bytes 12-15 (or from `at`). */
const embedded = (bytes: Uint8Array, at = 12) => v4(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
/** True when the first `bits` bits of the address are those of `prefix` (given as bytes). */
function startsWith(bytes: Uint8Array, prefix: number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit++) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((bytes[byte]! & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
}
/** fd00:ec2::254, the instance metadata service over IPv6 (it is in fc00::/7 too; named for the message). */
const AWS_METADATA_V6 = [0xfd, 0x00, 0x0e, 0xc2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54];
const inner = (verdict: AddressVerdict, how: string): AddressVerdict => (verdict.allowed ? PUBLIC : blocked(`${verdict.range} (${how})`));

function classifyIPv6(bytes: Uint8Array): AddressVerdict {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  if (zeros(0, 16)) return blocked("unspecified");
  if (zeros(0, 15) && bytes[15] === 1) return blocked("loopback");
  // Forms that carry an IPv4 address: judged by that address, so ::ffff:127.0.0.1 is loopback.
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return inner(classifyIPv4(embedded(bytes)), "IPv4-mapped");
  if (startsWith(bytes, [0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0], 96)) return inner(classifyIPv4(embedded(bytes)), "IPv4-translated");
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b], 96)) return inner(classifyIPv4(embedded(bytes)), "NAT64");
  if (startsWith(bytes, [0x20, 0x02], 16)) return inner(classifyIPv4(embedded(bytes, 2)), "6to4");
  if (zeros(0, 12)) return blocked("reserved (IPv4-compatible)");
  if (startsWith(bytes, AWS_METADATA_V6, 128)) return blocked("cloud metadata");
  if (startsWith(bytes, [0xfc], 7)) return blocked("private (unique local)");
  if (startsWith(bytes, [0xfe, 0x80], 10)) return blocked("link-local");
  if (startsWith(bytes, [0xfe, 0xc0], 10)) return blocked("site-local");
  if (startsWith(bytes, [0xff], 8)) return blocked("multicast");
  // Global unicast is 2000::/3; everything else (discard-only 100::/64, local NAT64 64:ff9b:1::/48, ...) is not.
  if (!startsWith(bytes, [0x20], 3)) return blocked("reserved");
  if (startsWith(bytes, [0x20, 0x01, 0x0d, 0xb8], 32) || startsWith(bytes, [0x3f, 0xff], 20)) return blocked("documentation");
  // IETF protocol assignments, Teredo (2001::/32) among them.
  if (startsWith(bytes, [0x20, 0x01], 23)) return blocked("reserved");
  return PUBLIC;
}

/** An IP literal in any spelling, or null for a name (which must be resolved and its addresses classified). */
export function parseIpLiteral(host: string): { family: 4 | 6; verdict: AddressVerdict } | null {
  const ipv4 = parseIPv4(host);
  if (ipv4 !== null) return { family: 4, verdict: classifyIPv4(ipv4) };
  const ipv6 = parseIPv6(host);
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
