//! Repair of the accounts on Cassandra: every account's claims (user name, e-mail
//! address) and directory entry against its row, and every claim and entry against the
//! accounts (see `store::repair`).

use crate::domain::{Email, UserId, Username};
use crate::store::cassandra::CassandraStore;
use crate::store::cassandra::lwt::Claim;
use crate::store::prelude::*;
use crate::store::repair::Finding;
use crate::store::{AccountError, DirectoryEntry, StoreError, StoreResult};
use std::collections::{BTreeSet, HashMap, HashSet};
use uuid::Uuid;

/// How long a committed claim is left to the sign-up or rename that made it before
/// repair judges it.
pub(in crate::store::cassandra) const RECENT: chrono::Duration = chrono::Duration::minutes(10);

impl CassandraStore {
    /// The keys of an account's user name and address as its row has them now.
    async fn account_keys(&self, id: Uuid) -> StoreResult<Option<(String, String)>> {
        Ok(self
            .user(UserId(id))
            .await?
            .map(|u| (u.username.key(), u.email.key())))
    }

    /// Every account's claims and directory entry, and every claim and entry against
    /// the accounts. Pending claims are left alone: they are a sign-up or rename under
    /// way, or expire by their TTL.
    pub(in crate::store::cassandra) async fn repair_accounts(
        &self,
        fix: bool,
        findings: &mut Vec<Finding>,
    ) -> StoreResult<usize> {
        let ks = &self.keyspace;
        let claims = self.claims();
        let users: Vec<(Uuid, String, String)> = self
            .scan(
                format!("SELECT user_id, username, email FROM {ks}.users"),
                (),
            )
            .await?;
        let mut keys: HashMap<Uuid, (String, String)> = HashMap::new();
        for (id, username, email) in &users {
            let (Ok(username), Ok(email)) = (Username::parse(username), Email::parse(email)) else {
                findings.push(Finding {
                    table: "users",
                    what: format!(
                        "account {id} has a name or address that no longer parses; left as is"
                    ),
                });
                continue;
            };
            keys.insert(*id, (username.key(), email.key()));
        }
        for (id, (username, email)) in &keys {
            for (scope, name) in [("username", username), ("email", email)] {
                let owner = claims.owner(scope, name).await?;
                let in_step = matches!(&owner, Some((o, state)) if o == id && state == "committed");
                // An account renamed since the scan is judged by what it is now.
                if !in_step
                    && self.account_keys(*id).await? != Some((username.clone(), email.clone()))
                {
                    continue;
                }
                match owner {
                    Some((owner, state)) if owner == *id => {
                        if state != "committed" {
                            findings.push(Finding {
                                table: "claims",
                                what: format!("the {scope} {name} of account {id} was pending; committed"),
                            });
                            if fix {
                                claims.commit(scope, name, *id).await?;
                            }
                        }
                    }
                    Some((owner, _)) => findings.push(Finding {
                        table: "claims",
                        what: format!("the {scope} {name} of account {id} is held by account {owner}; left for an admin"),
                    }),
                    None => {
                        findings.push(Finding {
                            table: "claims",
                            what: format!("the {scope} {name} of account {id} was not claimed; claimed"),
                        });
                        if fix && claims.claim(scope, name, *id).await? == Claim::Won {
                            claims.commit(scope, name, *id).await?;
                        }
                    }
                }
            }
        }
        type ClaimRow = (String, String, Option<Uuid>, Option<String>, Option<i64>);
        let all_claims: Vec<ClaimRow> = self
            .scan(
                format!("SELECT scope, name, owner, state, WRITETIME(state) FROM {ks}.claims"),
                (),
            )
            .await?;
        let recent = (crate::domain::now() - RECENT).timestamp_micros();
        for (scope, name, owner, state, written) in all_claims {
            let (Some(owner), Some("committed")) = (owner, state.as_deref()) else {
                continue;
            };
            let holds = |keys: Option<&(String, String)>| match (scope.as_str(), keys) {
                ("username", Some((username, _))) => Some(*username == name),
                ("email", Some((_, email))) => Some(*email == name),
                ("username" | "email", None) => Some(false),
                _ => None,
            };
            let Some(held) = holds(keys.get(&owner)) else {
                continue;
            };
            // A claim committed lately may belong to a sign-up or a rename under way, whose
            // steps write the claims and the account's row one after the other: left to
            // them (and to the reconciler, should they die).
            // An account made or renamed since the scan is judged by what it is now.
            if !held
                && (written.is_none_or(|w| w > recent)
                    || holds(self.account_keys(owner).await?.as_ref()) == Some(true))
            {
                continue;
            }
            if !held {
                findings.push(Finding {
                    table: "claims",
                    what: format!("the {scope} {name} is held for account {owner}, which does not have it; released"),
                });
                if fix {
                    claims.release(&scope, &name, owner).await;
                }
            }
        }
        let entries: Vec<(String, String, Option<Uuid>)> = self
            .scan(
                format!("SELECT prefix, username_key, user_id FROM {ks}.user_directory_by_prefix"),
                (),
            )
            .await?;
        let mut listed = HashSet::new();
        let mut prefixes = BTreeSet::new();
        for (prefix, key, id) in entries {
            let current = id.and_then(|id| keys.get(&id)).map(|(u, _)| u);
            if current == Some(&key) {
                listed.insert(id);
                prefixes.insert(crate::store::cassandra::accounts::prefix_values(&key));
                continue;
            }
            // An account made or renamed since the scan is judged by what it is now.
            if let Some(id) = id
                && self.account_keys(id).await?.is_some_and(|(u, _)| u == key)
            {
                listed.insert(Some(id));
                prefixes.insert(crate::store::cassandra::accounts::prefix_values(&key));
                continue;
            }
            findings.push(Finding {
                table: "user_directory_by_prefix",
                what: format!(
                    "an entry {key} for an account that does not have that name; removed"
                ),
            });
            if fix {
                self.exec(
                    &self.accounts.directory_delete,
                    (prefix.as_str(), key.as_str()),
                )
                .await?;
            }
        }
        // Every prefix with an entry is in its shelf's index, through which pages find it.
        let indexed: HashSet<(String, String)> = self
            .scan::<(String, String)>(
                format!("SELECT shelf, prefix FROM {ks}.user_directory_prefixes"),
                (),
            )
            .await?
            .into_iter()
            .collect();
        for (shelf, prefix) in prefixes {
            if indexed.contains(&(shelf.to_owned(), prefix.clone())) {
                continue;
            }
            findings.push(Finding {
                table: "user_directory_prefixes",
                what: format!("the prefix {prefix:?} of shelf {shelf} was not indexed; indexed"),
            });
            if fix {
                self.exec(&self.accounts.prefix_insert, (shelf, prefix.as_str()))
                    .await?;
            }
        }
        for id in keys.keys() {
            let user = self.user(UserId(*id)).await?;
            let entry: Option<DirectoryEntry> = match &user {
                Some(user) => self.directory_entry(&user.username.key()).await?,
                None => None,
            };
            let agrees = match (&user, &entry) {
                (Some(user), Some(entry)) => DirectoryEntry::from(user) == *entry,
                _ => false,
            };
            if user.is_some() && !agrees {
                findings.push(Finding {
                    table: "user_directory_by_prefix",
                    what: format!("the entry of account {id} was missing or out of date; written"),
                });
                if fix {
                    self.write_directory(UserId(*id))
                        .await
                        .map_err(|e| match e {
                            AccountError::Store(e) => e,
                            other => StoreError::Unavailable(other.to_string()),
                        })?;
                }
            }
        }
        Ok(users.len())
    }
}
