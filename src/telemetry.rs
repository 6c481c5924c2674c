//! Logging to standard error, filtered by `--log`.

use tracing_subscriber::EnvFilter;

pub fn init(filter: &str) -> Result<(), String> {
    let filter =
        EnvFilter::try_new(filter).map_err(|e| format!("bad --log filter {filter:?}: {e}"))?;
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init()
        .map_err(|e| e.to_string())
}
