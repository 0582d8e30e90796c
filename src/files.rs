//! File and text helpers every reader and writer shares: reading a regular file of bounded
//! size, writing a file whole or not at all, and reading an AI's budget. They sit below
//! everything that reads a file (`layout` and up) and use nothing of the crate.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The most a layout, a match record or a settings file may hold: far above any real one.
pub const LAYOUT_LIMIT: u64 = 16 << 20;

/// Why a file was not read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// It cannot be opened or read.
    #[error("cannot read the file: {0}")]
    Io(#[from] std::io::Error),
    /// A folder, a device, a pipe or a socket: nothing that ends is promised.
    #[error("not a regular file")]
    NotAFile,
    /// Larger than its kind of file can be.
    #[error("too large: more than {limit} bytes")]
    TooLarge {
        /// The most that is read.
        limit: u64,
    },
}

/// The bytes of the regular file at `path`, if it holds at most `limit` bytes. Anything else
/// is refused before a byte is read, so a device that never ends, a pipe nobody writes to or
/// a huge file costs nothing.
///
/// # Errors
/// [`ReadError`]: not a regular file, too large, or the I/O error.
pub fn read_limited(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    check_readable(path, limit)?;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(limit + 1)
        .read_to_end(&mut bytes)?;
    // It may have grown since it was looked at.
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { limit });
    }
    Ok(bytes)
}

/// Whether `path` is a regular file of at most `limit` bytes (what [`read_limited`] reads),
/// for readers that are handed the file already open.
///
/// # Errors
/// [`ReadError`]: not a regular file, too large, or the I/O error.
pub fn check_readable(path: &Path, limit: u64) -> Result<(), ReadError> {
    let metadata = std::fs::metadata(path)?;
    if !metadata.is_file() {
        return Err(ReadError::NotAFile);
    }
    if metadata.len() > limit {
        return Err(ReadError::TooLarge { limit });
    }
    Ok(())
}

/// Why files cannot be written where they are to go.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// Neither the folder nor its parent exists.
    #[error("the folder {} does not exist", .0.display())]
    NoFolder(PathBuf),
    /// A folder where a file is to go.
    #[error("{} is a folder", .0.display())]
    IsAFolder(PathBuf),
    /// The folder cannot be made, or nothing can be written in it.
    #[error("cannot write in {}: {error}", .dir.display())]
    NotWritable {
        /// The folder.
        dir: PathBuf,
        /// Why.
        error: std::io::Error,
    },
}

/// Makes sure files can be written in `dir` before anything is played: the folder is made
/// when its parent exists, and a probe file is written there and removed.
///
/// # Errors
/// [`WriteError`]: no such folder nor parent, or nothing can be written there.
pub fn prepare_folder(dir: &Path) -> Result<(), WriteError> {
    let (dir, exists) = folder_or_parent(dir)?;
    if !exists {
        std::fs::create_dir(dir).map_err(|error| not_writable(dir, error))?;
    }
    probe(dir, dir)
}

/// Whether files could be written in `dir`, without making it: a probe file is written and
/// removed in `dir`, or in its parent when `dir` is still to be made.
///
/// # Errors
/// [`WriteError`]: no such folder nor parent, or nothing can be written there.
pub fn check_writable(dir: &Path) -> Result<(), WriteError> {
    let (dir, exists) = folder_or_parent(dir)?;
    let parent = || dir.parent().filter(|p| !p.as_os_str().is_empty());
    probe(
        dir,
        if exists {
            dir
        } else {
            parent().unwrap_or(Path::new("."))
        },
    )
}

/// `dir` (`.` for an empty path) and whether it is already a folder; an error when neither it
/// nor its parent is one.
fn folder_or_parent(dir: &Path) -> Result<(&Path, bool), WriteError> {
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    if dir.is_dir() {
        return Ok((dir, true));
    }
    let parent = dir
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if parent.is_dir() {
        Ok((dir, false))
    } else {
        Err(WriteError::NoFolder(dir.to_path_buf()))
    }
}

/// Writes a probe file in `folder` and removes it; a failure is said of `dir`.
fn probe(dir: &Path, folder: &Path) -> Result<(), WriteError> {
    let probe = folder.join(format!(".tablero-probe-{}", std::process::id()));
    std::fs::write(&probe, b"").map_err(|error| not_writable(dir, error))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

fn not_writable(dir: &Path, error: std::io::Error) -> WriteError {
    WriteError::NotWritable {
        dir: dir.to_path_buf(),
        error,
    }
}

/// Makes sure the file `path` can be written before anything is played: its folder as
/// [`prepare_folder`] does, and `path` is no folder.
///
/// # Errors
/// [`WriteError`].
pub fn prepare_file(path: &Path) -> Result<(), WriteError> {
    if path.is_dir() {
        return Err(WriteError::IsAFolder(path.to_path_buf()));
    }
    prepare_folder(path.parent().unwrap_or(Path::new(".")))
}

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
