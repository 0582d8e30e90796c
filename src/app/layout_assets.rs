//! Layouts as Bevy assets from the designers' `levels/` folder, with hot reload: a saved change
//! rebuilds the board; a broken file shows its error and the last good layout stays.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::asset::io::file::FileAssetReader;
use bevy::asset::io::{
    AssetReader, AssetReaderError, AssetSourceBuilder, ErasedAssetReader, PathStream, Reader,
    SliceReader,
};
use bevy::asset::{AssetLoadFailedEvent, AssetLoader, LoadContext};
use bevy::prelude::*;

use super::{AppStart, AppSystems, FirstMatch};
use crate::files;
use crate::i18n::Tr;
use crate::layout::{
    self, GameSetup, LayoutError, LayoutProblem, PatolliSetup, PenguinsSetup, ReadFault,
};
use crate::levels::{self, Levels};
use crate::rules::GameKind;
use crate::rules::magnetic_cave::Config as CaveConfig;
use crate::rules::patolli::{Rules as PatolliRules, Track};
use crate::rules::penguins::Generator;

/// The asset source name of the levels folder: `levels://magnetic_cave.ron`.
pub const LEVELS_SOURCE: &str = "levels";

pub(super) fn plugin(app: &mut App) {
    let levels = app
        .world()
        .get_resource::<AppStart>()
        .map(|start| start.levels.clone())
        .unwrap_or_else(|| Levels::folder("levels"));
    app.init_asset::<LayoutFile>();
    let levels = match absolute(&levels) {
        Some(dir) => Levels { dir, ..levels },
        None => levels,
    };
    app.register_asset_loader(LayoutLoader { levels });
    watch_layouts_of::<CaveGame>(app);
    watch_layouts_of::<PatolliGame>(app);
    watch_layouts_of::<PenguinsGame>(app);
}

/// Registers the `levels` asset source for `levels`, watched when it is a folder; call before
/// adding `AssetPlugin`.
pub fn register_levels_source(app: &mut App, levels: &Levels) {
    let dir = absolute(levels);
    let reader_dir = dir.clone();
    let reader = move || -> Box<dyn ErasedAssetReader> {
        Box::new(LevelsReader {
            files: reader_dir
                .as_ref()
                .map(|dir| (dir.clone(), FileAssetReader::new(dir))),
        })
    };
    let source = match &dir {
        Some(dir) => {
            AssetSourceBuilder::platform_default(&dir.to_string_lossy(), None).with_reader(reader)
        }
        None => AssetSourceBuilder::new(reader),
    };
    app.register_asset_source(LEVELS_SOURCE, source);
}

/// The levels folder's reader: the platform's file reader, except that a file that is no
/// regular file or is far too large is refused before it is opened (opening a named pipe
/// nobody writes to would hold a reading thread for ever), and a shipped board the folder
/// lacks (or every board, without a folder) is read from the built-in ones.
struct LevelsReader {
    files: Option<(PathBuf, FileAssetReader)>,
}

impl AssetReader for LevelsReader {
    async fn read<'a>(&'a self, path: &'a Path) -> Result<impl Reader + 'a, AssetReaderError> {
        let in_folder = self
            .files
            .as_ref()
            .filter(|(dir, _)| dir.join(path).exists());
        if let Some((dir, reader)) = in_folder {
            if let Err(e) = files::check_readable(&dir.join(path), files::LAYOUT_LIMIT) {
                return Err(AssetReaderError::Io(Arc::new(std::io::Error::other(e))));
            }
            let reader: Box<dyn Reader + 'a> = Box::new(AssetReader::read(reader, path).await?);
            return Ok(reader);
        }
        match path.to_str().and_then(levels::built_in) {
            Some(text) => {
                let reader: Box<dyn Reader + 'a> = Box::new(SliceReader::new(text.as_bytes()));
                Ok(reader)
            }
            None => Err(AssetReaderError::NotFound(path.to_path_buf())),
        }
    }

    async fn read_meta<'a>(&'a self, path: &'a Path) -> Result<impl Reader + 'a, AssetReaderError> {
        match &self.files {
            Some((_, reader)) => AssetReader::read_meta(reader, path).await,
            None => Err(AssetReaderError::NotFound(path.to_path_buf())),
        }
    }

