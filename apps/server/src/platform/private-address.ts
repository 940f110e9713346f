import net from 'node:net';
import ipaddr from 'ipaddr.js';

// Which addresses the server may reach on a party's behalf (SSRF): one rule for every outbound call to an address
// someone else gave — push endpoints (notifications), agents' profiles and order webhooks (agents).

/** IPv6 ranges whose last 32 bits (or, for 6to4, bits 16–47) are an IPv4 address the packet ends up at. */
const EMBEDS_V4_AT_END = new Set(['ipv4Mapped', 'rfc6145']);
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');
// RFC 4291 §2.5.5.1: the deprecated "IPv4-compatible" form ::a.b.c.d; ipaddr.js calls it unicast
const V4_COMPATIBLE = ipaddr.parseCIDR('::/96');

const lastV4 = (a: ipaddr.IPv6) => {
  const p = a.parts;
  return new ipaddr.IPv4([p[6]! >> 8, p[6]! & 0xff, p[7]! >> 8, p[7]! & 0xff]);
};

/**
 * True for every address that is not a public unicast one, classified by ipaddr.js's special-purpose ranges (an
 * IANA-registry table kept by the library, not ours): private, loopback, link-local, CGNAT, multicast, reserved,
 * documentation, benchmarking, Teredo, ORCHID… An IPv6 address that carries an IPv4 address (IPv4-mapped
 * ::ffff:a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d, NAT64 64:ff9b::a.b.c.d, 6to4 2002:aabb:ccdd::) is judged by that
 * IPv4 address: a DNS64 resolver on an IPv6-only host answers public push services as 64:ff9b::…, and those must
 * pass, while 64:ff9b::7f00:1 is this machine's loopback. The local-use NAT64 prefix 64:ff9b:1::/48 places the IPv4
 * part where the operator chooses, so it is refused whole.
 */
export function isPrivateAddress(address: string): boolean {
  // net.isIP, not ipaddr.isValid: the latter also takes forms like '127.1' that no resolver hands back
  if (net.isIP(address) === 0) return true;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() !== 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  if (EMBEDS_V4_AT_END.has(range) || v6.match(NAT64_WELL_KNOWN)) return lastV4(v6).range() !== 'unicast';
  if (range === '6to4') {
    const p = v6.parts;
    return new ipaddr.IPv4([p[1]! >> 8, p[1]! & 0xff, p[2]! >> 8, p[2]! & 0xff]).range() !== 'unicast';
  }
  return range !== 'unicast' || v6.match(V4_COMPATIBLE);
}
