//! Signing in and up, the account page, passwords, addresses, subscriptions, and
//! deleting an account.

use super::Layout;
use askama::Template;

#[derive(Template)]
#[template(path = "account/login.html")]
pub struct LoginPage {
    pub layout: Layout,
    pub error: Option<String>,
    pub login: String,
    pub next: String,
    /// Back from setting a new password.
    pub reset: bool,
    /// Whether passkeys work on this site (it is served under a host name).
    pub passkeys_here: bool,
}

#[derive(Template)]
#[template(path = "account/setup.html")]
pub struct SetupPage {
    pub layout: Layout,
    pub error: Option<String>,
    pub username: String,
    pub email: String,
    pub display_name: String,
}

#[derive(Template)]
#[template(path = "account/signup.html")]
pub struct SignupPage {
    pub layout: Layout,
    pub error: Option<String>,
    pub username: String,
    pub email: String,
}

#[derive(Template)]
#[template(path = "account/settings.html")]
pub struct SettingsPage {
    pub layout: Layout,
    pub username: String,
    /// The user's public page.
    pub author_url: String,
    pub email: String,
    /// The account has no confirmed address yet (signed up with mail on).
    pub unconfirmed: bool,
    pub display_name: String,
    pub bio: String,
    pub homepage: String,
    pub image: String,
    pub role: &'static str,
    /// Whether a new address must be confirmed by a mailed link.
    pub mail_on: bool,
    /// Whether the account is one of the network's administrators (a link to `/network`).
    pub network_admin: bool,
    /// The language the account's pages speak (a tag), or empty for the browser's.
    pub language: String,
    /// The languages to choose from: each tag and its name in itself.
    pub languages: Vec<(String, String)>,
    pub notice: Option<String>,
    pub error: Option<(Section, String)>,
}

impl SettingsPage {
    /// The error to show next to one form, if it is that form's.
    pub fn error_for(&self, section: &str) -> Option<&str> {
        let wanted = match section {
            "profile" => Section::Profile,
            "language" => Section::Language,
            "username" => Section::Username,
            "email" => Section::Email,
            _ => Section::Password,
        };
        self.error
            .as_ref()
            .filter(|(s, _)| *s == wanted)
            .map(|(_, m)| m.as_str())
    }
}

#[derive(Template)]
#[template(path = "account/forgot.html")]
pub struct ForgotPage {
    pub layout: Layout,
    pub mail_on: bool,
    pub email: String,
    /// The address the answer is about, once asked.
    pub sent_to: Option<String>,
    pub error: Option<String>,
}

#[derive(Template)]
#[template(path = "account/reset.html")]
pub struct ResetPage {
    pub layout: Layout,
    pub action: String,
    pub error: Option<String>,
}

/// The page a link confirming a new address opens: what it changes, and a button; then
/// what it changed.
#[derive(Template)]
#[template(path = "account/confirm_email.html")]
pub struct ConfirmEmailPage {
    pub layout: Layout,
    pub action: String,
    pub username: String,
    pub new_email: String,
    pub done: bool,
}

/// The subscription form, or what it answered.
#[derive(Template)]
#[template(path = "subscriptions/subscribe.html")]
pub struct SubscribePage {
    pub layout: Layout,
    pub mail_on: bool,
    /// The author subscribed to (`None`: the site).
    pub author: Option<String>,
    pub email: String,
    pub sent_to: Option<String>,
    pub error: Option<String>,
}

/// A subscription's confirmation or end: a button (`action`), then what it did.
#[derive(Template)]
#[template(path = "subscriptions/subscription.html")]
pub struct SubscriptionPage {
    pub layout: Layout,
    pub action: Option<String>,
    /// Confirming (otherwise unsubscribing).
    pub subscribing: bool,
    pub email: String,
    pub about: String,
}

/// The confirmation of an account's deletion: what happens, or why it is kept.
#[derive(Template)]
#[template(path = "account/delete.html")]
pub struct DeleteAccountPage {
    pub layout: Layout,
    /// The viewer's own account (asks for the password).
    pub own: bool,
    pub username: String,
    pub action: String,
    pub back: String,
    /// The site removes a deleted account's comments (otherwise keeps them).
    pub remove_comments: bool,
    /// Why the account is not deleted, if it is not.
    pub kept: Option<String>,
    pub error: Option<String>,
}

