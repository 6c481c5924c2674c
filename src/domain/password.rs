//! Password hashing with argon2id.
//!
//! Parameters: 19 MiB of memory, 2 passes, 1 lane (the OWASP recommendation for
//! argon2id), a 16-byte random salt, a 32-byte output, all recorded in the PHC string so
//! that raising them later still verifies old hashes.

use super::Invalid;
use argon2::password_hash::{PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

pub const MEMORY_KIB: u32 = 19 * 1024;
pub const PASSES: u32 = 2;
pub const LANES: u32 = 1;

/// A password as typed. Its `Debug` never shows it, so it cannot leak into a log.
#[derive(Clone)]
pub struct Password(String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(***)")
    }
}

impl Password {
    pub const MIN: usize = 10;
    pub const MAX: usize = 1024;

    pub fn parse(input: &str) -> Result<Self, Invalid> {
        let len = input.chars().count();
        if len < Self::MIN {
            return Err(Invalid::new(format!(
                "A password has at least {} characters.",
                Self::MIN
            )));
        }
        if len > Self::MAX {
            return Err(Invalid::new(format!(
                "A password has at most {} characters.",
                Self::MAX
            )));
        }
        Ok(Self(input.to_owned()))
    }

    #[expect(
        clippy::expect_used,
        reason = "a 16-byte salt and the constant argon2 parameters are valid"
    )]
    pub fn hash(&self) -> PasswordHash {
        let salt = super::token::random_bytes::<16>();
        let salt = SaltString::encode_b64(&salt).expect("16 bytes is a valid salt length");
        let hash = hasher()
            .hash_password(self.0.as_bytes(), &salt)
            .expect("argon2 parameters are valid constants");
        PasswordHash(hash.to_string())
    }
}

/// A PHC-format argon2id hash. `Debug` hides it too.
#[derive(Clone, PartialEq, Eq)]
pub struct PasswordHash(String);

impl std::fmt::Debug for PasswordHash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PasswordHash(***)")
    }
}

impl PasswordHash {
    /// Wraps a hash read back from a store.
    pub fn from_stored(phc: String) -> Self {
        Self(phc)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Checks a typed password. Anything malformed simply does not verify.
    pub fn verify(&self, typed: &str) -> bool {
        argon2::password_hash::PasswordHash::new(&self.0)
            .map(|parsed| hasher().verify_password(typed.as_bytes(), &parsed).is_ok())
            .unwrap_or(false)
    }
}

#[expect(
    clippy::expect_used,
    reason = "the argon2 parameters are valid constants"
)]
fn hasher() -> Argon2<'static> {
    let params = Params::new(MEMORY_KIB, PASSES, LANES, Some(32))
        .expect("argon2 parameters are valid constants");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// A hash of a password nobody knows, verified against when a login names no account,
/// so that an unknown name costs the same time as a wrong password.
pub fn dummy_hash() -> &'static PasswordHash {
    static DUMMY: std::sync::OnceLock<PasswordHash> = std::sync::OnceLock::new();
    DUMMY.get_or_init(|| Password(crate::domain::token::random_token()).hash())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_is_argon2id_and_verifies_only_the_right_password() {
        let hash = Password::parse("correct horse battery").unwrap().hash();
        assert!(hash.as_str().starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(hash.verify("correct horse battery"));
        assert!(!hash.verify("correct horse battery!"));
        assert!(!PasswordHash::from_stored("garbage".into()).verify("x"));
    }

    #[test]
    fn short_and_huge_passwords_are_refused_and_never_printed() {
        assert!(Password::parse("short").is_err());
        assert!(Password::parse(&"x".repeat(2000)).is_err());
        let p = Password::parse("a secret password").unwrap();
        assert_eq!(format!("{p:?}"), "Password(***)");
        assert_eq!(format!("{:?}", p.hash()), "PasswordHash(***)");
    }
}
