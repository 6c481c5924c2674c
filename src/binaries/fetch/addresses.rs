//! Which addresses a fetch may connect to: global unicast addresses only, judged from
//! IANA's IPv4 and IPv6 Special-Purpose Address Registries (both as updated 2025-10-09)
//! and the IPv6 Address Space registry.
//!
//! IPv6 is allowed inside 2000::/3 only, the one block IANA allocates as Global Unicast:
//! everything else (loopback, IPv4-compatible, IPv4-translated, local-use NAT64, discard,
//! SRv6, unique-local, link-local, site-local, multicast, and whatever is allocated there
//! later) is refused without being listed. Two forms carry an IPv4 address the
//! connection reaches (IPv4-mapped, and NAT64's well-known prefix, which RFC 6052 keeps to
//! global IPv4 addresses): they are judged as that IPv4 address. Inside 2000::/3 the
//! registry's blocks that are not globally reachable are refused (Teredo and 6to4 too,
//! which reach IPv4 hosts through relays the checks cannot follow), and its globally
//! reachable exceptions allowed.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

const LOOPBACK: &str = "a loopback address";
const PRIVATE: &str = "a private address";
const LINK_LOCAL: &str = "a link-local address (cloud metadata lives there)";
const RESERVED: &str = "a reserved address";
const MULTICAST: &str = "a multicast address";
const SPECIAL: &str = "a special-purpose address";
const DOCUMENTATION: &str = "a documentation address";
const TRANSITION: &str = "a transition address";

/// IPv4 blocks that are globally reachable inside blocks that are not.
const V4_REACHABLE: [(Ipv4Addr, u8); 2] = [
    // Port Control Protocol anycast (RFC 7723), TURN anycast (RFC 8155).
    (Ipv4Addr::new(192, 0, 0, 9), 32),
    (Ipv4Addr::new(192, 0, 0, 10), 32),
];

/// IPv4 blocks not globally reachable, and why.
const V4_REFUSED: [(Ipv4Addr, u8, &str); 16] = [
    (Ipv4Addr::new(0, 0, 0, 0), 8, RESERVED), // "this network" (RFC 791)
    (Ipv4Addr::new(10, 0, 0, 0), 8, PRIVATE),
    (Ipv4Addr::new(100, 64, 0, 0), 10, PRIVATE), // shared address space (RFC 6598)
    (Ipv4Addr::new(127, 0, 0, 0), 8, LOOPBACK),
    (Ipv4Addr::new(169, 254, 0, 0), 16, LINK_LOCAL),
    (Ipv4Addr::new(172, 16, 0, 0), 12, PRIVATE),
    (Ipv4Addr::new(192, 0, 0, 0), 24, SPECIAL), // IETF protocol assignments (RFC 6890)
    (Ipv4Addr::new(192, 0, 2, 0), 24, DOCUMENTATION),
    (Ipv4Addr::new(192, 88, 99, 0), 24, TRANSITION), // 6to4 relay anycast, deprecated
    (Ipv4Addr::new(192, 168, 0, 0), 16, PRIVATE),
    (Ipv4Addr::new(198, 18, 0, 0), 15, SPECIAL), // benchmarking (RFC 2544)
    (Ipv4Addr::new(198, 51, 100, 0), 24, DOCUMENTATION),
    (Ipv4Addr::new(203, 0, 113, 0), 24, DOCUMENTATION),
    (Ipv4Addr::new(224, 0, 0, 0), 4, MULTICAST),
    (Ipv4Addr::new(240, 0, 0, 0), 4, RESERVED), // limited broadcast included
    (Ipv4Addr::new(255, 255, 255, 255), 32, RESERVED),
];

/// IPv6 blocks inside 2000::/3 that are globally reachable inside blocks that are not.
const V6_REACHABLE: [(Ipv6Addr, u8); 5] = [
    // PCP, TURN and DNS-SD SRP anycast (RFC 7723, 8155, 9665).
    (Ipv6Addr::new(0x2001, 1, 0, 0, 0, 0, 0, 1), 128),
    (Ipv6Addr::new(0x2001, 1, 0, 0, 0, 0, 0, 2), 128),
    (Ipv6Addr::new(0x2001, 1, 0, 0, 0, 0, 0, 3), 128),
    (Ipv6Addr::new(0x2001, 3, 0, 0, 0, 0, 0, 0), 32), // AMT (RFC 7450)
    (Ipv6Addr::new(0x2001, 4, 0x112, 0, 0, 0, 0, 0), 48), // AS112-v6 (RFC 7535)
];