/// What an account's deletion says once done.
#[derive(Template)]
#[template(path = "account/deleted.html")]
pub struct AccountDeletedPage {
    pub layout: Layout,
    pub own: bool,
    pub username: String,
}

/// Which form of the account page a message belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    Profile,
    Language,
    Username,
    Email,
    Password,
}

/// One of an account's sessions on its security page.
pub struct SessionRow {
    /// The name it is ended by (not its store key).
    pub id: String,
    /// The browser and system it said it was; a token's name.
    pub what: String,
    /// How a token came to be (empty for a browser).
    pub made_by: String,
    pub address: String,
    /// The site it signed in to, when not this one.
    pub site: Option<String>,
    pub began: super::Dated,
    pub seen: super::Dated,
    pub ends: super::Dated,
    /// The session showing the page.
    pub current: bool,
}

#[derive(Template)]
#[template(path = "account/security.html")]
pub struct SecurityPage {
    pub layout: Layout,
    pub browsers: Vec<SessionRow>,
    pub tokens: Vec<SessionRow>,
    pub notice: Option<String>,
    /// Why ending a session was refused.
    pub error: Option<String>,
    /// Why making a token was refused.
    pub token_error: Option<String>,
    /// A token just made: its name and the token, shown this once.
    pub made: Option<(String, String)>,
    /// The name typed for a token, shown again when it was refused.
    pub label: String,
    /// When the account's authenticator was added, if it has one.
    pub authenticator: Option<super::Dated>,
    /// How many of its recovery codes are unused.
    pub codes_left: usize,
    /// Why a change to the second factors was refused.
    pub factor_error: Option<String>,
    /// The account's passkeys, oldest first.
    pub passkeys: Vec<PasskeyRow>,
    /// Whether passkeys work on this site (it is served under a host name).
    pub passkeys_here: bool,
    /// Whether the account has a passkey for this site (its second step asks for it).
    pub passkey_here: bool,
    /// Why adding or removing a passkey was refused.
    pub passkey_error: Option<String>,
    /// The name typed for a passkey, shown again when it was refused.
    pub passkey_name: String,
}

/// One of an account's passkeys on its security page.
pub struct PasskeyRow {
    /// Its credential id, base64url: what the form removing it sends.
    pub id: String,
    pub name: String,
    /// The site it was made on, when it signs in elsewhere than here.
    pub elsewhere: Option<String>,
    pub added: super::Dated,
    pub used: Option<super::Dated>,
}

/// The second step of a sign-in: a code from the authenticator, or a recovery code.
#[derive(Template)]
#[template(path = "account/second_step.html")]
pub struct SecondStepPage {
    pub layout: Layout,
    pub ticket: String,
    pub next: String,
    pub error: Option<String>,
    /// Whether the step takes a code (the account has an authenticator app).
    pub code: bool,
    /// Whether the step takes a passkey (the account has one, and passkeys work here).
    pub passkey: bool,
}

/// Adding an authenticator: its secret as a QR code and as text, and the first code.
#[derive(Template)]
#[template(path = "account/authenticator.html")]
pub struct AuthenticatorPage {
    pub layout: Layout,
    /// The secret in groups of four, to type.
    pub grouped: String,
    /// The otpauth address as an SVG QR code (markup made here, not by anyone else).
    pub qr: String,
    pub offered: String,
    /// Whether it replaces the account's authenticator.
    pub replacing: bool,
    /// The site requires two-step sign-in of the account, which has no authenticator.
    pub required: bool,
    pub error: Option<String>,
}

/// Recovery codes, shown this once.
#[derive(Template)]
#[template(path = "account/recovery_codes.html")]
pub struct RecoveryCodesPage {
    pub layout: Layout,
    pub codes: Vec<String>,
    /// The codes as a text file, for the download link.
    pub as_text: String,
    /// They came with an authenticator just added.
    pub with_authenticator: bool,
}