    async fn read_directory<'a>(
        &'a self,
        path: &'a Path,
    ) -> Result<Box<PathStream>, AssetReaderError> {
        match &self.files {
            Some((_, reader)) => AssetReader::read_directory(reader, path).await,
            None => Err(AssetReaderError::NotFound(path.to_path_buf())),
        }
    }

    async fn is_directory<'a>(&'a self, path: &'a Path) -> Result<bool, AssetReaderError> {
        match &self.files {
            Some((_, reader)) => AssetReader::is_directory(reader, path).await,
            None => Ok(false),
        }
    }
}

/// The absolute path of the levels' folder; `None` for the built-in boards.
fn absolute(levels: &Levels) -> Option<PathBuf> {
    (!levels.is_built_in())
        .then(|| std::path::absolute(&levels.dir).unwrap_or_else(|_| levels.dir.clone()))
}

/// A layout file as loaded: the checked setup, or why it cannot be used. Loading never fails
/// on content, so a broken file reaches the app as a value with file, line and column.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct LayoutFile {
    /// The setup, or the file's error.
    pub result: Result<GameSetup, LayoutError>,
    /// The board's name: the layout's `name:`, else the file's name without `.ron`.
    pub name: String,
}

/// Reads `.ron` layouts with [`layout::parse`].
#[derive(TypePath)]
struct LayoutLoader {
    levels: Levels,
}

impl AssetLoader for LayoutLoader {
    type Asset = LayoutFile;
    type Settings = ();
    type Error = std::io::Error;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        load_context: &mut LoadContext<'_>,
    ) -> Result<LayoutFile, std::io::Error> {
        // `LevelsReader` refused files that are no regular files or far too large.
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        let name = load_context.path().path().to_string_lossy();
        // Errors name the file as the levels folder knows it, never a path of the machine
        // (`tablero levels` says where the folder is).
        let file = match self.levels.path_of(&name) {
            path if levels::built_in_at(&path).is_some() => path,
            _ => PathBuf::from(name.as_ref()),
        };
        let board_name = layout::read_ron::<layout::Layout>("", &String::from_utf8_lossy(&bytes))
            .ok()
            .and_then(|layout| layout.name().map(str::to_string))
            .unwrap_or_else(|| name.trim_end_matches(".ron").to_string());
        Ok(LayoutFile {
            result: layout::parse(&file.display().to_string(), &bytes),
            name: board_name,
        })
    }

    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
}

/// A game whose board comes from a layout file in the levels folder.
pub trait LayoutGame: Send + Sync + 'static {
    /// What the game's layout makes: the board and its rule options.
    type Config: Clone + PartialEq + std::fmt::Debug + Send + Sync + 'static;
    /// Which game.
    const KIND: GameKind;
    /// The configuration in `setup`, if it is this game's.
    fn config(setup: &GameSetup) -> Option<Self::Config>;
    /// The configuration used before the file has loaded.
    fn fallback() -> Self::Config;
    /// The layout file and configuration of a match started from the command line.
    fn first_match(start: &AppStart) -> Option<(&Path, Self::Config)>;
}

/// Magnetic Cave's layouts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CaveGame;

impl LayoutGame for CaveGame {
    type Config = CaveConfig;
    const KIND: GameKind = GameKind::MagneticCave;

    fn config(setup: &GameSetup) -> Option<CaveConfig> {
        setup.cave()
    }

    fn fallback() -> CaveConfig {
        CaveConfig::STANDARD
    }

    fn first_match(start: &AppStart) -> Option<(&Path, CaveConfig)> {
        match start.first_match.as_ref()? {
            FirstMatch::MagneticCave(setup, path) => Some((path, setup.config())),
            _ => None,
        }
    }
}

/// Patolli's layouts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PatolliGame;

impl LayoutGame for PatolliGame {
    type Config = PatolliSetup;
    const KIND: GameKind = GameKind::Patolli;

    fn config(setup: &GameSetup) -> Option<PatolliSetup> {
        match setup {
            GameSetup::Patolli(board) => Some(board.clone()),
            _ => None,
        }
    }

