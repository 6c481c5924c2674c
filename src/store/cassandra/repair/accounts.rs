//! Repair's passes over the accounts (shared by every site), each a scan in token order
//! that holds nothing but the rows in hand: every account's claims (user name, e-mail
//! address), directory entry and its prefix in the index against its row; every claim of
//! a name or address against the account it names; every directory entry against the
//! account it lists. Each is judged by the account's row as it is when checked (read
//! again, not the scan's copy), and a claim committed in the last ten minutes is left to
//! the sign-up or rename that made it, so a repair beside live traffic does not undo
//! what it writes. Pending claims are left alone: a sign-up or rename under way, or one
//! that expires by its TTL.

use super::{Run, Told};
use crate::domain::{Email, UserId, Username};
use crate::store::cassandra::accounts::prefix_values;
use crate::store::cassandra::lwt::Claim;
use crate::store::cassandra::{CassandraStore, prepare, unavailable};
use crate::store::prelude::*;
use crate::store::repair::Finding;
use crate::store::{AccountError, DirectoryEntry, StoreError, StoreResult};
use scylla::statement::prepared::PreparedStatement;
use uuid::Uuid;

/// How long a committed claim is left to the sign-up or rename that made it before
/// repair judges it (and a follower's row to the follow written with it).
pub(super) const RECENT: chrono::Duration = chrono::Duration::minutes(10);

/// An account as its pass reads it: id, user name, address.
pub(super) type AccountRow = (Uuid, Option<String>, Option<String>);

/// A claim as its pass reads it: scope, name, owner, state, when its state was written.
pub(super) type ClaimRow = (String, String, Option<Uuid>, Option<String>, Option<i64>);

/// The accounts' passes' statements, prepared once when a repair starts.
pub(super) struct Statements {
    /// Every account, claim and directory partition in token order from a token.
    pub(super) users_from: PreparedStatement,
    pub(super) claims_from: PreparedStatement,
    pub(super) directory_from: PreparedStatement,
    /// A claim at LOCAL_QUORUM (at SERIAL only when it seems out of step), a directory
    /// partition's entries, a prefix in its shelf's index.
    claim: PreparedStatement,
    directory_of: PreparedStatement,
    prefix_key: PreparedStatement,
}

impl Statements {
    pub(super) async fn prepare(store: &CassandraStore) -> StoreResult<Self> {
        let (ks, session) = (&store.keyspace, &store.session);
        let prepare = |cql: String| async move { prepare(session, cql).await.map_err(unavailable) };
        Ok(Self {
            users_from: prepare(format!(
                "SELECT user_id, username, email, token(user_id) FROM {ks}.users WHERE token(user_id) >= ?"
            ))
            .await?,
            claims_from: prepare(format!(
                "SELECT scope, name, owner, state, WRITETIME(state), token(scope, name) FROM {ks}.claims
                 WHERE token(scope, name) >= ?"
            ))
            .await?,
            directory_from: prepare(format!(
                "SELECT prefix, token(prefix) FROM {ks}.user_directory_by_prefix WHERE token(prefix) >= ? PER PARTITION LIMIT 1"
            ))
            .await?,
            claim: prepare(format!(
                "SELECT owner, state FROM {ks}.claims WHERE scope = ? AND name = ?"
            ))
            .await?,
            directory_of: prepare(format!(
                "SELECT username_key, user_id FROM {ks}.user_directory_by_prefix WHERE prefix = ?"
            ))
            .await?,
            prefix_key: prepare(format!(
                "SELECT prefix FROM {ks}.user_directory_prefixes WHERE shelf = ? AND prefix = ?"
            ))
            .await?,
        })
    }
}

