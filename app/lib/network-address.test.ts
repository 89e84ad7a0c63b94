import { describe, expect, it } from "vitest";
import { isIP } from "node:net";
import { classifyAddress, isLocalhostName, parseIPv4, parseIPv6, parseIpLiteral } from "./network-address.ts";

describe("parseIPv4", () => {
  it.each([
    ["127.0.0.1", 0x7f000001],
    ["127.1", 0x7f000001],
    ["127.0.1", 0x7f000001],
    ["2130706433", 0x7f000001],
    ["0x7f000001", 0x7f000001],
    ["0x7f.1", 0x7f000001],
    ["0177.0.0.1", 0x7f000001],
    ["017700000001", 0x7f000001],
    ["0x7F.0x0.0x0.0x1", 0x7f000001],
    ["127.0.0.1.", 0x7f000001],
    ["0", 0],
    ["0.0.0.0", 0],
    ["255.255.255.255", 0xffffffff],
    ["169.254.43518", 0xa9fea9fe],
  ])("%s is %i", (text, value) => expect(parseIPv4(text)).toBe(value));

  it.each([
    "",
    ".",
    "1.2.3.4.5",
    "256.0.0.1",
    "1.2.3.256",
    "1.16777216",
    "4294967296",
    "08",
    "1.2.3.-1",
    "1..2",
    "a.b.c.d",
    "example.com",
    "1.2.3.4..",
  ])("%j is no IPv4 address", (text) => expect(parseIPv4(text)).toBeNull());
});