    fn fallback() -> PatolliSetup {
        PatolliSetup {
            track: Arc::new(Track::cross(7)),
            rules: PatolliRules::default(),
        }
    }

    fn first_match(start: &AppStart) -> Option<(&Path, PatolliSetup)> {
        match start.first_match.as_ref()? {
            FirstMatch::Patolli(setup, path) => Some((path, setup.board().clone())),
            _ => None,
        }
    }
}

/// Penguins' layouts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PenguinsGame;

impl LayoutGame for PenguinsGame {
    type Config = PenguinsSetup;
    const KIND: GameKind = GameKind::Penguins;

    fn config(setup: &GameSetup) -> Option<PenguinsSetup> {
        match setup {
            GameSetup::Penguins(penguins) => Some(penguins.clone()),
            _ => None,
        }
    }

    fn fallback() -> PenguinsSetup {
        PenguinsSetup::Generated(Generator::default())
    }

    fn first_match(start: &AppStart) -> Option<(&Path, PenguinsSetup)> {
        match start.first_match.as_ref()? {
            FirstMatch::Penguins(setup, path) => Some((path, setup.layout().clone())),
            _ => None,
        }
    }
}

/// A game's layout in use: the file, its last good configuration, and the error of the file
/// as it is now, if it is broken.
#[derive(Resource, Debug, Clone)]
pub struct GameLayout<G: LayoutGame> {
    /// The loaded file.
    pub handle: Handle<LayoutFile>,
    /// The file's name, for messages.
    pub file: String,
    /// The board's name, for players (never a path).
    pub name: String,
    /// The last configuration that loaded without error.
    pub config: G::Config,
    /// What is wrong with the file now, if anything.
    pub error: Option<LayoutError>,
    /// What the last good reading of the file changed in the match on screen, when that is
    /// worth a word (opening moves that no longer fit and were dropped).
    pub note: Option<Tr>,
    /// What the file said when last read well.
    read: Option<G::Config>,
    /// A match from the command line already plays this file (perhaps with rule options
    /// changed there): its first reading is not news.
    started_from_it: bool,
}

/// The Magnetic Cave layout in use.
pub type CaveLayout = GameLayout<CaveGame>;
/// The Patolli layout in use.
pub type PatolliLayout = GameLayout<PatolliGame>;

/// A new good layout arrived for game `G` (a designer saved the file).
#[derive(Message, Debug, Clone, PartialEq)]
pub struct LayoutChanged<G: LayoutGame>(pub G::Config);

/// The Penguins layout in use.
pub type PenguinsLayout = GameLayout<PenguinsGame>;

/// A new good Magnetic Cave layout arrived.
pub type CaveLayoutChanged = LayoutChanged<CaveGame>;
/// A new good Patolli layout arrived.
pub type PatolliLayoutChanged = LayoutChanged<PatolliGame>;
/// A new good Penguins layout arrived.
pub type PenguinsLayoutChanged = LayoutChanged<PenguinsGame>;

/// Loads and watches game `G`'s layout.
fn watch_layouts_of<G: LayoutGame>(app: &mut App) {
    app.add_message::<LayoutChanged<G>>();
    app.add_systems(Startup, load_layout::<G>);
    app.add_systems(
        Update,
        (watch_layout::<G>, report_unreadable_layout::<G>)
            .chain()
            .in_set(AppSystems::TickTimers),
    );
}

fn load_layout<G: LayoutGame>(
    mut commands: Commands,
    asset_server: Res<AssetServer>,
    start: Option<Res<AppStart>>,
) {
    let started_from_it = start.as_deref().and_then(G::first_match).is_some();
    let (file_name, config) = match start.as_deref().and_then(G::first_match) {
        Some((path, config)) => (
            path.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| G::KIND.default_layout_file().to_string()),
            config,
        ),
        None => (G::KIND.default_layout_file().to_string(), G::fallback()),
    };
    let levels = start
        .map(|s| s.levels.clone())
        .unwrap_or_else(|| Levels::folder("levels"));
    commands.insert_resource(GameLayout::<G> {
        name: file_name.trim_end_matches(".ron").to_string(),
        handle: asset_server.load(format!("{LEVELS_SOURCE}://{file_name}")),
        file: levels.path_of(&file_name).display().to_string(),
        config,
        error: None,
        note: None,
        read: None,
        started_from_it,
    });
}

