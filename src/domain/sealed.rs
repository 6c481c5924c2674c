//! Secrets kept in the store sealed under a site's secret (an authenticator's shared
//! secret): ChaCha20-Poly1305 under a key made from the site's secret for one purpose,
//! with what the sealed value belongs to (an account) bound in, so that a sealed value
//! moved to another account opens as nothing, and a copy of the tables that hold sealed
//! values opens nothing without the site's secret (kept in a table of its own).

use ring::aead::{Aad, CHACHA20_POLY1305, LessSafeKey, NONCE_LEN, Nonce, UnboundKey};
use sha2::Sha256;

/// The key for `purpose` made from the site's secret (HMAC-SHA256).
#[expect(
    clippy::expect_used,
    reason = "HMAC takes a key of any length, and its output is a ChaCha20-Poly1305 key's length"
)]
fn key(site_secret: &[u8], purpose: &str) -> LessSafeKey {
    use hmac::{Hmac, Mac};
    let mut mac =
        Hmac::<Sha256>::new_from_slice(site_secret).expect("HMAC accepts keys of any length");
    mac.update(b"sealed\0");
    mac.update(purpose.as_bytes());
    let bytes = mac.finalize().into_bytes();
    LessSafeKey::new(
        UnboundKey::new(&CHACHA20_POLY1305, &bytes).expect("a 256-bit key is ChaCha20's"),
    )
}

/// `plain` sealed for `purpose`, bound to `owner`: a random nonce, then the ciphertext
/// and its tag.
#[expect(
    clippy::expect_used,
    reason = "sealing fails only for inputs of gigabytes"
)]
pub fn seal(site_secret: &[u8], purpose: &str, owner: &[u8], plain: &[u8]) -> Vec<u8> {
    let nonce = super::token::random_bytes::<NONCE_LEN>();
    let mut body = plain.to_vec();
    key(site_secret, purpose)
        .seal_in_place_append_tag(
            Nonce::assume_unique_for_key(nonce),
            Aad::from(owner),
            &mut body,
        )
        .expect("a small value seals");
    [nonce.to_vec(), body].concat()
}

/// What [`seal`] sealed, if `sealed` was sealed for `purpose` and `owner` under
/// `site_secret` and is unchanged; `None` otherwise.
pub fn open(site_secret: &[u8], purpose: &str, owner: &[u8], sealed: &[u8]) -> Option<Vec<u8>> {
    if sealed.len() < NONCE_LEN {
        return None;
    }
    let (nonce, body) = sealed.split_at(NONCE_LEN);
    let nonce = Nonce::try_assume_unique_for_key(nonce).ok()?;
    let mut body = body.to_vec();
    let plain = key(site_secret, purpose)
        .open_in_place(nonce, Aad::from(owner), &mut body)
        .ok()?;
    Some(plain.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_value_opens_only_as_it_was_sealed() {
        let sealed = seal(b"site secret", "totp", b"ada", b"twenty bytes of it!!");
        assert_ne!(&sealed[NONCE_LEN..NONCE_LEN + 20], b"twenty bytes of it!!");
        assert_eq!(
            open(b"site secret", "totp", b"ada", &sealed).as_deref(),
            Some(&b"twenty bytes of it!!"[..])
        );
        // Another secret, purpose or owner, or one changed byte, opens nothing.
        assert_eq!(open(b"other secret", "totp", b"ada", &sealed), None);
        assert_eq!(open(b"site secret", "other", b"ada", &sealed), None);
        assert_eq!(open(b"site secret", "totp", b"bob", &sealed), None);
        let mut changed = sealed.clone();
        changed[NONCE_LEN] ^= 1;
        assert_eq!(open(b"site secret", "totp", b"ada", &changed), None);
        assert_eq!(open(b"site secret", "totp", b"ada", &sealed[..5]), None);
        // Each sealing has its own nonce.
        assert_ne!(
            sealed,
            seal(b"site secret", "totp", b"ada", b"twenty bytes of it!!")
        );
    }
}
