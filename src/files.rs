//! File and text helpers every front end shares: writing a file whole or not at all, and
//! reading an AI's budget. They sit below everything that plays (`ai`, `record`, `setup`, the
//! front ends) and use nothing of the crate.

use std::path::Path;
use std::time::Duration;

/// Writes `contents` to `path` whole or not at all: a temporary file beside it, then a rename.
///
/// # Errors
/// The I/O error; `path` is then as it was.
pub fn write_atomically(path: &Path, contents: &str) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "output".to_string());
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = std::fs::write(&temp, contents).and_then(|()| std::fs::rename(&temp, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}

/// A budget that is not a number of seconds in range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BudgetError {
    /// Not a number.
    #[error("`{0}` is not a number of seconds")]
    NotANumber(String),
    /// Out of range.
    #[error("the budget must be more than 0 and at most 60 seconds, not {0}")]
    OutOfRange(String),
}

/// Reads an AI budget in seconds, such as `3` or `0.5` (more than 0, at most 60).
///
/// # Errors
/// [`BudgetError`] when the text is not such a number.
pub fn parse_budget(text: &str) -> Result<Duration, BudgetError> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| BudgetError::NotANumber(text.to_string()))?;
    if !(seconds > 0.0 && seconds <= 60.0) {
        return Err(BudgetError::OutOfRange(text.to_string()));
    }
    Ok(Duration::from_secs_f64(seconds))
}