describe("parseIPv6", () => {
  const hex = (text: string) => Buffer.from(parseIPv6(text) ?? []).toString("hex");
  it.each([
    ["::", "00000000000000000000000000000000"],
    ["::1", "00000000000000000000000000000001"],
    ["[::1]", "00000000000000000000000000000001"],
    ["0:0:0:0:0:0:0:1", "00000000000000000000000000000001"],
    ["::ffff:127.0.0.1", "00000000000000000000ffff7f000001"],
    ["::ffff:7f00:1", "00000000000000000000ffff7f000001"],
    ["fe80::1%eth0", "fe800000000000000000000000000001"],
    ["2001:DB8::8:800:200C:417A", "20010db80000000000080800200c417a"],
    ["1:2:3:4:5:6:7::", "00010002000300040005000600070000"],
  ])("%s", (text, bytes) => expect(hex(text)).toBe(bytes));

  it.each(["", ":", ":::", "1::2::3", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7", "12345::", "::ffff:127.1", "::1.2.3.4:5", "g::1", "127.0.0.1"])(
    "%j is no IPv6 address",
    (text) => expect(parseIPv6(text)).toBeNull(),
  );
});

describe("classifyAddress", () => {
  it.each([
    // Loopback in every spelling.
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["127.1", "loopback"],
    ["2130706433", "loopback"],
    ["0x7f.1", "loopback"],
    ["0177.0.0.1", "loopback"],
    ["127.0.0.1.", "loopback"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["::ffff:127.0.0.1", "loopback (IPv4-mapped)"],
    ["::ffff:7f00:1", "loopback (IPv4-mapped)"],
    ["[::ffff:7f00:1]", "loopback (IPv4-mapped)"],
    ["::ffff:0:127.0.0.1", "loopback (IPv4-translated)"],
    ["64:ff9b::127.0.0.1", "loopback (NAT64)"],
    ["2002:7f00:1::", "loopback (6to4)"],
    // This network / unspecified.
    ["0", "unspecified"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["::", "unspecified"],
    ["[::]", "unspecified"],
    // Private.
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.0.1", "private"],
    ["192.168.255.255", "private"],
    ["::ffff:10.1.2.3", "private (IPv4-mapped)"],
    ["::ffff:192.168.1.1", "private (IPv4-mapped)"],
    ["fc00::1", "private (unique local)"],
    ["fd12:3456::1", "private (unique local)"],
    // Carrier-grade NAT.
    ["100.64.0.1", "shared (carrier-grade NAT)"],
    ["100.127.255.255", "shared (carrier-grade NAT)"],
    // Link-local and cloud metadata.
    ["169.254.0.1", "link-local"],
    ["169.254.169.254", "cloud metadata"],
    ["169.254.43518", "cloud metadata"],
    ["2852039166", "cloud metadata"],
    ["0xa9.0xfe.0xa9.0xfe", "cloud metadata"],
    ["::ffff:169.254.169.254", "cloud metadata (IPv4-mapped)"],
    ["100.100.100.200", "cloud metadata"],
    ["fd00:ec2::254", "cloud metadata"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["febf::1", "link-local"],
    ["fec0::1", "site-local"],
    // Multicast, broadcast, reserved, documentation.
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["ff02::1", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "reserved"],
    ["192.0.0.192", "reserved"],
    ["192.88.99.1", "reserved"],
    ["198.18.0.1", "reserved (benchmarking)"],
    ["192.0.2.1", "documentation"],
    ["198.51.100.1", "documentation"],
    ["203.0.113.1", "documentation"],
    ["2001:db8::1", "documentation"],
    ["3fff::1", "documentation"],
    ["2001::1", "reserved"],
    ["100::1", "reserved"],
    ["64:ff9b:1::1", "reserved"],
    ["::127.0.0.1", "reserved (IPv4-compatible)"],
    ["::8.8.8.8", "reserved (IPv4-compatible)"],
    // Not an address at all.
    ["example.com", "not an IP address"],
    ["", "not an IP address"],
  ])("%s is blocked: %s", (address, range) => expect(classifyAddress(address)).toEqual({ allowed: false, range }));

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "172.15.255.255",
    "172.32.0.1",
    "100.63.255.255",
    "100.128.0.1",
    "169.253.255.255",
    "169.255.0.1",
    "192.167.255.255",
    "192.169.0.1",
    "11.0.0.1",
    "126.255.255.255",
    "128.0.0.1",
    "223.255.255.255",
    "2606:4700:4700::1111",
    "2a00:1450:4001:82b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::8.8.8.8",
    "2002:808:808::1",
    "2001:200::1",
  ])("%s is public", (address) => expect(classifyAddress(address)).toEqual({ allowed: true, range: "public" }));
});

describe("parseIpLiteral and isLocalhostName", () => {
  it("tells literals from names", () => {
    expect(parseIpLiteral("127.1")).toMatchObject({ family: 4, verdict: { allowed: false } });
    expect(parseIpLiteral("[::1]")).toMatchObject({ family: 6, verdict: { allowed: false } });
    expect(parseIpLiteral("8.8.8.8")).toMatchObject({ family: 4, verdict: { allowed: true } });
    expect(parseIpLiteral("example.com")).toBeNull();
    expect(parseIpLiteral("1.2.3.4.nip.io")).toBeNull();
  });

  it.each([
    ["localhost", true],
    ["LOCALHOST", true],
    ["localhost.", true],
    ["api.localhost", true],
    ["api.localhost.", true],
    ["localhost.example.com", false],
    ["notlocalhost", false],
  ])("%s is localhost: %s", (host, yes) => expect(isLocalhostName(host)).toBe(yes));
});

describe("spellings read as Node and the URL standard read them (ipaddr.js, decision 0112)", () => {
  // An IPv4 tail with a leading zero was read as octal (::ffff:010.0.0.1 as 8.0.0.1, public), where a reader of
  // decimal sees 10.0.0.1 (private); Node's net.isIP and the URL standard refuse the spelling, and so do we now.
  it.each(["::ffff:010.0.0.1", "::ffff:017.0.0.1", "::ffff:1.2.3.04", "64:ff9b::010.1.2.3", "::ffff:0x7f.0.0.1"])(
    "%j is no IPv6 address: its IPv4 tail is not dotted decimal",
    (text) => {
      expect(isIP(text)).toBe(0);
      expect(parseIPv6(text)).toBeNull();
      expect(parseIpLiteral(text)).toBeNull();
      expect(classifyAddress(text)).toEqual({ allowed: false, range: "not an IP address" });
    },
  );

  it.each([
    ["::ffff:a9fe:a9fe", "cloud metadata (IPv4-mapped)"],
    ["[::FFFF:7F00:1]", "loopback (IPv4-mapped)"],
    ["::ffff:10.0.0.1", "private (IPv4-mapped)"],
    ["0:0:0:0:0:ffff:127.0.0.1", "loopback (IPv4-mapped)"],
    ["0X7F.0X1", "loopback"],
    ["0x0A.0.0.1", "private"],
    ["012.0.0.1", "private"],
    ["0xA9FEA9FE", "cloud metadata"],
    ["fe80::1%eth0.100", "link-local"],
    ["fe80::1%25", "link-local"],
    ["[fe80::1%en0]", "link-local"],
    ["::1%lo", "loopback"],
  ])("%s is blocked: %s", (address, range) => expect(classifyAddress(address)).toEqual({ allowed: false, range }));

  it("accepts as an IPv6 literal only what Node connects to as one", () => {
    const spellings = ["::1", "::ffff:127.0.0.1", "::ffff:7f00:1", "64:ff9b::8.8.8.8", "2001:db8::1", "fe80::1%eth0", "1:2:3:4:5:6:7::"];
    const refused = ["::ffff:010.0.0.1", "::ffff:127.1", "1::2::3", "::ffff:0x7f.0.0.1", "fe80::1%e%e", "::1.2.3.4:5"];
    for (const text of spellings) expect([text, parseIPv6(text) !== null, isIP(text)]).toEqual([text, true, 6]);
    for (const text of refused) expect([text, parseIPv6(text), isIP(text)]).toEqual([text, null, 0]);
  });
});
