//! Layouts as Bevy assets from the designers' `levels/` folder, with hot reload: a saved change
//! rebuilds the board; a broken file shows its error and the last good layout stays.

use std::path::{Path, PathBuf};

use bevy::asset::io::{AssetSourceBuilder, Reader};
use bevy::asset::{AssetLoadFailedEvent, AssetLoader, LoadContext};
use bevy::prelude::*;

use super::{AppStart, AppSystems};
use crate::layout::{self, GameSetup, LayoutError};
use crate::rules::GameKind;
use crate::rules::magnetic_cave::Config as CaveConfig;

/// The asset source name of the levels folder: `levels://magnetic_cave.ron`.
pub const LEVELS_SOURCE: &str = "levels";

pub(super) fn plugin(app: &mut App) {
    let levels_dir = app
        .world()
        .get_resource::<AppStart>()
        .map(|start| start.levels_dir.clone())
        .unwrap_or_else(|| PathBuf::from("levels"));
    app.init_asset::<LayoutFile>();
    app.register_asset_loader(LayoutLoader {
        levels_dir: absolute(&levels_dir),
    });
    app.add_message::<CaveLayoutChanged>();
    app.add_systems(Startup, load_cave_layout);
    app.add_systems(
        Update,
        (watch_cave_layout, report_unreadable_layouts)
            .chain()
            .in_set(AppSystems::TickTimers),
    );
}

/// Registers the `levels` asset source at `dir`; call before adding `AssetPlugin`.
pub fn register_levels_source(app: &mut App, dir: &Path) {
    let dir = absolute(dir);
    app.register_asset_source(
        LEVELS_SOURCE,
        AssetSourceBuilder::platform_default(&dir.to_string_lossy(), None),
    );
}

fn absolute(dir: &Path) -> PathBuf {
    std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf())
}

/// A layout file as loaded: the checked setup, or why it cannot be used. Loading never fails
/// on content, so a broken file reaches the app as a value with file, line and column.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct LayoutFile {
    /// The setup, or the file's error.
    pub result: Result<GameSetup, LayoutError>,
}

/// Reads `.ron` layouts with [`layout::parse`].
#[derive(TypePath)]
struct LayoutLoader {
    levels_dir: PathBuf,
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
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        let file = self.levels_dir.join(load_context.path().path());
        Ok(LayoutFile {
            result: layout::parse(&file.display().to_string(), &bytes),
        })
    }

    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
}

/// The Magnetic Cave layout in use: the file, its last good configuration, and the error of
/// the file as it is now, if it is broken.
#[derive(Resource, Debug, Clone)]
pub struct CaveLayout {
    /// The loaded file.
    pub handle: Handle<LayoutFile>,
    /// The file's name, for messages.
    pub file: String,
    /// The last configuration that loaded without error.
    pub config: CaveConfig,
    /// What is wrong with the file now, if anything.
    pub error: Option<String>,
}

/// A new good Magnetic Cave layout arrived (a designer saved the file).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CaveLayoutChanged(pub CaveConfig);

fn load_cave_layout(
    mut commands: Commands,
    asset_server: Res<AssetServer>,
    start: Option<Res<AppStart>>,
) {
    let (file_name, config) = match start.as_deref().and_then(|s| s.cave.as_ref()) {
        Some((setup, path)) => (
            path.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| GameKind::MagneticCave.default_layout_file().to_string()),
            setup.config,
        ),
        None => (
            GameKind::MagneticCave.default_layout_file().to_string(),
            CaveConfig::STANDARD,
        ),
    };
    let levels_dir = start
        .map(|s| s.levels_dir.clone())
        .unwrap_or_else(|| PathBuf::from("levels"));
    commands.insert_resource(CaveLayout {
        handle: asset_server.load(format!("{LEVELS_SOURCE}://{file_name}")),
        file: levels_dir.join(&file_name).display().to_string(),
        config,
        error: None,
    });
}

fn watch_cave_layout(
    mut events: MessageReader<AssetEvent<LayoutFile>>,
    files: Res<Assets<LayoutFile>>,
    layout: Option<ResMut<CaveLayout>>,
    mut changed: MessageWriter<CaveLayoutChanged>,
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
        match &file.result {
            Ok(GameSetup::MagneticCave(config)) => {
                layout.error = None;
                if layout.config != *config {
                    layout.config = *config;
                    changed.write(CaveLayoutChanged(*config));
                }
            }
            Ok(other) => {
                layout.error = Some(format!(
                    "{}:1:1: this is a layout for {other}, not for Magnetic Cave",
                    layout.file
                ));
            }
            Err(e) => layout.error = Some(e.to_string()),
        }
    }
}

fn report_unreadable_layouts(
    mut failures: MessageReader<AssetLoadFailedEvent<LayoutFile>>,
    layout: Option<ResMut<CaveLayout>>,
) {
    let Some(mut layout) = layout else {
        failures.clear();
        return;
    };
    for failure in failures.read() {
        if failure.id == layout.handle.id() {
            layout.error = Some(format!("{}:1:1: cannot read the file", layout.file));
        }
    }
}
