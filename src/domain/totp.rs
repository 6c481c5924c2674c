//! Authenticator codes (TOTP, RFC 6238): the secret an account shares with its
//! authenticator app, the `otpauth://` address and QR code that hand it over, and which
//! time step a typed code belongs to (one step of drift either way), so that each code is
//! accepted once.

use super::token::{random_bytes, tokens_match};
use chrono::{DateTime, Utc};
use totp_rs::{Algorithm, TOTP};

/// Seconds a code lasts (RFC 6238's default, which every authenticator app uses).
pub const STEP_SECONDS: u64 = 30;

/// Digits of a code.
pub const DIGITS: usize = 6;

/// Bytes of a secret: 160 bits, as RFC 4226 recommends.
pub const SECRET_BYTES: usize = 20;

/// The secret an account shares with its authenticator app. Never shown again once
/// enrolment ends; stored sealed (see [`super::sealed`]).
#[derive(Clone, PartialEq, Eq)]
pub struct TotpSecret(Vec<u8>);

impl std::fmt::Debug for TotpSecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TotpSecret(..)")
    }
}

impl TotpSecret {
    /// A new random secret.
    pub fn generate() -> Self {
        Self(random_bytes::<SECRET_BYTES>().to_vec())
    }

    /// A secret made from `key` and `parts` (HMAC-SHA256): the same for the same parts,
    /// unguessable without the key. A page offering a secret offers the same one when
    /// shown again, so that an app that scanned it still agrees.
    #[expect(clippy::expect_used, reason = "HMAC accepts keys of any length")]
    pub fn derived(key: &[u8], parts: &[&[u8]]) -> Self {
        use hmac::{Hmac, Mac};
        let mut mac = Hmac::<sha2::Sha256>::new_from_slice(key).expect("HMAC accepts any key");
        mac.update(b"authenticator secret");
        for part in parts {
            mac.update(b"\0");
            mac.update(part);
        }
        Self(mac.finalize().into_bytes()[..SECRET_BYTES].to_vec())
    }

    /// A secret from its bytes (as unsealed); `None` unless it has [`SECRET_BYTES`].
    pub fn from_bytes(bytes: &[u8]) -> Option<Self> {
        (bytes.len() == SECRET_BYTES).then(|| Self(bytes.to_vec()))
    }

    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    #[expect(
        clippy::expect_used,
        reason = "a secret of SECRET_BYTES and six digits are what RFC 6238 accepts"
    )]
    fn totp(&self, issuer: &str, account: &str) -> TOTP {
        // Neither part of the label may hold a colon, which separates them.
        let clean = |s: &str| s.replace(':', " ");
        TOTP::new(
            Algorithm::SHA1,
            DIGITS,
            1,
            STEP_SECONDS,
            self.0.clone(),
            Some(clean(issuer)),
            clean(account),
        )
        .expect("a 160-bit secret and six digits are valid")
    }

    /// The secret as typed into an app by hand: base32 in groups of four.
    pub fn base32_grouped(&self) -> String {
        let plain = self.totp("", "").get_secret_base32();
        plain
            .as_bytes()
            .chunks(4)
            .map(|c| String::from_utf8_lossy(c).into_owned())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The `otpauth://totp/...` address an app reads from the QR code: the site as the
    /// issuer, the user name as the account.
    pub fn otpauth_url(&self, issuer: &str, account: &str) -> String {
        self.totp(issuer, account).get_url()
    }

    /// The code of the time step `step`.
    pub fn code_of_step(&self, step: u64) -> String {
        self.totp("", "").generate(step * STEP_SECONDS)
    }

    /// The time step whose code `typed` is, at `at`: the current step or one either
    /// side (an app's clock drifts, and a code typed at a step's end arrives in the next).
    /// `None` for anything else, a malformed code included.
    pub fn step_of(&self, typed: &str, at: DateTime<Utc>) -> Option<u64> {
        let code = normalize_code(typed)?;
        let now = u64::try_from(at.timestamp()).ok()? / STEP_SECONDS;
        // Every candidate is compared, so the time taken says nothing of which matched.
        let mut found = None;
        for step in [now.saturating_sub(1), now, now + 1] {
            if tokens_match(&self.code_of_step(step), &code) && found.is_none() {
                found = Some(step);
            }
        }
        found
    }
}

