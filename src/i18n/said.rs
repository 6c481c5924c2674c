//! What the server says in English (an error, a notice) found among the catalogs'
//! `said-` messages, so a page says it in its reader's language: by the whole text, or
//! by a message's words around its values ("A title has at most { $max } characters."
//! says "A title has at most 80 characters.", its value 80).

use super::{SHIPPED, languages, outline};
use std::collections::HashMap;
use std::sync::OnceLock;

/// A message with values: its English words between them, and their names.
struct Shape {
    id: String,
    words: Vec<String>,
    names: Vec<String>,
}

struct Said {
    whole: HashMap<String, String>,
    shapes: Vec<Shape>,
}

/// What marks a value's place while a message's English is laid out.
const MARK: char = '\u{E000}';

fn said_messages() -> &'static Said {
    static SAID: OnceLock<Said> = OnceLock::new();
    SAID.get_or_init(|| {
        let english = languages().english();
        let mut said = Said {
            whole: HashMap::new(),
            shapes: Vec::new(),
        };
        for (id, names) in outline(SHIPPED[0].1).unwrap_or_default() {
            if !id.starts_with("said-") {
                continue;
            }
            if names.is_empty() {
                said.whole.insert(english.t(&id), id);
                continue;
            }
            let names: Vec<String> = names.into_iter().collect();
            let marks: Vec<String> = (0..names.len())
                .map(|i| format!("{MARK}{}{MARK}", char::from(b'a' + i as u8)))
                .collect();
            let args: Vec<_> = names
                .iter()
                .zip(&marks)
                .map(|(name, mark)| (name.as_str(), super::Arg::Text(mark)))
                .collect();
            let laid_out = english.say(&id, &args);
            // The words between the marks, and whose mark each value is, in order.
            let mut words = Vec::new();
            let mut order = Vec::new();
            let mut rest = laid_out.as_str();
            while let Some(start) = rest.find(MARK) {
                words.push(rest[..start].to_owned());
                let after = &rest[start + MARK.len_utf8()..];
                let Some(end) = after.find(MARK) else { break };
                let index = after[..end]
                    .bytes()
                    .next()
                    .map_or(0, |b| usize::from(b - b'a'));
                order.push(names.get(index).cloned().unwrap_or_default());
                rest = &after[end + MARK.len_utf8()..];
            }
            words.push(rest.to_owned());
            // Two values side by side cannot be told apart: such a message is said whole
            // or not at all.
            if words.len() == order.len() + 1
                && words[1..words.len() - 1].iter().all(|w| !w.is_empty())
            {
                said.shapes.push(Shape {
                    id,
                    words,
                    names: order,
                });
            }
        }
        said
    })
}

impl Shape {
    /// The values `english` gives this message's places, if it is this message.
    fn values<'t>(&self, english: &'t str) -> Option<Vec<(&str, &'t str)>> {
        let mut rest = english.strip_prefix(self.words[0].as_str())?;
        let mut values = Vec::with_capacity(self.names.len());
        for (at, name) in self.names.iter().enumerate() {
            let next = &self.words[at + 1];
            let value = if at + 1 == self.names.len() {
                let value = rest.strip_suffix(next.as_str())?;
                rest = "";
                value
            } else {
                let end = rest.find(next.as_str())?;
                let value = &rest[..end];
                rest = &rest[end + next.len()..];
                value
            };
            if value.is_empty() {
                return None;
            }
            values.push((name.as_str(), value));
        }
        rest.is_empty().then_some(values)
    }
}

/// The `said-` message that says `english`, and the values it gives the message's
/// places (none for a text said whole).
pub fn said(english: &str) -> Option<(&'static str, Vec<(&'static str, &str)>)> {
    let said = said_messages();
    if let Some(id) = said.whole.get(english) {
        return Some((id.as_str(), Vec::new()));
    }
    // Of the messages whose words fit, the one with the most words of its own: "X is not
    // an origin: write a scheme..." is that message, not "X is not an origin: { $why }".
    said.shapes
        .iter()
        .filter_map(|shape| {
            shape.values(english).map(|values| {
                (
                    shape.words.iter().map(String::len).sum::<usize>(),
                    shape,
                    values,
                )
            })
        })
        .max_by_key(|(words, _, _)| *words)
        .map(|(_, shape, values)| (shape.id.as_str(), values))
}