impl<G: LayoutGame> GameLayout<G> {
    /// Plays the board in the levels' file `file_name` from now on (the menu's choice): it is
    /// loaded and watched as the first one was, and replaces the configuration once read.
    pub fn choose(&mut self, asset_server: &AssetServer, levels: &Levels, file_name: &str) {
        self.handle = asset_server.load(format!("{LEVELS_SOURCE}://{file_name}"));
        self.file = levels.path_of(file_name).display().to_string();
        self.name = file_name.trim_end_matches(".ron").to_string();
        self.error = None;
        self.started_from_it = false;
    }

    /// The file name of the board in play, as the levels folder knows it.
    pub fn file_name(&self) -> &str {
        self.file.rsplit(['/', '\\']).next().unwrap_or(&self.file)
    }
}

fn watch_layout<G: LayoutGame>(
    mut events: MessageReader<AssetEvent<LayoutFile>>,
    files: Res<Assets<LayoutFile>>,
    layout: Option<ResMut<GameLayout<G>>>,
    mut changed: MessageWriter<LayoutChanged<G>>,
) {
    let Some(mut layout) = layout else {
        events.clear();
        return;
    };
    for event in events.read() {
        let (AssetEvent::Added { id } | AssetEvent::Modified { id }) = *event else {
            continue;
        };
        if id != layout.handle.id() {
            continue;
        }
        let Some(file) = files.get(id) else {
            continue;
        };
        layout.name.clone_from(&file.name);
        match &file.result {
            Ok(setup) => match G::config(setup) {
                Some(config) => {
                    layout.error = None;
                    let first_reading = layout.read.is_none();
                    layout.read = Some(config.clone());
                    if first_reading && layout.started_from_it {
                        continue;
                    }
                    if layout.config != config {
                        layout.config = config.clone();
                        changed.write(LayoutChanged(config));
                    }
                }
                None => {
                    layout.error = Some(LayoutError {
                        file: layout.file_name().to_string(),
                        line: 1,
                        column: 1,
                        problem: LayoutProblem::OtherGame {
                            found: setup.game(),
                            wanted: G::KIND,
                        },
                    });
                }
            },
            Err(e) => layout.error = Some(e.clone()),
        }
    }
}

fn report_unreadable_layout<G: LayoutGame>(
    mut failures: MessageReader<AssetLoadFailedEvent<LayoutFile>>,
    layout: Option<ResMut<GameLayout<G>>>,
) {
    let Some(mut layout) = layout else {
        failures.clear();
        return;
    };
    for failure in failures.read() {
        if failure.id == layout.handle.id() {
            layout.error = Some(LayoutError {
                file: layout.file_name().to_string(),
                line: 1,
                column: 1,
                problem: LayoutProblem::Unreadable(read_fault(&failure.error)),
            });
        }
    }
}

/// Why the asset server could not read a layout file: what [`LevelsReader`] refused (a pipe, a
/// file far too large), else the system's error.
fn read_fault(error: &bevy::asset::AssetLoadError) -> ReadFault {
    use bevy::asset::AssetLoadError;
    match error {
        AssetLoadError::AssetReaderError(AssetReaderError::Io(io)) => io
            .get_ref()
            .and_then(|inner| inner.downcast_ref::<files::ReadError>())
            .map_or(
                ReadFault::Io {
                    kind: io.kind(),
                    os_code: io.raw_os_error(),
                },
                ReadFault::from,
            ),
        AssetLoadError::AssetReaderError(AssetReaderError::NotFound(_)) => ReadFault::Io {
            kind: std::io::ErrorKind::NotFound,
            os_code: None,
        },
        other => {
            warn!("a layout file was not loaded: {other}");
            ReadFault::Io {
                kind: std::io::ErrorKind::Other,
                os_code: None,
            }
        }
    }
}
