//! The house rules, read from the source: no file reaches up a layer (nothing below `web`
//! names `web`, `domain` names nothing of the crate, the adapters name neither `web`,
//! `app` nor each other), no two files depend on each other however far round (by what
//! they import or by the methods of `self` they call), and no source file is over 800
//! lines.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

const MAX_LINES: usize = 800;

/// A source file: its module path (`crate::store::cassandra::posts`) and its text, with
/// its tests and comments left out.
struct Source {
    module: String,
    path: String,
    text: String,
    lines: usize,
}

fn sources() -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    let mut dirs = vec![root.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path
                    .strip_prefix(&root)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                let mut parts: Vec<&str> = rel.trim_end_matches(".rs").split('/').collect();
                if matches!(parts.last(), Some(&("mod" | "lib" | "main"))) {
                    parts.pop();
                }
                let module = std::iter::once("crate")
                    .chain(parts)
                    .collect::<Vec<_>>()
                    .join("::");
                let whole = std::fs::read_to_string(&path).unwrap();
                let lines = whole.lines().count();
                let code = whole
                    .split("#[cfg(test)]\nmod tests")
                    .next()
                    .unwrap_or_default()
                    .lines()
                    .map(|l| l.split("//").next().unwrap_or_default())
                    .collect::<Vec<_>>()
                    .join("\n");
                found.push(Source {
                    module,
                    path: rel,
                    text: code,
                    lines,
                });
            }
        }
    }
    found
}

