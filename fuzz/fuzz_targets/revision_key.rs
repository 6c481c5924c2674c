//! Any text either fails to parse as a revision key or parses to a key that formats
//! back to exactly that text (keys are canonical), and parsing never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sibyl::domain::revision::RevisionKey;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(key) = RevisionKey::parse(text) {
            assert_eq!(key.to_string(), text);
            assert_eq!(RevisionKey::parse(&key.to_string()), Ok(key));
        }
    }
});
