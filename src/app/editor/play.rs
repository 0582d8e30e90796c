//! *Play this board*: the editor saves the board and starts a match on it; leaving that match
//! comes back to the editor.

use std::path::Path;

use bevy::prelude::*;

use crate::i18n::Tr;

use super::session::{EditorSession, Status};
use crate::app::layout_assets::{
    CaveLayout, GameLayout, LayoutGame, PatolliLayout, PenguinsLayout,
};
use crate::app::menu::MenuChoices;
use crate::app::{AppStart, Screen};
use crate::layout::GameSetup;
use crate::levels::Levels;

/// *Play this board*: saves it (nothing more when it is refused), then starts a match on it
/// with the menu's seats (drawn Penguins boards at the editor's size and preview seed); the
/// saved file is the game's board from then on, and when it lies in the levels folder it is
/// watched as any other. Leaving the match comes back to the editor.
pub fn play_board(
    mut commands: Commands,
    session: Option<ResMut<EditorSession>>,
    start: Option<Res<AppStart>>,
    asset_server: Res<AssetServer>,
    mut choices: ResMut<MenuChoices>,
    mut cave: Option<ResMut<CaveLayout>>,
    mut patolli: Option<ResMut<PatolliLayout>>,
    mut penguins: Option<ResMut<PenguinsLayout>>,
) {
    let Some(mut session) = session else {
        return;
    };
    let Some(setup) = session.save() else {
        return;
    };
    let levels = start
        .map(|s| s.levels.clone())
        .unwrap_or_else(|| Levels::folder("levels"));
    let target = session.target.clone();
    choices.game = session.draft.game();
    let name = session
        .draft
        .layout()
        .name()
        .map(str::to_string)
        .unwrap_or_else(|| file_stem(&target));
    if let GameSetup::Penguins(crate::layout::PenguinsSetup::Generated(generator)) = &setup {
        // The board the preview shows: its size, drawn from its seed.
        choices.board_size = [generator.rows, generator.cols];
        choices.seed = session.preview_seed;
    }
    let (path, server) = (target.as_path(), &*asset_server);
    match setup {
        GameSetup::MagneticCave(config) => {
            adopt(cave.as_deref_mut(), config, path, name, &levels, server);
        }
        GameSetup::Patolli(config) => {
            adopt(patolli.as_deref_mut(), config, path, name, &levels, server);
        }
        GameSetup::Penguins(config) => {
            adopt(penguins.as_deref_mut(), config, path, name, &levels, server);
        }
    }
    // The menu says why its choices make no match on the board (a Penguins board with too
    // few one-fish floes for the penguins); here the editor says it.
    if let Some(Err(e)) = crate::app::menu::chosen_match(
        &choices,
        cave.as_deref(),
        patolli.as_deref(),
        penguins.as_deref(),
    ) {
        session.status = Status {
            words: Some(
                Tr::new("editor-not-played")
                    .words("reason", crate::app::layout_words::setup_words(&e)),
            ),
            refused: true,
        };
        return;
    }
    commands.run_system_cached(crate::app::menu::start_match);
    commands.insert_resource(PlayedFromEditor);
}

/// Marks a match started by *Play this board*: leaving it (Esc, *Menu*) comes back to the
/// editor rather than the menu.
#[derive(Resource, Debug)]
pub struct PlayedFromEditor;

/// Leaving a match played from the editor goes back to the editor, the board as it was.
pub(super) fn back_to_the_editor(
    mut commands: Commands,
    played: Option<Res<PlayedFromEditor>>,
    session: Option<ResMut<EditorSession>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if played.is_none() {
        return;
    }
    commands.remove_resource::<PlayedFromEditor>();
    if let Some(mut session) = session {
        session.status = Status {
            words: Some(Tr::new("editor-back-from-match")),
            refused: false,
        };
        next.set(Screen::Editor);
    }
}

/// Makes the saved board at `path` the one `layout` plays: watched when it lies in the levels
/// folder, its configuration in place at once either way.
fn adopt<G: LayoutGame>(
    layout: Option<&mut GameLayout<G>>,
    config: G::Config,
    path: &Path,
    name: String,
    levels: &Levels,
    asset_server: &AssetServer,
) {
    let Some(layout) = layout else {
        return;
    };
    let in_levels = !levels.is_built_in()
        && path
            .parent()
            .is_some_and(|dir| same_folder(dir, &levels.dir));
    if let (true, Some(file)) = (in_levels, path.file_name()) {
        layout.choose(asset_server, levels, &file.to_string_lossy());
    } else {
        layout.file = path.display().to_string();
    }
    layout.config = config;
    layout.name = name;
    layout.error = None;
}

/// Whether `a` and `b` name the same folder.
fn same_folder(a: &Path, b: &Path) -> bool {
    let full = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    full(a) == full(b)
}

/// A file's name without `.ron`.
fn file_stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}
