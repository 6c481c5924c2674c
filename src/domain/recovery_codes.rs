//! Recovery codes: ten single-use codes an account is shown once when it first sets up a
//! second factor, each of which signs it in when the factor is lost. The store keeps only
//! their digests.

use super::UserId;
use super::token::{hex, random_bytes};
use sha2::{Digest, Sha256};

/// How many codes an account is given at a time.
pub const COUNT: usize = 10;

/// Characters of a code, before it is grouped.
const LENGTH: usize = 10;

/// Lowercase base32 (RFC 4648): no two characters a reader confuses once lowercase.
const ALPHABET: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";

/// [`COUNT`] new codes, as shown: two groups of five characters (50 random bits each).
pub fn generate() -> Vec<String> {
    (0..COUNT)
        .map(|_| {
            let bytes = random_bytes::<LENGTH>();
            let chars: String = bytes
                .iter()
                .map(|b| ALPHABET[usize::from(b & 31)] as char)
                .collect();
            format!("{}-{}", &chars[..5], &chars[5..])
        })
        .collect()
}

/// A code as typed: case, spaces and hyphens do not matter; anything else that is not a
/// code's character makes it no code.
pub fn normalize(typed: &str) -> Option<String> {
    let code: String = typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_lowercase())
        .collect();
    (code.len() == LENGTH && code.bytes().all(|b| ALPHABET.contains(&b))).then_some(code)
}

/// What the store keeps of one of `user`'s codes (normalized): its digest, bound to the
/// account, so that the same code of two accounts is stored apart.
pub fn digest(user: UserId, code: &str) -> String {
    let mut d = Sha256::new();
    d.update(b"recovery code\0");
    d.update(user.0.as_bytes());
    d.update(b"\0");
    d.update(code.as_bytes());
    hex(&d.finalize())
}

/// The codes as a text file to keep.
pub fn as_text(site: &str, username: &str, codes: &[String]) -> String {
    let mut text = format!(
        "Recovery codes for {username} on {site}\n\n\
         Each signs you in once if you lose your second factor. Keep them somewhere safe.\n\n"
    );
    for code in codes {
        text.push_str(code);
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_ten_different_and_typed_loosely() {
        let codes = generate();
        assert_eq!(codes.len(), COUNT);
        let mut unique = codes.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), COUNT);
        for code in &codes {
            assert_eq!(code.len(), LENGTH + 1);
            let typed = format!(" {} ", code.to_uppercase().replace('-', " "));
            assert_eq!(normalize(&typed).unwrap(), code.replace('-', ""));
        }
        for bad in ["", "abcde", "abcde-fghij-k", "abcde-fghi1", "abcde-fgh0j"] {
            assert_eq!(normalize(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn digests_are_bound_to_the_account() {
        let (ada, bob) = (UserId(uuid::Uuid::new_v4()), UserId(uuid::Uuid::new_v4()));
        assert_eq!(digest(ada, "abcdefghij"), digest(ada, "abcdefghij"));
        assert_ne!(digest(ada, "abcdefghij"), digest(bob, "abcdefghij"));
        assert_ne!(digest(ada, "abcdefghij"), digest(ada, "abcdefghik"));
        let text = as_text("My blog", "ada", &["abcde-fghij".to_owned()]);
        assert!(text.contains("ada on My blog") && text.ends_with("abcde-fghij\n"));
    }
}
