//! An actor's RSA key pair (what every fediverse server can check: Mastodon signs and
//! verifies RSASSA-PKCS1-v1_5 with SHA-256 only) and the public keys of remote actors.
//!
//! The pair is made by the `rsa` crate (ring cannot generate RSA keys) and kept as
//! PKCS#8; every signature is made and checked by ring, whose RSA is constant-time (the
//! `rsa` crate's private-key operations are not: RUSTSEC-2023-0071).

use rsa::pkcs1::{DecodeRsaPublicKey, EncodeRsaPublicKey};
use rsa::pkcs8::{
    DecodePrivateKey, DecodePublicKey, EncodePrivateKey, EncodePublicKey, LineEnding,
};

/// The modulus size of the keys Sibyl makes: what Mastodon makes.
pub const KEY_BITS: usize = 2048;

/// The operating system's random source, as the `rsa` crate's generator asks for one.
struct SystemRandom;

impl rsa::rand_core::TryRng for SystemRandom {
    type Error = getrandom::Error;

    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        getrandom::u32()
    }

    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        getrandom::u64()
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        getrandom::fill(dst)
    }
}

impl rsa::rand_core::TryCryptoRng for SystemRandom {}

/// A new key pair as PKCS#8 DER: what the store keeps. Takes tens of milliseconds
/// (optimized): call it off the request workers.
pub fn generate() -> Result<Vec<u8>, String> {
    let key = rsa::PrivateKey::new(&mut SystemRandom, KEY_BITS)
        .map_err(|e| format!("an RSA key could not be made: {e}"))?;
    let der = key
        .to_pkcs8_der()
        .map_err(|e| format!("an RSA key could not be written: {e}"))?;
    Ok(der.as_bytes().to_vec())
}

/// A local actor's key pair, ready to sign.
pub struct ActorKey {
    pair: ring::signature::RsaKeyPair,
    public_pem: String,
}

impl std::fmt::Debug for ActorKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ActorKey")
            .field("public_pem", &self.public_pem)
            .finish_non_exhaustive()
    }
}

impl ActorKey {
    /// The pair kept as PKCS#8 DER (by [`generate`]).
    pub fn from_pkcs8(der: &[u8]) -> Result<Self, String> {
        let pair = ring::signature::RsaKeyPair::from_pkcs8(der)
            .map_err(|e| format!("a kept actor key cannot be read: {e}"))?;
        let public_pem = rsa::PrivateKey::from_pkcs8_der(der)
            .map_err(|e| format!("a kept actor key cannot be read: {e}"))?
            .to_public_key()
            .to_public_key_pem(LineEnding::LF)
            .map_err(|e| format!("an actor's public key cannot be written: {e}"))?;
        Ok(Self { pair, public_pem })
    }

    /// The public key as SubjectPublicKeyInfo PEM (`publicKeyPem` of the actor).
    pub fn public_pem(&self) -> &str {
        &self.public_pem
    }

    /// RSASSA-PKCS1-v1_5 with SHA-256 over `data`.
    pub fn sign(&self, data: &[u8]) -> Result<Vec<u8>, String> {
        let mut signature = vec![0; self.pair.public().modulus_len()];
        self.pair
            .sign(
                &ring::signature::RSA_PKCS1_SHA256,
                &ring::rand::SystemRandom::new(),
                data,
                &mut signature,
            )
            .map_err(|_| "the actor's key could not sign".to_owned())?;
        Ok(signature)
    }

    /// Its public half, as a remote server reads it.
    pub fn remote(&self) -> Result<RemoteKey, String> {
        RemoteKey::from_pem(&self.public_pem)
    }
}

/// How a signature was made, as RFC 9421 names it (`alg`); draft-cavage signatures are
/// `rsa-v1_5-sha256`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Algorithm {
    RsaV15Sha256,
    RsaPssSha512,
    Ed25519,
}

impl Algorithm {
    /// An RFC 9421 `alg` name.
    pub fn parse(name: &str) -> Option<Self> {
        match name {
            "rsa-v1_5-sha256" => Some(Self::RsaV15Sha256),
            "rsa-pss-sha512" => Some(Self::RsaPssSha512),
            "ed25519" => Some(Self::Ed25519),
            _ => None,
        }
    }
}

/// The DER that begins an Ed25519 SubjectPublicKeyInfo (RFC 8410), before the key's 32
/// bytes.
const ED25519_SPKI: [u8; 12] = [
    0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00,
];

