//! Where the boards come from. The layouts Tablero ships are built into the binary, so an
//! installed `tablero` plays from any folder; a designer's `levels/` folder comes first.
//! The folder is searched in this order ([`find`]): `$TABLERO_LEVELS` when set, `./levels`,
//! a `levels/` beside the executable, `levels/` in the user's data folder, then the built-in
//! boards. A built-in board's path is `<built-in>/NAME.ron` ([`BUILT_IN_FOLDER`]): every
//! reader of layouts takes it (`layout::load`), and errors name it so.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::files::{self, WriteError};

/// The pseudo-folder of the built-in boards in their paths: `<built-in>/patolli.ron`.
pub const BUILT_IN_FOLDER: &str = "<built-in>";

/// The shipped layouts, by file name, as they are in the repository's `levels/`.
const BUILT_IN: [(&str, &str); 8] = [
    (
        "magnetic_cave.ron",
        include_str!("../levels/magnetic_cave.ron"),
    ),
    (
        "magnetic_cave_10x10.ron",
        include_str!("../levels/magnetic_cave_10x10.ron"),
    ),
    ("patolli.ron", include_str!("../levels/patolli.ron")),
    ("patolli_4.ron", include_str!("../levels/patolli_4.ron")),
    ("patolli_52.ron", include_str!("../levels/patolli_52.ron")),
    ("penguins.ron", include_str!("../levels/penguins.ron")),
    (
        "penguins_fixed.ron",
        include_str!("../levels/penguins_fixed.ron"),
    ),
    (
        "penguins_hex.ron",
        include_str!("../levels/penguins_hex.ron"),
    ),
];

/// The file names of the built-in boards.
pub fn built_in_names() -> impl Iterator<Item = &'static str> {
    BUILT_IN.iter().map(|(name, _)| *name)
}

/// The text of the built-in board called `file_name`.
pub fn built_in(file_name: &str) -> Option<&'static str> {
    BUILT_IN
        .iter()
        .find(|(name, _)| *name == file_name)
        .map(|(_, text)| *text)
}

/// The text of the built-in board at `path` (`<built-in>/NAME.ron`), if it is one.
pub fn built_in_at(path: &Path) -> Option<&'static str> {
    let mut parts = path.components();
    let folder = parts.next()?.as_os_str();
    let name = parts.next()?.as_os_str().to_str()?;
    if folder != BUILT_IN_FOLDER || parts.next().is_some() {
        return None;
    }
    built_in(name)
}

/// The path of the built-in board `file_name`.
pub fn built_in_path(file_name: &str) -> PathBuf {
    Path::new(BUILT_IN_FOLDER).join(file_name)
}

/// Where the levels folder in use was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    /// Named by `$TABLERO_LEVELS`.
    Variable,
    /// `levels/` in the working folder.
    WorkingFolder,
    /// `levels/` beside the executable.
    BesideProgram,
    /// `levels/` in the user's data folder.
    UserData,
    /// No folder: the built-in boards.
    BuiltIn,
    /// Given by the caller (a layout file's folder, a test's folder).
    Given,
}

/// The boards in use: a folder of layouts, where it was found, and behind it the built-in
/// boards (a shipped board the folder lacks is taken built-in, [`Levels::path_of`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Levels {
    /// The folder; [`BUILT_IN_FOLDER`] when there is none.
    pub dir: PathBuf,
    /// Where it was found.
    pub found: Found,
}

impl Levels {
    /// Only the built-in boards.
    pub fn built_in() -> Levels {
        Levels {
            dir: PathBuf::from(BUILT_IN_FOLDER),
            found: Found::BuiltIn,
        }
    }

    /// The folder `dir`, given by the caller; the built-in boards when it is
    /// [`BUILT_IN_FOLDER`].
    pub fn folder(dir: impl AsRef<Path>) -> Levels {
        let dir = dir.as_ref().to_path_buf();
        if dir == Path::new(BUILT_IN_FOLDER) {
            return Levels::built_in();
        }
        Levels {
            dir,
            found: Found::Given,
        }
    }

    /// Whether these are the built-in boards only.
    pub fn is_built_in(&self) -> bool {
        self.found == Found::BuiltIn
    }

    /// The path of the layout `file_name`: in the folder when it is there (or is no shipped
    /// board), else the built-in board of that name.
    pub fn path_of(&self, file_name: &str) -> PathBuf {
        let in_folder = self.dir.join(file_name);
        if self.is_built_in() || (!in_folder.exists() && built_in(file_name).is_some()) {
            return built_in_path(file_name);
        }
        in_folder
    }
}

impl From<PathBuf> for Levels {
    fn from(dir: PathBuf) -> Levels {
        Levels::folder(dir)
    }
}

impl From<&Path> for Levels {
    fn from(dir: &Path) -> Levels {
        Levels::folder(dir)
    }
}