/// A code as typed: six digits, spaces and hyphens (as apps group them) dropped.
pub fn normalize_code(typed: &str) -> Option<String> {
    let digits: String = typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect();
    (digits.len() == DIGITS && digits.bytes().all(|b| b.is_ascii_digit())).then_some(digits)
}

/// The QR code of `text` as an SVG image, drawn on the server (no script needed), with a
/// quiet zone and a title for screen readers.
pub fn qr_svg(text: &str, title: &str) -> Option<String> {
    use qrcode::render::svg;
    let code = qrcode::QrCode::with_error_correction_level(text, qrcode::EcLevel::M).ok()?;
    let image = code
        .render::<svg::Color<'_>>()
        .min_dimensions(200, 200)
        .dark_color(svg::Color("#000000"))
        .light_color(svg::Color("#ffffff"))
        .quiet_zone(true)
        .build();
    // The renderer's XML declaration has no place inside HTML; the image gets a role and
    // a name.
    let start = image.find("<svg")?;
    let escaped = title
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    Some(image[start..].replacen(
        "<svg",
        &format!(
            "<svg role=\"img\" aria-label=\"{}\"",
            escaped.replace('"', "&quot;")
        ),
        1,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    /// RFC 6238, appendix B: the SHA-1 secret "12345678901234567890" (its codes cut to
    /// six digits).
    #[test]
    fn codes_are_rfc_6238s() {
        let secret = TotpSecret::from_bytes(b"12345678901234567890").unwrap();
        for (time, code) in [
            (59, "287082"),
            (1_111_111_109, "081804"),
            (1_111_111_111, "050471"),
            (1_234_567_890, "005924"),
            (2_000_000_000, "279037"),
        ] {
            assert_eq!(secret.code_of_step(time / STEP_SECONDS), code, "{time}");
        }
    }

    #[test]
    fn a_code_matches_its_step_or_one_either_side() {
        let secret = TotpSecret::generate();
        let at = Utc.timestamp_opt(1_800_000_015, 0).unwrap();
        let now = 1_800_000_015 / STEP_SECONDS;
        for step in [now - 1, now, now + 1] {
            let code = secret.code_of_step(step);
            assert_eq!(secret.step_of(&code, at), Some(step));
        }
        // Spaced as an app shows it.
        let code = secret.code_of_step(now);
        let spaced = format!("{} {}", &code[..3], &code[3..]);
        assert_eq!(secret.step_of(&spaced, at), Some(now));
        // Two steps away, or another secret's, is no code (unless by a one-in-a-million
        // chance it is the same six digits).
        let far = secret.code_of_step(now + 2);
        if ![now - 1, now, now + 1]
            .iter()
            .any(|s| secret.code_of_step(*s) == far)
        {
            assert_eq!(secret.step_of(&far, at), None);
        }
        for bad in ["", "12345", "1234567", "abcdef", "12 34 5x"] {
            assert_eq!(secret.step_of(bad, at), None, "{bad:?}");
        }
    }

    #[test]
    fn the_secret_is_handed_over_by_address_and_qr_code() {
        let secret = TotpSecret::from_bytes(&[0u8; SECRET_BYTES]).unwrap();
        let url = secret.otpauth_url("My blog: notes", "ada");
        assert!(url.starts_with("otpauth://totp/"), "{url}");
        assert!(
            url.contains("secret=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
            "{url}"
        );
        assert!(url.contains("issuer=My%20blog%20%20notes"), "{url}");
        assert_eq!(
            secret.base32_grouped(),
            "AAAA AAAA AAAA AAAA AAAA AAAA AAAA AAAA"
        );
        let svg = qr_svg(&url, "QR code \"of\" <the> secret").unwrap();
        assert!(
            svg.starts_with(
                "<svg role=\"img\" aria-label=\"QR code &quot;of&quot; &lt;the&gt; secret\""
            ),
            "{svg}"
        );
        assert!(!svg.contains("<?xml"));
        assert!(format!("{:?}", secret) == "TotpSecret(..)", "never printed");
        assert!(TotpSecret::from_bytes(&[0; 10]).is_none());
    }
}