/// A remote actor's public key (its `publicKeyPem`), ready to check signatures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RemoteKey {
    /// RSAPublicKey (PKCS#1) DER, as ring reads it.
    Rsa(Vec<u8>),
    /// The 32 bytes of an Ed25519 key.
    Ed25519(Vec<u8>),
}

impl RemoteKey {
    /// A PEM public key: SubjectPublicKeyInfo (`BEGIN PUBLIC KEY`, what servers publish;
    /// RSA or Ed25519) or PKCS#1 (`BEGIN RSA PUBLIC KEY`).
    pub fn from_pem(pem: &str) -> Result<Self, String> {
        let pem = pem.trim();
        if let Ok(key) = rsa::PublicKey::from_public_key_pem(pem)
            .or_else(|_| rsa::PublicKey::from_pkcs1_pem(pem))
        {
            let pkcs1 = key
                .to_pkcs1_der()
                .map_err(|e| format!("the actor's public key cannot be read: {e}"))?;
            return Ok(Self::Rsa(pkcs1.as_bytes().to_vec()));
        }
        let body: String = pem
            .lines()
            .filter(|l| !l.starts_with("-----"))
            .map(str::trim)
            .collect();
        let der = pem
            .starts_with("-----BEGIN PUBLIC KEY-----")
            .then(|| {
                use base64::Engine;
                base64::engine::general_purpose::STANDARD.decode(body).ok()
            })
            .flatten();
        match der {
            Some(der) if der.len() == 44 && der.starts_with(&ED25519_SPKI) => {
                Ok(Self::Ed25519(der[12..].to_vec()))
            }
            _ => Err("the actor's public key is not an RSA or Ed25519 key in PEM".to_owned()),
        }
    }

    /// What this key signs when a signature does not say (`alg` left out).
    pub fn default_algorithm(&self) -> Algorithm {
        match self {
            Self::Rsa(_) => Algorithm::RsaV15Sha256,
            Self::Ed25519(_) => Algorithm::Ed25519,
        }
    }

    /// Whether `signature` is this key's RSASSA-PKCS1-v1_5 SHA-256 signature of `data`.
    pub fn verifies(&self, data: &[u8], signature: &[u8]) -> bool {
        self.verifies_with(Algorithm::RsaV15Sha256, data, signature)
    }

    /// Whether `signature` is this key's signature of `data` by `algorithm` (one the key
    /// cannot make never verifies).
    pub fn verifies_with(&self, algorithm: Algorithm, data: &[u8], signature: &[u8]) -> bool {
        use ring::signature as sig;
        let (scheme, key): (&dyn sig::VerificationAlgorithm, &[u8]) = match (algorithm, self) {
            (Algorithm::RsaV15Sha256, Self::Rsa(der)) => (&sig::RSA_PKCS1_2048_8192_SHA256, der),
            (Algorithm::RsaPssSha512, Self::Rsa(der)) => (&sig::RSA_PSS_2048_8192_SHA512, der),
            (Algorithm::Ed25519, Self::Ed25519(raw)) => (&sig::ED25519, raw),
            _ => return false,
        };
        sig::UnparsedPublicKey::new(scheme, key)
            .verify(data, signature)
            .is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_made_key_signs_what_its_public_pem_verifies_and_nothing_else() {
        let der = generate().unwrap();
        let key = ActorKey::from_pkcs8(&der).unwrap();
        assert!(key.public_pem().starts_with("-----BEGIN PUBLIC KEY-----\n"));
        let signature = key.sign(b"a signing string").unwrap();
        assert_eq!(signature.len(), KEY_BITS / 8);
        let public = RemoteKey::from_pem(key.public_pem()).unwrap();
        assert!(public.verifies(b"a signing string", &signature));
        assert!(!public.verifies(b"a signing strinG", &signature));
        let other = ActorKey::from_pkcs8(&generate().unwrap()).unwrap();
        assert!(
            !other
                .remote()
                .unwrap()
                .verifies(b"a signing string", &signature)
        );
    }

    #[test]
    fn what_is_not_an_rsa_public_key_is_refused() {
        assert!(RemoteKey::from_pem("").is_err());
        assert!(
            RemoteKey::from_pem("-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----")
                .is_err()
        );
        assert!(ActorKey::from_pkcs8(b"not a key").is_err());
    }
}
