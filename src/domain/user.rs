use super::{Invalid, password::PasswordHash};
use chrono::{DateTime, Utc};
use uuid::Uuid;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UserId(pub Uuid);

impl UserId {
    pub fn new() -> Self {
        Self(Uuid::new_v4())
    }

    /// The id an account brought in from elsewhere always gets for its source's `name`.
    pub fn named(name: &str) -> Self {
        Self(super::token::named_uuid(name))
    }
}

impl Default for UserId {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Display for UserId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// A user name as typed, after Unicode NFKC normalization (case kept for display),
/// unique by its [`Username::key`]. Letters and digits of any one script, plus `_ - .`:
/// mixing scripts is refused, because that is how look-alike names are made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Username(String);

impl Username {
    pub const MIN: usize = 3;
    pub const MAX: usize = 32;

    pub fn parse(input: &str) -> Result<Self, Invalid> {
        use unicode_normalization::UnicodeNormalization;
        use unicode_script::{Script, UnicodeScript};
        let length = || {
            Invalid::new(format!(
                "A user name has {} to {} characters.",
                Self::MIN,
                Self::MAX
            ))
        };
        // NFKC can grow a string; anything this long is refused before normalizing it.
        if input.len() > 8 * Self::MAX {
            return Err(length());
        }
        let name: String = input.trim().nfkc().collect();
        if !(Self::MIN..=Self::MAX).contains(&name.chars().count()) {
            return Err(length());
        }
        if !name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'))
        {
            return Err(Invalid::new(
                "A user name may contain only letters, digits, '_', '-' and '.'.",
            ));
        }
        let mut scripts = name
            .chars()
            .map(|c| c.script())
            .filter(|s| !matches!(s, Script::Common | Script::Inherited));
        let first = scripts.next();
        if scripts.any(|s| Some(s) != first) {
            return Err(Invalid::new(
                "A user name cannot mix alphabets (for example Latin and Cyrillic letters that look alike).",
            ));
        }
        Ok(Self(name))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What uniqueness is decided on: the NFKC form, without case.
    pub fn key(&self) -> String {
        use unicode_normalization::UnicodeNormalization;
        self.0.to_lowercase().nfkc().collect()
    }
}

/// An e-mail address, checked for shape (not deliverability), unique by its [`Email::key`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub const MAX: usize = 254;