/// IPv6 blocks inside 2000::/3 not globally reachable (or, for ORCHIDv2 and drone
/// identifiers, marked reachable but never routed to), and why.
const V6_REFUSED: [(Ipv6Addr, u8, &str); 5] = [
    (Ipv6Addr::new(0x2001, 0, 0, 0, 0, 0, 0, 0), 32, TRANSITION), // Teredo
    // IETF protocol assignments: benchmarking, ORCHID, ORCHIDv2, drone ids...
    (Ipv6Addr::new(0x2001, 0, 0, 0, 0, 0, 0, 0), 23, SPECIAL),
    (
        Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 0),
        32,
        DOCUMENTATION,
    ),
    (Ipv6Addr::new(0x2002, 0, 0, 0, 0, 0, 0, 0), 16, TRANSITION), // 6to4
    (
        Ipv6Addr::new(0x3fff, 0, 0, 0, 0, 0, 0, 0),
        20,
        DOCUMENTATION,
    ),
];

fn in_v4(ip: Ipv4Addr, (net, prefix): (Ipv4Addr, u8)) -> bool {
    let mask = u32::MAX.checked_shl(32 - u32::from(prefix)).unwrap_or(0);
    u32::from(ip) & mask == u32::from(net) & mask
}

fn in_v6(ip: Ipv6Addr, (net, prefix): (Ipv6Addr, u8)) -> bool {
    let mask = u128::MAX.checked_shl(128 - u32::from(prefix)).unwrap_or(0);
    u128::from(ip) & mask == u128::from(net) & mask
}

/// The IPv4 address an IPv6 address carries to the host it reaches: an IPv4-mapped
/// address, or one of NAT64's well-known prefix (RFC 6052, which keeps it to global IPv4
/// addresses).
pub(super) fn carried_ipv4(v6: Ipv6Addr) -> Option<Ipv4Addr> {
    (v6.to_ipv4_mapped().is_some()
        || in_v6(v6, (Ipv6Addr::new(0x64, 0xff9b, 0, 0, 0, 0, 0, 0), 96)))
    .then(|| Ipv4Addr::from(u128::from(v6) as u32))
}

fn v4_kind(ip: Ipv4Addr) -> Option<&'static str> {
    if V4_REACHABLE.iter().any(|&block| in_v4(ip, block)) {
        return None;
    }
    V4_REFUSED
        .iter()
        .find(|&&(net, prefix, _)| in_v4(ip, (net, prefix)))
        .map(|&(_, _, why)| why)
}

fn v6_kind(ip: Ipv6Addr) -> Option<&'static str> {
    let first = ip.segments()[0];
    if let Some(v4) = carried_ipv4(ip) {
        return v4_kind(v4);
    }
    if first & 0xe000 != 0x2000 {
        // Outside the global unicast block: say what it is where it has a name.
        return Some(if ip == Ipv6Addr::LOCALHOST {
            LOOPBACK
        } else if first & 0xffc0 == 0xfe80 {
            LINK_LOCAL
        } else if first & 0xfe00 == 0xfc00 || first & 0xffc0 == 0xfec0 {
            PRIVATE
        } else if first & 0xff00 == 0xff00 {
            MULTICAST
        } else if in_v6(ip, (Ipv6Addr::UNSPECIFIED, 96))
            || in_v6(ip, (Ipv6Addr::new(0, 0, 0, 0, 0xffff, 0, 0, 0), 96))
            || in_v6(ip, (Ipv6Addr::new(0x64, 0xff9b, 1, 0, 0, 0, 0, 0), 48))
        {
            // IPv4-compatible, IPv4-translated, local-use NAT64.
            if ip == Ipv6Addr::UNSPECIFIED {
                RESERVED
            } else {
                TRANSITION
            }
        } else {
            RESERVED
        });
    }
    if V6_REACHABLE.iter().any(|&block| in_v6(ip, block)) {
        return None;
    }
    V6_REFUSED
        .iter()
        .find(|&&(net, prefix, _)| in_v6(ip, (net, prefix)))
        .map(|&(_, _, why)| why)
}

