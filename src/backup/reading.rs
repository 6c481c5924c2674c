//! Reading an export's files: its manifest, JSON records and JSON lines, each fault
//! named with its file and line.

use super::{BackupError, FORMAT, MANIFEST, Manifest, VERSION};
use std::io::BufRead;
use std::path::Path;

pub(super) fn invalid(file: &str, line: usize, e: impl std::fmt::Display) -> BackupError {
    BackupError::Invalid(format!("{file}, line {line}: {e}"))
}

pub(super) fn read_manifest(dir: &Path) -> Result<Manifest, BackupError> {
    let path = dir.join(MANIFEST);
    let text = std::fs::read_to_string(&path).map_err(|e| {
        BackupError::Files(format!(
            "{}: {e} (a folder without a manifest is not a finished Sibyl export)",
            path.display()
        ))
    })?;
    // The version is read before the rest, so that a newer export says so.
    let head: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| invalid(MANIFEST, e.line(), e))?;
    if head.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(BackupError::Invalid(format!(
            "{} is not a Sibyl export (its format is not {FORMAT:?})",
            path.display()
        )));
    }
    match head.get("version").and_then(|v| v.as_u64()) {
        Some(v) if (1..=u64::from(VERSION)).contains(&v) => {}
        Some(v) if v > u64::from(VERSION) => {
            return Err(BackupError::Invalid(format!(
                "this export is format version {v}, from a newer Sibyl; this one reads version {VERSION}: upgrade Sibyl to import it"
            )));
        }
        other => {
            return Err(BackupError::Invalid(format!(
                "unknown export format version {other:?}; this Sibyl reads version {VERSION}"
            )));
        }
    }
    serde_json::from_str(&text).map_err(|e| invalid(MANIFEST, e.line(), e))
}

pub(super) fn read_json<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, BackupError> {
    let text = std::fs::read_to_string(path).map_err(|e| BackupError::file(path, e))?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
    serde_json::from_str(&text).map_err(|e| invalid(name, e.line(), e))
}

/// Calls `each` with every record of a JSON-lines file, and its line number.
pub(super) fn for_each_line<T: serde::de::DeserializeOwned>(
    path: &Path,
    name: &str,
    mut each: impl FnMut(usize, T) -> Result<(), BackupError>,
) -> Result<(), BackupError> {
    let mut lines = open_lines(path)?;
    while let Some((line, record)) = next_line(&mut lines, name)? {
        each(line, record)?;
    }
    Ok(())
}

pub(super) fn open_lines(path: &Path) -> Result<LineReader, BackupError> {
    let file = std::fs::File::open(path).map_err(|e| BackupError::file(path, e))?;
    Ok(std::io::BufReader::new(file).lines().enumerate())
}

/// The next record of a JSON-lines file being read, and its line number.
pub(super) fn next_line<T: serde::de::DeserializeOwned>(
    lines: &mut LineReader,
    name: &str,
) -> Result<Option<(usize, T)>, BackupError> {
    let Some((i, line)) = lines.next() else {
        return Ok(None);
    };
    let line = line.map_err(|e| BackupError::Files(format!("{name}: {e}")))?;
    let record = serde_json::from_str(&line).map_err(|e| invalid(name, i + 1, e))?;
    Ok(Some((i + 1, record)))
}

pub(super) fn read_lines<T: serde::de::DeserializeOwned, U>(
    path: &Path,
    name: &str,
    convert: impl Fn(T) -> Result<U, String>,
) -> Result<Vec<U>, BackupError> {
    let mut all = Vec::new();
    for_each_line(path, name, |line, record: T| {
        all.push(convert(record).map_err(|e| invalid(name, line, e))?);
        Ok(())
    })?;
    Ok(all)
}

pub(super) type LineReader =
    std::iter::Enumerate<std::io::Lines<std::io::BufReader<std::fs::File>>>;