    pub fn parse(input: &str) -> Result<Self, Invalid> {
        if input.len() > 4 * Self::MAX {
            return Err(Invalid::new(format!(
                "An e-mail address has at most {} characters.",
                Self::MAX
            )));
        }
        let email = input.trim();
        let bad = || Invalid::new("Enter an e-mail address such as name@example.com.");
        if email.len() > Self::MAX {
            return Err(Invalid::new(format!(
                "An e-mail address has at most {} characters.",
                Self::MAX
            )));
        }
        let (local, domain) = email.split_once('@').ok_or_else(bad)?;
        let local_ok = !local.is_empty()
            && local.len() <= 64
            && local
                .chars()
                .all(|c| c.is_ascii_graphic() && !matches!(c, '@' | '<' | '>' | '"' | ',' | ';'));
        let domain_ok = domain.contains('.')
            && domain.split('.').all(|label| {
                !label.is_empty()
                    && label.len() <= 63
                    && !label.starts_with('-')
                    && !label.ends_with('-')
                    && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            });
        if !local_ok || !domain_ok {
            return Err(bad());
        }
        Ok(Self(format!("{local}@{}", domain.to_ascii_lowercase())))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What uniqueness is decided on: the whole address without case.
    pub fn key(&self) -> String {
        self.0.to_ascii_lowercase()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Role {
    Reader,
    Author,
    Admin,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Reader => "reader",
            Role::Author => "author",
            Role::Admin => "admin",
        }
    }

    pub fn parse(input: &str) -> Result<Self, Invalid> {
        match input {
            "reader" => Ok(Role::Reader),
            "author" => Ok(Role::Author),
            "admin" => Ok(Role::Admin),
            other => Err(Invalid::new(format!("unknown role {other:?}"))),
        }
    }

    pub fn can_write(self) -> bool {
        self >= Role::Author
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: UserId,
    pub username: Username,
    pub email: Email,
    pub display_name: String,
    pub role: Role,
    pub password_hash: PasswordHash,
    pub created: DateTime<Utc>,
    pub bio: String,
    /// An http(s) URL, or empty.
    pub homepage: String,
    /// The address of a picture of them (http or https), or empty.
    pub image: String,
    /// A banned user cannot sign in, and their sessions count for nothing.
    pub banned: bool,
    /// The language the account's pages speak (a BCP 47 tag the interface speaks, such
    /// as `de`), or empty for what their browser asks for.
    pub language: String,
}

/// Everything a store needs to create an account; every field already valid.
#[derive(Debug, Clone)]
pub struct NewUser {
    pub id: UserId,
    pub username: Username,
    pub email: Email,
    pub display_name: String,
    pub role: Role,
    pub password_hash: PasswordHash,
    pub created: DateTime<Utc>,
}

impl NewUser {
    pub fn into_user(self) -> User {
        User {
            id: self.id,
            username: self.username,
            email: self.email,
            display_name: self.display_name,
            role: self.role,
            password_hash: self.password_hash,
            created: self.created,
            bio: String::new(),
            homepage: String::new(),
            image: String::new(),
            banned: false,
            language: String::new(),
        }
    }
}

/// The start of the user names and the domain of the addresses that deleted accounts
/// keep (see `crate::app::deletion::tombstone`): nobody chooses them.
pub const RESERVED_NAME_PREFIX: &str = "deleted-";
pub const RESERVED_DOMAIN: &str = "deleted.invalid";

/// The domain of the addresses accounts hold until their owner confirms one (a sign-up
/// with mail on): nobody chooses them either.
pub const UNCONFIRMED_DOMAIN: &str = "unconfirmed.invalid";

/// Whether an address is the placeholder of an account that has confirmed none.
pub fn is_unconfirmed(address: &str) -> bool {
    address
        .to_ascii_lowercase()
        .ends_with(&format!("@{UNCONFIRMED_DOMAIN}"))
}

impl Username {
    /// A user name someone chose (at sign-up, a rename, from the shell): as `parse`, and
    /// not of the form deleted accounts keep.
    pub fn parse_chosen(input: &str) -> Result<Self, Invalid> {
        let name = Self::parse(input)?;
        if name.key().starts_with(RESERVED_NAME_PREFIX) {
            return Err(Invalid::new(
                "User names starting with \"deleted-\" are kept for deleted accounts.",
            ));
        }
        Ok(name)
    }
}

impl Email {
    /// An address someone gave for an account: as `parse`, and not at the domain deleted
    /// accounts keep.
    pub fn parse_chosen(input: &str) -> Result<Self, Invalid> {
        let email = Self::parse(input)?;
        // `.invalid` is reserved (RFC 2606): no address there receives mail.
        if email.key().ends_with(".invalid") {
            return Err(Invalid::new("Enter an address that receives mail."));
        }
        Ok(email)
    }

    /// The address an account holds until its owner confirms one: its own, claimed like
    /// any other, at a domain that receives no mail.
    pub fn unconfirmed(id: UserId) -> Self {
        Self(format!(
            "unconfirmed-{}@{UNCONFIRMED_DOMAIN}",
            id.0.simple()
        ))
    }

    /// Whether the account holding this address has confirmed none yet.
    pub fn is_unconfirmed(&self) -> bool {
        is_unconfirmed(self.as_str())
    }
}

/// What a new account is made of, as typed in a sign-up form, checked together.
#[derive(Debug)]
pub struct SignUp {
    pub username: Username,
    pub email: Email,
    pub password: super::password::Password,
}

impl SignUp {
    pub fn parse(
        username: &str,
        email: &str,
        password: &str,
        confirm: &str,
    ) -> Result<Self, Invalid> {
        let username = Username::parse_chosen(username)?;
        let email = Email::parse_chosen(email)?;
        let checked = super::password::Password::parse(password)?;
        if password != confirm {
            return Err(Invalid::new("The two passwords differ."));
        }
        Ok(Self {
            username,
            email,
            password: checked,
        })
    }
}

/// What an author says about themselves on their author page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    pub display_name: String,
    pub bio: String,
    pub homepage: String,
    /// The address of a picture of them, or empty.
    pub image: String,
}

impl Profile {
    pub const BIO_MAX: usize = 2000;