/// Every path a `use` names, its braces expanded.
fn use_paths(text: &str) -> Vec<String> {
    fn expand(prefix: &str, tree: &str, out: &mut Vec<String>) {
        let tree = tree.trim();
        if let (Some(open), true) = (tree.find('{'), tree.ends_with('}')) {
            let head = &tree[..open];
            let body = &tree[open + 1..tree.len() - 1];
            let (mut depth, mut start) = (0, 0);
            for (i, c) in body.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        expand(&format!("{prefix}{head}"), &body[start..i], out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            expand(&format!("{prefix}{head}"), &body[start..], out);
        } else if !tree.is_empty() {
            let name = tree.split(" as ").next().unwrap_or(tree).trim();
            out.push(format!("{prefix}{name}"));
        }
    }
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("use ") {
        let before = rest[..at].chars().last();
        rest = &rest[at + 4..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        if let Some(end) = rest.find(';') {
            expand("", &rest[..end].replace('\n', " "), &mut out);
            rest = &rest[end..];
        }
    }
    out
}

/// The paths written out in the code (`crate::a::b`, `super::c`).
fn spelled_paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for start in ["crate::", "super::"] {
        let mut rest = text;
        while let Some(at) = rest.find(start) {
            let before = rest[..at].chars().last();
            let path: String = rest[at..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            rest = &rest[at + start.len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            out.push(path.trim_end_matches(':').to_owned());
        }
    }
    out
}

/// The methods a file defines on `self` and those it calls.
fn methods(text: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut defined = BTreeSet::new();
    for (i, _) in text.match_indices("fn ") {
        let name = ident(&text[i + 3..]);
        let after = text[i + 3 + name.len()..].trim_start();
        let after = if after.starts_with('<') {
            after.split_once('>').map_or("", |(_, a)| a).trim_start()
        } else {
            after
        };
        if after.strip_prefix('(').is_some_and(|a| {
            a.trim_start().starts_with("&self") || a.trim_start().starts_with("&mut self")
        }) {
            defined.insert(name);
        }
    }
    let mut called = BTreeSet::new();
    for (i, _) in text.match_indices("self.") {
        let name = ident(&text[i + 5..]);
        if text[i + 5 + name.len()..].starts_with('(') {
            called.insert(name);
        }
    }
    (defined, called)
}

struct Graph {
    files: Vec<Source>,
    edges: BTreeMap<usize, BTreeSet<usize>>,
}

fn graph() -> Graph {
    let files = sources();
    let index: BTreeMap<&str, usize> = files
        .iter()
        .enumerate()
        .map(|(i, f)| (f.module.as_str(), i))
        .collect();
    let resolve = |path: &str| -> Option<usize> {
        let segments: Vec<&str> = path.split("::").collect();
        (1..=segments.len())
            .rev()
            .find_map(|n| index.get(segments[..n].join("::").as_str()).copied())
    };
    let is_ancestor = |of: &str, maybe: &str| of.starts_with(&format!("{maybe}::"));
    let methods: Vec<_> = files.iter().map(|f| methods(&f.text)).collect();
    let mut definer: BTreeMap<&str, BTreeSet<usize>> = BTreeMap::new();
    for (i, (defined, _)) in methods.iter().enumerate() {
        for name in defined {
            definer.entry(name).or_default().insert(i);
        }
    }
    let mut edges: BTreeMap<usize, BTreeSet<usize>> = BTreeMap::new();
    for (i, file) in files.iter().enumerate() {
        let own = file.module.as_str();
        let parent = own.rsplit_once("::").map_or("crate", |(p, _)| p);
        let mut targets = BTreeSet::new();
        for path in use_paths(&file.text)
            .into_iter()
            .chain(spelled_paths(&file.text))
        {
            let absolute = if let Some(rest) = path.strip_prefix("super::super::") {
                let grand = parent.rsplit_once("::").map_or("crate", |(p, _)| p);
                format!("{grand}::{rest}")
            } else if let Some(rest) = path.strip_prefix("super::") {
                format!("{parent}::{rest}")
            } else if let Some(rest) = path.strip_prefix("self::") {
                format!("{own}::{rest}")
            } else if path.starts_with("crate") {
                path
            } else {
                format!("{own}::{path}")
            };
            if let Some(t) = resolve(&absolute) {
                targets.insert(t);
            }
        }
        // A method of `self` is one of the same type's: defined under the same part of
        // the crate (`crate::store::cassandra`, `crate::web::api`), and by one file there.
        let area = |m: &str| m.split("::").take(3).collect::<Vec<_>>().join("::");
        for name in &methods[i].1 {
            let near: BTreeSet<usize> = definer
                .get(name.as_str())
                .into_iter()
                .flatten()
                .copied()
                .filter(|&d| area(&files[d].module) == area(own))
                .collect();
            if near.len() == 1 {
                targets.extend(near);
            }
        }
        // A module uses what its ancestors share (the adapter's session and helpers):
        // that is the tree, not a dependency between files.
        targets.retain(|&t| t != i && !is_ancestor(own, &files[t].module));
        edges.insert(i, targets);
    }
    Graph { files, edges }
}

/// The groups of files that depend on each other, by Tarjan's algorithm.
fn circles(graph: &Graph) -> Vec<Vec<String>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<usize, BTreeSet<usize>>,
        index: BTreeMap<usize, usize>,
        low: BTreeMap<usize, usize>,
        stack: Vec<usize>,
        on: BTreeSet<usize>,
        found: Vec<Vec<usize>>,
    }
    impl Walk<'_> {
        fn visit(&mut self, v: usize) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on.insert(v);
            for &w in &self.edges[&v] {
                if !self.index.contains_key(&w) {
                    self.visit(w);
                    let low = self.low[&v].min(self.low[&w]);
                    self.low.insert(v, low);
                } else if self.on.contains(&w) {
                    let low = self.low[&v].min(self.index[&w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[&v] == self.index[&v] {
                let mut group = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on.remove(&w);
                    group.push(w);
                    if w == v {
                        break;
                    }
                }
                if group.len() > 1 {
                    self.found.push(group);
                }
            }
        }
    }
    let mut walk = Walk {
        edges: &graph.edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in 0..graph.files.len() {
        if !walk.index.contains_key(&v) {
            walk.visit(v);
        }
    }
    walk.found
        .into_iter()
        .map(|g| g.into_iter().map(|i| graph.files[i].path.clone()).collect())
        .collect()
}

#[test]
fn no_two_files_depend_on_each_other() {
    let graph = graph();
    assert!(graph.files.len() > 100, "the source was not found");
    // The check sees a dependency when there is one: the web layer's route table names
    // its handlers, and the Cassandra adapter's recovery calls into each aggregate.
    let edge = |a: &str, b: &str| {
        let find = |p: &str| graph.files.iter().position(|f| f.path == p).unwrap();
        graph.edges[&find(a)].contains(&find(b))
    };
    assert!(edge("web/routes.rs", "web/posts.rs"));
    assert!(edge(
        "store/cassandra/recovery.rs",
        "store/cassandra/posts/listing_writes.rs"
    ));
    let circles = circles(&graph);
    assert!(
        circles.is_empty(),
        "files that depend on each other: {circles:#?}"
    );
}

#[test]
fn no_file_reaches_up_a_layer() {
    let graph = graph();
    let layer = |module: &str| module.split("::").nth(1).unwrap_or("").to_owned();
    let mut wrong = Vec::new();
    for (&from, targets) in &graph.edges {
        let a = &graph.files[from].module;
        for &to in targets {
            let b = &graph.files[to].module;
            let (la, lb) = (layer(a), layer(b));
            let adapter = |m: &str| {
                ["crate::store::cassandra", "crate::store::sqlite"]
                    .into_iter()
                    .find(|p| m == *p || m.starts_with(&format!("{p}::")))
            };
            let refused = (lb == "web" && !["web", "startup", "main"].contains(&la.as_str()))
                || (la == "domain" && lb != "domain")
                || (lb == "app" && ["store", "domain", "infra", "binaries"].contains(&la.as_str()))
                || (adapter(a).is_some()
                    && (lb == "web"
                        || lb == "app"
                        || adapter(b).is_some_and(|x| Some(x) != adapter(a))));
            if refused {
                wrong.push(format!(
                    "{} -> {}",
                    graph.files[from].path, graph.files[to].path
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "imports against the layers: {wrong:#?}");
}

#[test]
fn no_source_file_is_over_800_lines() {
    let long: Vec<_> = sources()
        .into_iter()
        .filter(|f| f.lines > MAX_LINES)
        .map(|f| format!("{} ({} lines)", f.path, f.lines))
        .collect();
    assert!(long.is_empty(), "files over {MAX_LINES} lines: {long:?}");
}

/// The test command builds Sibyl in debug only and the Dockerfile in release (the same
/// command with `--release`, `tests/it/deploy.rs`): no code outside the tests may compile
/// in one profile and not the other.
#[test]
fn no_code_compiles_in_one_profile_only() {
    let build_rs =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("build.rs")).unwrap();
    let mut differing: Vec<String> = sources()
        .into_iter()
        .filter(|f| f.text.contains("debug_assertions"))
        .map(|f| f.path)
        .collect();
    if build_rs.contains("debug_assertions") {
        differing.push("build.rs".into());
    }
    assert!(
        differing.is_empty(),
        "compiled differently in release: {differing:?}"
    );
}

/// Sibyl is MIT OR Apache-2.0: no crate it builds with may be under a copyleft licence
/// only (GPL, AGPL, LGPL), nor under a licence its metadata does not name. A choice that
/// offers a permissive licence (`MIT OR Apache-2.0 OR LGPL-2.1-or-later`) is taken as
/// the permissive one.
#[test]
fn no_crate_is_under_a_copyleft_licence_only() {
    let output = std::process::Command::new(env!("CARGO"))
        .args(["metadata", "--locked", "--offline", "--format-version", "1"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let mut refused = Vec::new();
    let packages = metadata["packages"].as_array().unwrap();
    assert!(packages.len() > 100, "the whole tree is read");
    for package in packages {
        let name = format!("{} {}", package["name"], package["version"]);
        let Some(licence) = package["license"].as_str() else {
            refused.push(format!("{name}: no licence named"));
            continue;
        };
        let permissive = licence
            .split(" OR ")
            .flat_map(|choice| choice.split('/'))
            .any(|choice| !choice.contains("GPL"));
        if !permissive {
            refused.push(format!("{name}: {licence}"));
        }
    }
    assert!(refused.is_empty(), "copyleft only: {refused:#?}");
}
