//! `compose.yaml`, the Dockerfile and the load balancer's configuration, checked as far
//! as a machine without a Docker engine can: the file parses as YAML; every image is
//! built here or pinned to what the tests run (Cassandra's version); every Sibyl command
//! and `SIBYL_*` variable it gives is one the binary accepts, with a valid value; every
//! file it mounts exists; the load balancer checks a route Sibyl serves and names the
//! instances compose runs; and the Dockerfile's build step is the test command's.

use clap::{CommandFactory, Parser};
use sibyl::config::Cli;
use std::collections::BTreeSet;
use std::path::Path;
use yaml_rust2::{Yaml, YamlLoader};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(file: &str) -> String {
    std::fs::read_to_string(root().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

fn strings(yaml: &Yaml) -> Vec<String> {
    yaml.as_vec()
        .unwrap_or_else(|| panic!("a list: {yaml:?}"))
        .iter()
        .map(|item| item.as_str().expect("a string").to_owned())
        .collect()
}

/// `KEY: value` pairs of a service's environment.
fn environment(service: &Yaml) -> Vec<(String, String)> {
    let Some(map) = service["environment"].as_hash() else {
        return Vec::new();
    };
    map.iter()
        .map(|(k, v)| {
            let value = match v {
                Yaml::String(s) => s.clone(),
                Yaml::Integer(n) => n.to_string(),
                other => panic!("{k:?}: {other:?}"),
            };
            (k.as_str().unwrap().to_owned(), value)
        })
        .collect()
}

/// The long flag of the setting a `SIBYL_*` variable sets.
fn flag_of(var: &str) -> String {
    Cli::command()
        .get_arguments()
        .find(|a| a.get_env().is_some_and(|e| e == var))
        .and_then(|a| a.get_long())
        .unwrap_or_else(|| panic!("sibyl reads no variable {var}"))
        .to_owned()
}

/// The Cassandra version the tests run (scripts/cassandra/pom.xml).
fn tested_cassandra() -> String {
    let pom = read("scripts/cassandra/pom.xml");
    let start = pom.find("<cassandra.version>").unwrap() + "<cassandra.version>".len();
    let end = pom[start..].find('<').unwrap();
    pom[start..start + end].to_owned()
}

/// `yaml` with its merge keys (`<<: *anchor`) applied, as Compose reads them: a mapping
/// takes each entry of the merged one that it does not set itself.
fn merged(yaml: Yaml) -> Yaml {
    match yaml {
        Yaml::Hash(map) => {
            let merge = Yaml::String("<<".into());
            let mut out = yaml_rust2::yaml::Hash::new();
            for (k, v) in map.iter() {
                if *k != merge {
                    out.insert(k.clone(), merged(v.clone()));
                }
            }
            if let Some(base) = map.get(&merge)
                && let Yaml::Hash(base) = merged(base.clone())
            {
                for (k, v) in base {
                    out.entry(k).or_insert(v);
                }
            }
            Yaml::Hash(out)
        }
        Yaml::Array(items) => Yaml::Array(items.into_iter().map(merged).collect()),
        other => other,
    }
}

#[test]
fn compose_runs_a_cluster_migrate_two_instances_and_a_load_balancer() {
    let docs = YamlLoader::load_from_str(&read("compose.yaml")).expect("compose.yaml is YAML");
    let compose = &merged(docs[0].clone());
    let services = compose["services"].as_hash().expect("services");
    let names: BTreeSet<&str> = services.keys().map(|k| k.as_str().unwrap()).collect();
    assert_eq!(
        names,
        BTreeSet::from([
            "cassandra-1",
            "cassandra-2",
            "cassandra-3",
            "migrate",
            "sibyl-1",
            "sibyl-2",
            "lb"
        ])
    );
    let service = |name: &str| &compose["services"][name];
    let mut sibyl_services = 0;
    let mut lb_image = None;
    for (name, spec) in services {
        let name = name.as_str().unwrap();
        let image = spec["image"]
            .as_str()
            .unwrap_or_else(|| panic!("{name}: image"));
        match image.split_once(':') {
            Some(("cassandra", version)) => {
                assert_eq!(version, tested_cassandra(), "{name} runs another Cassandra");
                let env: Vec<_> = environment(spec).into_iter().map(|(k, _)| k).collect();
                assert!(env.contains(&"MAX_HEAP_SIZE".to_owned()), "{name}");
            }
            Some(("sibyl", "local")) => {
                sibyl_services += 1;
                // The command and every variable parse as the binary would take them.
                let mut args = vec!["sibyl".to_owned()];
                for (var, value) in environment(spec) {
                    args.push(format!("--{}={value}", flag_of(&var)));
                }
                args.extend(strings(&spec["command"]));
                let parsed =
                    Cli::try_parse_from(&args).unwrap_or_else(|e| panic!("{name}: {args:?}: {e}"));
                assert!(
                    matches!(parsed.settings.store, sibyl::store::StoreUrl::Cassandra { ref nodes, .. } if nodes.len() == 3),
                    "{name} uses the three nodes"
                );
            }
            Some(("haproxy", _)) => lb_image = Some(name),
            _ => panic!("{name}: an image the project neither builds nor tests: {image}"),
        }
        // Every file mounted from here exists.
        if let Some(volumes) = spec["volumes"].as_vec() {
            for volume in volumes {
                let volume = volume.as_str().unwrap();
                if let Some(file) = volume.strip_prefix("./") {
                    let file = file.split(':').next().unwrap();
                    assert!(root().join(file).is_file(), "{name} mounts {file}");
                }
            }
        }
    }
    assert_eq!(sibyl_services, 3, "migrate and two instances");
    assert_eq!(lb_image, Some("lb"));
    // The image is built from the Dockerfile here, and migrate runs before the instances.
    assert_eq!(service("migrate")["build"].as_str(), Some("."));
    assert_eq!(strings(&service("migrate")["command"])[0], "migrate");
    for instance in ["sibyl-1", "sibyl-2"] {
        assert_eq!(strings(&service(instance)["command"]), ["serve"]);
        assert_eq!(
            service(instance)["depends_on"]["migrate"]["condition"].as_str(),
            Some("service_completed_successfully")
        );
    }
    // The nodes join one after another.
    assert_eq!(
        service("cassandra-3")["depends_on"]["cassandra-2"]["condition"].as_str(),
        Some("service_healthy")
    );

    // The load balancer sends to both instances, on the port they listen on, and checks
    // the readiness route.
    let haproxy = read("deploy/haproxy.cfg");
    for instance in ["sibyl-1", "sibyl-2"] {
        assert!(
            haproxy.contains(&format!("server {instance} {instance}:8080 check")),
            "{haproxy}"
        );
    }
    assert!(haproxy.contains("option httpchk GET /readyz"));
    // /metrics is not public through it, and its address is the one proxy the
    // instances trust.
    assert!(haproxy.contains("http-request deny deny_status 404 if { path /metrics }"));
    let lb_address = service("lb")["networks"]["default"]["ipv4_address"]
        .as_str()
        .expect("the load balancer's fixed address");
    let subnet = compose["networks"]["default"]["ipam"]["config"][0]["subnet"]
        .as_str()
        .unwrap();
    let inside = sibyl::binaries::fetch::Network::parse(subnet).unwrap();
    assert!(inside.contains(lb_address.parse().unwrap()));
    for instance in ["sibyl-1", "sibyl-2"] {
        let env = environment(service(instance));
        let get = |k: &str| env.iter().find(|(key, _)| key == k).map(|(_, v)| v.clone());
        assert_eq!(get("SIBYL_TRUSTED_PROXIES").as_deref(), Some(lb_address));
        assert_eq!(get("SIBYL_METRICS_ALLOW").as_deref(), Some(subnet));
    }
    assert!(read("src/web/routes.rs").contains("web::resource(\"/readyz\")"));
}

#[test]
fn the_dockerfile_builds_and_runs_what_the_tests_do() {
    let dockerfile = read("Dockerfile");
    let test = read("scripts/test");
    let build = dockerfile
        .lines()
        .find_map(|line| line.strip_prefix("RUN cargo build"))
        .expect("a cargo build step");
    // The binary the tests build, optimized: the same manifest and lock, no features of
    // its own. scripts/test builds it in debug only (docs/TESTING.md says why), and no code
    // compiles in one profile only (`architecture.rs`).
    assert_eq!(
        build.split_whitespace().collect::<Vec<_>>(),
        ["--release", "--locked", "--bin", "sibyl"]
    );
    assert!(
        test.contains("debug_cargo test --locked --lib --bins --tests --no-run"),
        "scripts/test does not build the sibyl binary"
    );
    // Each COPY from the context: whether it is the build stage's, and its sources.
    let build_at = dockerfile
        .find("RUN cargo build")
        .expect("a cargo build step");
    let mut copies: Vec<(bool, &str)> = Vec::new();
    let mut at = 0;
    for line in dockerfile.split_inclusive('\n') {
        let line_at = at;
        at += line.len();
        let Some(copy) = line.trim_end().strip_prefix("COPY ") else {
            continue;
        };
        if copy.contains("--from") {
            continue;
        }
        let parts: Vec<&str> = copy.split_whitespace().collect();
        for source in &parts[..parts.len() - 1] {
            copies.push((line_at < build_at, *source));
        }
    }
    // The build stage copies what cargo builds from: the manifest, the lock, the build
    // script and the folders the code includes.
    for input in [
        "Cargo.toml",
        "Cargo.lock",
        "build.rs",
        "schema.cql",
        "src",
        "templates",
        "static",
        "locales",
    ] {
        assert!(
            copies.contains(&(true, input)),
            "the build stage does not copy {input}"
        );
    }
    // Whatever it copies exists.
    for (_, source) in &copies {
        assert!(root().join(source).exists(), "COPY {source}");
    }
    // It runs the binary the build makes, serving by default with a valid configuration.
    assert!(
        dockerfile.contains("COPY --from=build /src/target/release/sibyl /usr/local/bin/sibyl")
    );
    assert!(dockerfile.contains("ENTRYPOINT [\"sibyl\"]"));
    assert!(dockerfile.contains("CMD [\"serve\"]"));
    let env_line = dockerfile
        .split("ENV ")
        .nth(1)
        .expect("an ENV")
        .split("\nEXPOSE")
        .next()
        .unwrap()
        .replace("\\\n", " ");
    let mut args = vec!["sibyl".to_owned()];
    for pair in env_line.split_whitespace() {
        let (var, value) = pair.split_once('=').unwrap();
        args.push(format!("--{}={value}", flag_of(var)));
    }
    args.push("serve".into());
    Cli::try_parse_from(&args).unwrap_or_else(|e| panic!("{args:?}: {e}"));
}