    pub fn parse(
        display_name: &str,
        bio: &str,
        homepage: &str,
        image: &str,
        username: &Username,
    ) -> Result<Self, Invalid> {
        let display_name = parse_display_name(display_name, username)?;
        let bio = bio.trim().replace("\r\n", "\n");
        if bio.chars().count() > Self::BIO_MAX {
            return Err(Invalid::new(format!(
                "A bio has at most {} characters.",
                Self::BIO_MAX
            )));
        }
        if bio.chars().any(|c| c.is_control() && c != '\n') {
            return Err(Invalid::new("A bio cannot contain control characters."));
        }
        let homepage = homepage.trim();
        if !is_web_address(homepage, 200) {
            return Err(Invalid::new(
                "A homepage is an address starting with https:// or http://, at most 200 characters.",
            ));
        }
        // Pages allow images from https addresses only (their Content-Security-Policy).
        let image = image.trim();
        if !is_web_address(image, 500) || !(image.is_empty() || image.starts_with("https://")) {
            return Err(Invalid::new(
                "A picture is the address of an image, starting with https://, at most 500 characters.",
            ));
        }
        Ok(Self {
            display_name,
            bio,
            homepage: homepage.to_owned(),
            image: image.to_owned(),
        })
    }
}

/// Whether `input` is empty or an http(s) address of at most `max` bytes, of printable
/// ASCII without quotes or angle brackets (so that it is safe in an attribute).
fn is_web_address(input: &str, max: usize) -> bool {
    input.is_empty()
        || ((input.starts_with("https://") || input.starts_with("http://"))
            && input.len() <= max
            && input.len() > "https://".len()
            && input
                .chars()
                .all(|c| c.is_ascii_graphic() && !matches!(c, '"' | '<' | '>' | '\'' | '`')))
}

/// A display name: what readers see next to posts.
pub fn parse_display_name(input: &str, fallback: &Username) -> Result<String, Invalid> {
    let name = input.trim();
    if name.is_empty() {
        return Ok(fallback.as_str().to_owned());
    }
    if name.chars().count() > 64 || name.chars().any(char::is_control) {
        return Err(Invalid::new(
            "A display name has at most 64 characters and no control characters.",
        ));
    }
    Ok(name.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames_compare_without_case() {
        let a = Username::parse("  Alice_1 ").unwrap();
        assert_eq!(a.as_str(), "Alice_1");
        assert_eq!(a.key(), Username::parse("alice_1").unwrap().key());
    }

    #[test]
    fn bad_usernames_are_rejected_with_a_reason() {
        assert!(Username::parse("ab").is_err());
        assert!(
            Username::parse_chosen("Deleted-0123abcd").is_err(),
            "reserved"
        );
        assert!(Username::parse("deleted-0123abcd").is_ok(), "as stored");
        assert!(
            Email::parse_chosen("x@Deleted.Invalid").is_err(),
            "reserved"
        );
        assert!(Username::parse(&"a".repeat(10_000)).is_err());
        assert!(Username::parse("al ice").is_err());
        assert!(
            Username::parse("аlice").is_err(),
            "Cyrillic a is not allowed"
        );
    }

    #[test]
    fn usernames_are_nfkc_normalized_and_may_use_one_script() {
        let fullwidth = Username::parse("ａｄｍｉｎ").unwrap();
        assert_eq!(fullwidth.as_str(), "admin");
        assert_eq!(fullwidth.key(), Username::parse("ADMIN").unwrap().key());
        assert_eq!(Username::parse("Ölaf").unwrap().key(), "ölaf");
        assert!(Username::parse("Алиса").is_ok(), "one script is fine");
        assert!(Username::parse("джон_2").is_ok());
    }

    #[test]
    fn profiles_validate_bio_and_homepage() {
        let name = Username::parse("writer").unwrap();
        let p = Profile::parse(" ", "Hello", "https://example.com/me", "", &name).unwrap();
        assert_eq!(p.display_name, "writer");
        assert!(Profile::parse("", "", "javascript:alert(1)", "", &name).is_err());
        assert!(Profile::parse("", "", "https://x.com/\"onload=", "", &name).is_err());
        assert!(Profile::parse("", &"b".repeat(2001), "", "", &name).is_err());
        assert_eq!(Profile::parse("", "", "", "", &name).unwrap().homepage, "");
        let pictured = Profile::parse("", "", "", " https://example.com/me.png ", &name).unwrap();
        assert_eq!(pictured.image, "https://example.com/me.png");
        assert!(Profile::parse("", "", "", "data:image/png;base64,AAAA", &name).is_err());
        assert!(Profile::parse("", "", "", "https://x.com/a.png\" onerror=", &name).is_err());
    }

    #[test]
    fn emails_keep_local_part_and_lowercase_domain() {
        let e = Email::parse("Bob.Smith@Example.COM").unwrap();
        assert_eq!(e.as_str(), "Bob.Smith@example.com");
        assert_eq!(e.key(), "bob.smith@example.com");
        for bad in [
            "",
            "bob",
            "bob@",
            "@x.com",
            "bob@x",
            "bob@x..com",
            "a b@x.com",
            "bob@-x.com",
        ] {
            assert!(Email::parse(bad).is_err(), "{bad:?} should be rejected");
        }
    }

    #[test]
    fn roles_order_and_round_trip() {
        for role in [Role::Reader, Role::Author, Role::Admin] {
            assert_eq!(Role::parse(role.as_str()).unwrap(), role);
        }
        assert!(Role::Admin.can_write() && Role::Author.can_write() && !Role::Reader.can_write());
        assert!(Role::parse("root").is_err());
    }
}

/// The shelf of the user directory a user name is listed on: its first letter a-z,
/// `0-9` for a digit, `other` for anything else. Admins page through one shelf at a time.
pub fn shelf_of(username_key: &str) -> &'static str {
    const LETTERS: [&str; 26] = [
        "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r",
        "s", "t", "u", "v", "w", "x", "y", "z",
    ];
    match username_key.chars().next() {
        Some(c @ 'a'..='z') => LETTERS[(c as u8 - b'a') as usize],
        Some('0'..='9') => "0-9",
        _ => "other",
    }
}

/// Every shelf, in the order the directory shows them.
pub fn shelves() -> impl Iterator<Item = &'static str> {
    ('a'..='z')
        .map(|c| shelf_of(&c.to_string()))
        .chain(["0-9", "other"])
}

/// What a person types to log in: a user name or an e-mail address, reduced to the key
/// its uniqueness claim is held under.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Login {
    Username(String),
    Email(String),
}

impl Login {
    pub fn parse(input: &str) -> Result<Self, Invalid> {
        if input.contains('@') {
            Ok(Login::Email(Email::parse(input)?.key()))
        } else {
            Ok(Login::Username(Username::parse(input)?.key()))
        }
    }
}