/// Why an address is not one fetching may reach, or `None` for a global unicast address.
pub fn private_kind(ip: IpAddr) -> Option<&'static str> {
    match ip {
        IpAddr::V4(v4) => v4_kind(v4),
        IpAddr::V6(v6) => v6_kind(v6),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(address: &str) -> Option<&'static str> {
        private_kind(address.parse().unwrap())
    }

    /// Every block of both registries (and the ranges outside them the guard refuses),
    /// at its first address, its last, and one inside, with the reason given.
    #[test]
    fn every_special_purpose_block_is_refused_for_its_reason() {
        let refused: &[(&[&str], &str)] = &[
            (&["0.0.0.0", "0.255.255.255", "0.1.2.3"], RESERVED),
            (&["10.0.0.0", "10.255.255.255"], PRIVATE),
            (&["100.64.0.0", "100.127.255.255"], PRIVATE),
            (&["127.0.0.1", "127.255.255.255"], LOOPBACK),
            (
                &["169.254.0.0", "169.254.169.254", "169.254.255.255"],
                LINK_LOCAL,
            ),
            (&["172.16.0.0", "172.31.255.255"], PRIVATE),
            (
                &["192.0.0.0", "192.0.0.8", "192.0.0.170", "192.0.0.255"],
                SPECIAL,
            ),
            (&["192.0.2.0", "192.0.2.255"], DOCUMENTATION),
            (&["192.88.99.0", "192.88.99.2", "192.88.99.255"], TRANSITION),
            (&["192.168.0.0", "192.168.255.255"], PRIVATE),
            (&["198.18.0.0", "198.19.255.255"], SPECIAL),
            (&["198.51.100.0", "198.51.100.255"], DOCUMENTATION),
            (&["203.0.113.0", "203.0.113.255"], DOCUMENTATION),
            (&["224.0.0.0", "224.0.0.1", "239.255.255.255"], MULTICAST),
            (
                &["240.0.0.0", "255.255.255.254", "255.255.255.255"],
                RESERVED,
            ),
            (&["::1"], LOOPBACK),
            (&["::"], RESERVED),
            // IPv4-compatible (deprecated), IPv4-translated (SIIT), local-use NAT64.
            (&["::127.0.0.1", "::8.8.8.8", "::a9fe:a9fe"], TRANSITION),
            (
                &["::ffff:0:7f00:1", "::ffff:0:808:808", "::ffff:0:0:0"],
                TRANSITION,
            ),
            (&["64:ff9b:1::a00:1", "64:ff9b:1:ffff::808:808"], TRANSITION),
            // Discard-only, the dummy prefix, SRv6 SIDs, unallocated space.
            (&["100::", "100::ffff:ffff:ffff:ffff"], RESERVED),
            (&["100:0:0:1::1"], RESERVED),
            (&["5f00::1", "5fff:ffff::1"], RESERVED),
            (&["4000::1", "1::1", "e000::1"], RESERVED),
            (&["fc00::1", "fd00:ec2::254", "fdff:ffff::1"], PRIVATE),
            (&["fec0::1", "feff::1"], PRIVATE),
            (&["fe80::1", "febf:ffff::1"], LINK_LOCAL),
            (&["ff00::", "ff02::1", "ff0e::1"], MULTICAST),
            (
                &["2001::1", "2001:0:4136:e378::1", "2001:0:ffff::1"],
                TRANSITION,
            ),
            // Benchmarking, ORCHID, ORCHIDv2, drone ids, the unassigned rest of /23.
            (
                &["2001:2::1", "2001:10::1", "2001:20::1", "2001:30::1"],
                SPECIAL,
            ),
            (&["2001:1::4", "2001:5::1", "2001:1ff:ffff::1"], SPECIAL),
            (&["2001:db8::1", "2001:db8:ffff::1"], DOCUMENTATION),
            (
                &["2002::1", "2002:7f00:1::1", "2002:808:808::1"],
                TRANSITION,
            ),
            (&["3fff::1", "3fff:fff::1"], DOCUMENTATION),
            // Mapped and NAT64 forms of refused IPv4 addresses.
            (&["::ffff:127.0.0.1", "64:ff9b::7f00:1"], LOOPBACK),
            (
                &["::ffff:169.254.169.254", "64:ff9b::a9fe:a9fe"],
                LINK_LOCAL,
            ),
            (&["::ffff:10.0.0.1", "64:ff9b::a00:1"], PRIVATE),
        ];
        for (addresses, why) in refused {
            for address in *addresses {
                assert_eq!(kind(address), Some(*why), "{address}");
            }
        }
    }

    #[test]
    fn global_unicast_addresses_and_the_registries_reachable_exceptions_are_allowed() {
        for address in [
            "1.1.1.1",
            "8.8.8.8",
            "93.184.216.34",
            "9.255.255.255",
            "11.0.0.0",
            "100.63.255.255",
            "100.128.0.0",
            "172.15.255.255",
            "172.32.0.0",
            "192.0.0.9",
            "192.0.0.10",
            "192.0.1.0",
            "192.31.196.1",
            "192.52.193.1",
            "192.175.48.1",
            "198.17.255.255",
            "198.20.0.0",
            "223.255.255.255",
            "2606:4700::1111",
            "2a00:1450::1",
            "2001:1::1",
            "2001:1::2",
            "2001:1::3",
            "2001:3::1",
            "2001:4:112::1",
            "2001:200::1",
            "2620:4f:8000::1",
            "3fff:1000::1",
            "::ffff:8.8.8.8",
            "64:ff9b::808:808",
        ] {
            assert_eq!(kind(address), None, "{address}");
        }
    }
}