impl fmt::Display for Levels {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dir = self.dir.display();
        match self.found {
            Found::Variable => write!(f, "{dir} (from $TABLERO_LEVELS)"),
            Found::WorkingFolder => write!(f, "{dir} (in the working folder)"),
            Found::BesideProgram => write!(f, "{dir} (beside the program)"),
            Found::UserData => write!(f, "{dir} (the user's data folder)"),
            Found::BuiltIn => f.write_str("the built-in boards"),
            Found::Given => write!(f, "{dir}"),
        }
    }
}

/// The layout files of `levels`: the folder's `.ron` files, then the built-in boards it lacks
/// (at their `<built-in>/` paths), each list by name.
pub fn layout_files(levels: &Levels) -> Vec<PathBuf> {
    let mut in_folder: Vec<PathBuf> = match levels.is_built_in() {
        true => Vec::new(),
        false => std::fs::read_dir(&levels.dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|e| e == "ron") && path.is_file())
            .collect(),
    };
    in_folder.sort();
    let lent = built_in_names()
        .filter(|name| {
            !in_folder
                .iter()
                .any(|p| p.file_name().is_some_and(|f| f == *name))
        })
        .map(built_in_path)
        .collect::<Vec<_>>();
    in_folder.extend(lent);
    in_folder
}

/// Why no levels folder can be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LevelsError {
    /// `$TABLERO_LEVELS` names no folder.
    #[error("TABLERO_LEVELS names {0}, which is not a folder")]
    NotAFolder(PathBuf),
}

/// The user's data folder for Tablero (`~/.local/share/tablero` on Linux), if the system
/// names one.
pub fn user_data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "Tablero").map(|dirs| dirs.data_dir().to_path_buf())
}

/// The user's settings folder for Tablero (`~/.config/tablero` on Linux), if the system names
/// one.
pub fn user_config_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "Tablero").map(|dirs| dirs.config_dir().to_path_buf())
}

/// The levels in use, searched in the order the module names.
///
/// # Errors
/// `$TABLERO_LEVELS` is set and names no folder.
pub fn find() -> Result<Levels, LevelsError> {
    if let Some(dir) = std::env::var_os("TABLERO_LEVELS").filter(|v| !v.is_empty()) {
        let dir = PathBuf::from(dir);
        if dir.is_dir() {
            return Ok(Levels {
                dir,
                found: Found::Variable,
            });
        }
        return Err(LevelsError::NotAFolder(dir));
    }
    let mut places = vec![(PathBuf::from("levels"), Found::WorkingFolder)];
    if let Some(beside) = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join("levels")))
    {
        places.push((beside, Found::BesideProgram));
    }
    if let Some(data) = user_data_dir() {
        places.push((data.join("levels"), Found::UserData));
    }
    Ok(places
        .into_iter()
        .find(|(dir, _)| dir.is_dir())
        .map(|(dir, found)| Levels { dir, found })
        .unwrap_or_else(Levels::built_in))
}

/// Writes the built-in boards into `dir` (made when its parent exists) for a designer to
/// start from; a file already there is left alone. Returns the files written and the files
/// left.
///
/// # Errors
/// [`WriteError`]: the folder cannot be made or written in.
pub fn export(dir: &Path) -> Result<(Vec<PathBuf>, Vec<PathBuf>), WriteError> {
    files::prepare_folder(dir)?;
    let (mut written, mut kept) = (Vec::new(), Vec::new());
    for (name, text) in BUILT_IN {
        let path = dir.join(name);
        if path.exists() {
            kept.push(path);
            continue;
        }
        files::write_atomically(&path, text).map_err(|error| WriteError::NotWritable {
            dir: dir.to_path_buf(),
            error,
        })?;
        written.push(path);
    }
    Ok((written, kept))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_boards_are_found_by_their_path_only() {
        assert!(built_in_at(Path::new("<built-in>/patolli.ron")).is_some());
        assert!(built_in_at(Path::new("levels/patolli.ron")).is_none());
        assert!(built_in_at(Path::new("<built-in>/nothing.ron")).is_none());
        assert!(built_in_at(Path::new("<built-in>/a/patolli.ron")).is_none());
        assert!(built_in_at(Path::new("patolli.ron")).is_none());
    }

    #[test]
    fn a_folder_without_a_shipped_board_lends_the_built_in_one() {
        let levels = Levels::folder("/no/such/folder");
        assert_eq!(
            levels.path_of("patolli.ron"),
            Path::new("<built-in>/patolli.ron")
        );
        assert_eq!(
            levels.path_of("mine.ron"),
            Path::new("/no/such/folder/mine.ron")
        );
        assert_eq!(
            Levels::folder(BUILT_IN_FOLDER).path_of("penguins.ron"),
            Path::new("<built-in>/penguins.ron")
        );
    }
}