impl Run<'_> {
    /// The keys of an account's user name and address as its row has them now.
    async fn account_keys(&self, id: Uuid) -> StoreResult<Option<(String, String)>> {
        Ok(self
            .store
            .user(UserId(id))
            .await?
            .map(|u| (u.username.key(), u.email.key())))
    }

    /// One account: its claims, its directory entry and its prefix in the index.
    pub(super) async fn check_account(&self, (id, username, email): AccountRow) -> ((), Told) {
        let what = || format!("account {id}");
        self.checked_one(what, async {
            let mut findings = Vec::new();
            let parsed = username
                .as_deref()
                .and_then(|u| Username::parse(u).ok())
                .zip(email.as_deref().and_then(|e| Email::parse(e).ok()));
            let Some((username, email)) = parsed else {
                findings.push(Finding {
                    table: "users",
                    what: format!(
                        "account {id} has a name or address that no longer parses; left as is"
                    ),
                });
                return Ok(findings);
            };
            let keys = (username.key(), email.key());
            for (scope, name) in [("username", &keys.0), ("email", &keys.1)] {
                self.account_claim(id, &keys, scope, name, &mut findings)
                    .await?;
            }
            self.account_entry(id, &mut findings).await?;
            Ok(findings)
        })
        .await
    }

    /// An account's claim of one of its keys (`keys`, as read), judged by the account as
    /// it is now when it seems out of step.
    async fn account_claim(
        &self,
        id: Uuid,
        keys: &(String, String),
        scope: &str,
        name: &str,
        findings: &mut Vec<Finding>,
    ) -> StoreResult<()> {
        let store = self.store;
        let claims = store.claims();
        let seen: Option<(Option<Uuid>, Option<String>)> =
            store.row(&self.accounts.claim, (scope, name)).await?;
        if matches!(&seen, Some((Some(o), Some(state))) if *o == id && state == "committed") {
            return Ok(());
        }
        // Out of step as read: read again at SERIAL, and judge an account renamed since
        // it was read by what it is now.
        let owner = claims.owner(scope, name).await?;
        let in_step = matches!(&owner, Some((o, state)) if *o == id && state == "committed");
        if in_step || self.account_keys(id).await?.as_ref() != Some(keys) {
            return Ok(());
        }
        match owner {
            Some((owner, _)) if owner == id => {
                findings.push(Finding {
                    table: "claims",
                    what: format!("the {scope} {name} of account {id} was pending; committed"),
                });
                if self.fix {
                    claims.commit(scope, name, id).await?;
                }
            }
            Some((owner, _)) => findings.push(Finding {
                table: "claims",
                what: format!(
                    "the {scope} {name} of account {id} is held by account {owner}; left for an admin"
                ),
            }),
            None => {
                findings.push(Finding {
                    table: "claims",
                    what: format!("the {scope} {name} of account {id} was not claimed; claimed"),
                });
                if self.fix && claims.claim(scope, name, id).await? == Claim::Won {
                    claims.commit(scope, name, id).await?;
                }
            }
        }
        Ok(())
    }

    /// An account's entry in the directory, as its row is now, and its prefix in the
    /// index through which pages find it.
    async fn account_entry(&self, id: Uuid, findings: &mut Vec<Finding>) -> StoreResult<()> {
        let store = self.store;
        let Some(user) = store.user(UserId(id)).await? else {
            return Ok(());
        };
        let key = user.username.key();
        let entry = store.directory_entry(&key).await?;
        if entry.as_ref() != Some(&DirectoryEntry::from(&user)) {
            findings.push(Finding {
                table: "user_directory_by_prefix",
                what: format!("the entry of account {id} was missing or out of date; written"),
            });
            if self.fix {
                // Its prefix in the index is written with it.
                store
                    .write_directory(UserId(id))
                    .await
                    .map_err(|e| match e {
                        AccountError::Store(e) => e,
                        other => StoreError::Unavailable(other.to_string()),
                    })?;
                return Ok(());
            }
        }
        let (shelf, prefix) = prefix_values(&key);
        let indexed: Option<(String,)> = store
            .row(&self.accounts.prefix_key, (shelf, prefix.as_str()))
            .await?;
        if indexed.is_none() {
            findings.push(Finding {
                table: "user_directory_prefixes",
                what: format!("the prefix {prefix:?} of shelf {shelf} was not indexed; indexed"),
            });
            if self.fix {
                store
                    .exec(&store.accounts.prefix_insert, (shelf, prefix.as_str()))
                    .await?;
            }
        }
        Ok(())
    }

    /// One committed claim of a user name or address, against the account it names.
    pub(super) async fn check_claim(&self, row: ClaimRow) -> ((), Told) {
        let (scope, name, owner, state, written) = row;
        let what = || format!("the claim of the {scope} {name}");
        self.checked_one(what, async {
            let mut findings = Vec::new();
            let (Some(owner), Some("committed")) = (owner, state.as_deref()) else {
                return Ok(findings);
            };
            if scope != "username" && scope != "email" {
                return Ok(findings);
            }
            // A claim committed lately may belong to a sign-up or a rename under way,
            // whose steps write the claims and the account's row one after the other:
            // left to them (and to the reconciler, should they die).
            let recent = (crate::domain::now() - RECENT).timestamp_micros();
            if written.is_none_or(|w| w > recent) {
                return Ok(findings);
            }
            let held = match self.account_keys(owner).await? {
                Some((username, email)) => {
                    let key = if scope == "username" { username } else { email };
                    key == name
                }
                None => false,
            };
            if !held {
                findings.push(Finding {
                    table: "claims",
                    what: format!("the {scope} {name} is held for account {owner}, which does not have it; released"),
                });
                if self.fix {
                    self.store.claims().release(&scope, &name, owner).await;
                }
            }
            Ok(findings)
        })
        .await
    }

    /// One partition of the directory, each entry against the account it lists.
    pub(super) async fn check_directory(&self, prefix: String) -> ((), Told) {
        let what = || format!("the directory's entries under {prefix:?}");
        self.checked_one(what, async {
            let store = self.store;
            let rows: Vec<(String, Option<Uuid>)> = store
                .scan_prepared(&self.accounts.directory_of, (prefix.as_str(),))
                .await?;
            let mut findings = Vec::new();
            for (key, id) in rows {
                if let Some(id) = id
                    && self.account_keys(id).await?.is_some_and(|(u, _)| u == key)
                {
                    continue;
                }
                findings.push(Finding {
                    table: "user_directory_by_prefix",
                    what: format!(
                        "an entry {key} for an account that does not have that name; removed"
                    ),
                });
                if self.fix {
                    store
                        .exec(
                            &store.accounts.directory_delete,
                            (prefix.as_str(), key.as_str()),
                        )
                        .await?;
                }
            }
            Ok(findings)
        })
        .await
    }
}
