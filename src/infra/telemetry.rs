//! Logging to standard error, filtered by `--log`: readable lines, or one JSON object a
//! line (`--log-format json`) for a log collector. A line written while a request is
//! served carries the request's id (the `request` span).

use tracing::field::{Field, Visit};
use tracing::{Event, Level, Subscriber};
use tracing_subscriber::EnvFilter;
use tracing_subscriber::layer::{Context, Layer, SubscriberExt};
use tracing_subscriber::util::SubscriberInitExt;

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    /// Readable lines: time, level, spans (`request{id=...}`), message and fields.
    #[default]
    Text,
    /// One JSON object a line: `timestamp`, `level`, `target`, `fields` (with
    /// `message`), and `span` (the request's `id` and `method`).
    Json,
}

pub fn init(filter: &str, format: LogFormat) -> Result<(), String> {
    let filter =
        EnvFilter::try_new(filter).map_err(|e| format!("bad --log filter {filter:?}: {e}"))?;
    let registry = tracing_subscriber::registry()
        .with(filter)
        .with(ClientMistakes);
    match format {
        LogFormat::Text => registry
            .with(
                tracing_subscriber::fmt::layer()
                    // Colours for a terminal only: a file or a collector gets plain lines.
                    .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
                    .with_writer(std::io::stderr),
            )
            .try_init(),
        LogFormat::Json => registry
            .with(
                tracing_subscriber::fmt::layer()
                    .json()
                    .with_current_span(true)
                    .with_span_list(false)
                    .with_writer(std::io::stderr),
            )
            .try_init(),
    }
    .map_err(|e| e.to_string())
}

/// The HTTP server logs a request it cannot parse (an over-long URI, a malformed
/// header) as an ERROR of its own, although it answers it with a 400: the mistake is
/// the client's. Such lines are logged at DEBUG instead, under `sibyl::http`.
struct ClientMistakes;

/// The target and message prefix of the server's line for an unparsable request.
const DISPATCHER: &str = "actix_http::h1::dispatcher";
const PARSE_ERROR: &str = "stream error: request parse error";

#[derive(Default)]
struct Message(String);

impl Visit for Message {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "message" {
            self.0 = format!("{value:?}");
        }
    }
}

/// Whether an event is the server's ERROR line for a request it could not parse; its
/// message if so.
fn client_mistake(event: &Event<'_>) -> Option<String> {
    let meta = event.metadata();
    if *meta.level() != Level::ERROR || meta.target() != DISPATCHER {
        return None;
    }
    let mut message = Message::default();
    event.record(&mut message);
    message.0.starts_with(PARSE_ERROR).then_some(message.0)
}

impl<S: Subscriber> Layer<S> for ClientMistakes {
    fn event_enabled(&self, event: &Event<'_>, _: Context<'_, S>) -> bool {
        match client_mistake(event) {
            Some(message) => {
                tracing::debug!(target: "sibyl::http", "a client sent what is not HTTP: {message}");
                false
            }
            None => true,
        }
    }
}
