//! The crate's layers point only down, and no files import each other in a circle.
//!
//! The modules of `src/`, lowest first, are [`LAYERS`]; a module may use only the modules
//! before it (`docs/design.md`). The check parses every file of `src/` (`main.rs` too) with
//! `syn` and resolves every path as Rust does: `use` trees with their groups, renames and
//! globs; paths in code, types and patterns; paths inside macro calls (read as tokens);
//! `crate`, `self` and `super` (in inline modules too); bare child modules (`game::Game`) and
//! names imported into scope (`patolli::State`). A path counts for the file that defines the
//! item it reaches, re-exports followed (`crate::rules::Game` is `rules/game.rs`'s when
//! `rules/mod.rs` says `pub use game::Game`); a path that names a module only is no import. The
//! check fails on a path into a higher layer, a module in no layer, or a circle of files,
//! parent and child included: a `mod.rs` declares its children and assembles them, and what
//! its children share lives in a module of its own.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::Visit;

use crate::support::repo;

/// The layers of `src/`, lowest first.
const LAYERS: &[&str] = &[
    "rules",
    "files",
    "i18n",
    "line_reader",
    "levels",
    "layout",
    "editor",
    "ai",
    "fair_dice",
    "review",
    "record",
    "setup",
    "replay",
    "analysis",
    "puzzles",
    "runner",
    "protocol",
    "console",
    "engine",
    "tournament",
    "net",
    "app",
];

/// The library's name, as `main.rs` writes it.
const LIBRARY: &str = "tablero";

/// A module path from the crate's root (`["rules", "patolli"]`); the root is empty.
type ModPath = Vec<String>;

/// What a module holds, as far as names go.
#[derive(Debug, Default)]
struct Module {
    /// The file it is written in (`rules/patolli.rs`).
    file: String,
    /// Items it defines, by name (modules not included).
    items: BTreeSet<String>,
    /// Its child modules, by name.
    children: BTreeSet<String>,
    /// Names it imports (`use`), with the path each names, as written.
    imports: BTreeMap<String, Vec<String>>,
    /// Its glob imports (`use a::b::*`), as written.
    globs: Vec<Vec<String>>,
    /// Every path written in it, as written (`use` paths, code, macro tokens).
    paths: Vec<Vec<String>>,
}

/// Every module of a crate, by its path.
type Crate = BTreeMap<ModPath, Module>;

/// The segments of a `syn` path.
fn segments(path: &syn::Path) -> Vec<String> {
    path.segments.iter().map(|s| s.ident.to_string()).collect()
}

/// The paths (as written) of a `use` tree under `prefix`, with the name each brings into
/// scope (`None` for a glob).
fn use_paths(
    tree: &syn::UseTree,
    prefix: &[String],
    into: &mut Vec<(Option<String>, Vec<String>)>,
) {
    let with = |name: &syn::Ident| {
        let mut path = prefix.to_vec();
        path.push(name.to_string());
        path
    };
    match tree {
        syn::UseTree::Path(p) => use_paths(&p.tree, &with(&p.ident), into),
        syn::UseTree::Name(n) if n.ident == "self" => {
            let name = prefix.last().cloned();
            into.push((name, prefix.to_vec()));
        }
        syn::UseTree::Name(n) => into.push((Some(n.ident.to_string()), with(&n.ident))),
        syn::UseTree::Rename(r) if r.ident == "self" => {
            into.push((Some(r.rename.to_string()), prefix.to_vec()));
        }
        syn::UseTree::Rename(r) => into.push((Some(r.rename.to_string()), with(&r.ident))),
        syn::UseTree::Glob(_) => into.push((None, prefix.to_vec())),
        syn::UseTree::Group(g) => {
            for tree in &g.items {
                use_paths(tree, prefix, into);
            }
        }
    }
}

/// Every path in a token stream (a macro's input): runs of identifiers joined by `::`.
fn token_paths(tokens: TokenStream, into: &mut Vec<Vec<String>>) {
    let mut path: Vec<String> = Vec::new();
    let mut colons = 0;
    fn flush(path: &mut Vec<String>, into: &mut Vec<Vec<String>>) {
        if !path.is_empty() {
            into.push(std::mem::take(path));
        }
    }
    for token in tokens {
        match token {
            TokenTree::Ident(ident) => {
                if colons != 2 {
                    flush(&mut path, into);
                }
                path.push(ident.to_string());
                colons = 0;
            }
            TokenTree::Punct(p) if p.as_char() == ':' && !path.is_empty() && colons < 2 => {
                colons += 1;
            }
            TokenTree::Group(group) => {
                flush(&mut path, into);
                colons = 0;
                token_paths(group.stream(), into);
            }
            _ => {
                flush(&mut path, into);
                colons = 0;
            }
        }
    }
    flush(&mut path, into);
}

/// Collects the paths written in one module's items (not in its inline child modules).
#[derive(Default)]
struct PathCollector {
    paths: Vec<Vec<String>>,
}

impl<'ast> Visit<'ast> for PathCollector {
    fn visit_path(&mut self, path: &'ast syn::Path) {
        self.paths.push(segments(path));
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.visit_path(&mac.path);
        token_paths(mac.tokens.clone(), &mut self.paths);
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        // A `use` inside a block: its paths count for the module.
        let mut found = Vec::new();
        use_paths(&item.tree, &[], &mut found);
        self.paths.extend(found.into_iter().map(|(_, path)| path));
    }

    fn visit_item_mod(&mut self, _: &'ast syn::ItemMod) {
        // An inline module is a module of its own.
    }
}

/// Reads the items of the module at `module` (written in `file`) into `krate`, and its
/// child modules: inline ones from `items`, the others from their files under `src`.
fn read_module(
    krate: &mut Crate,
    src: &Path,
    file: &str,
    module: ModPath,
    items: &[syn::Item],
    child_dir: &Path,
) {
    let mut this = Module {
        file: file.to_string(),
        ..Module::default()
    };
    let mut children = Vec::new();
    for item in items {
        let name = match item {
            syn::Item::Const(i) => Some(&i.ident),
            syn::Item::Enum(i) => Some(&i.ident),
            syn::Item::Fn(i) => Some(&i.sig.ident),
            syn::Item::Static(i) => Some(&i.ident),
            syn::Item::Struct(i) => Some(&i.ident),
            syn::Item::Trait(i) => Some(&i.ident),
            syn::Item::TraitAlias(i) => Some(&i.ident),
            syn::Item::Type(i) => Some(&i.ident),
            syn::Item::Union(i) => Some(&i.ident),
            syn::Item::Macro(i) => i.ident.as_ref(),
            _ => None,
        };
        if let Some(name) = name {
            this.items.insert(name.to_string());
        }
        match item {
            syn::Item::Use(u) => {
                let mut found = Vec::new();
                use_paths(&u.tree, &[], &mut found);
                for (name, path) in found {
                    match name {
                        Some(name) => {
                            this.imports.insert(name, path.clone());
                        }
                        None => this.globs.push(path.clone()),
                    }
                    this.paths.push(path);
                }
            }
            syn::Item::Mod(m) => {
                this.children.insert(m.ident.to_string());
                children.push(m);
            }
            other => {
                let mut collector = PathCollector::default();
                collector.visit_item(other);
                this.paths.append(&mut collector.paths);
            }
        }
    }
    for child in children {
        let mut path = module.clone();
        path.push(child.ident.to_string());
        let dir = child_dir.join(child.ident.to_string());
        match &child.content {
            Some((_, items)) => read_module(krate, src, file, path, items, &dir),
            None => {
                let name = child.ident.to_string();
                let candidates = [
                    child_dir.join(format!("{name}.rs")),
                    child_dir.join(&name).join("mod.rs"),
                ];
                let Some(found) = candidates.iter().find(|c| c.is_file()) else {
                    panic!("{file}: no file for `mod {name}`");
                };
                let relative = found
                    .strip_prefix(src)
                    .expect("under src")
                    .to_string_lossy()
                    .replace('\\', "/");
                let next_dir = if relative.ends_with("mod.rs") {
                    found.parent().expect("a folder").to_path_buf()
                } else {
                    child_dir.join(&name)
                };
                let text = std::fs::read_to_string(found).expect("a readable source");
                let parsed = syn::parse_file(&text)
                    .unwrap_or_else(|e| panic!("{relative} does not parse: {e}"));
                read_module(krate, src, &relative, path, &parsed.items, &next_dir);
            }
        }
    }
    krate.insert(module, this);
}

/// Where a path leads.
#[derive(Debug, Clone, PartialEq)]
enum Target {
    /// An item defined in this file.
    Item(String),
    /// A module (no import of any file by itself).
    Module,
    /// Outside the crate (a dependency, the prelude), or a local name.
    Outside,
}

/// Resolves `path`, written in `module`, to what it names.
fn resolve(krate: &Crate, module: &[String], path: &[String], depth: usize) -> Target {
    if depth > 16 || path.is_empty() {
        return Target::Outside;
    }
    let Some(here) = krate.get(module) else {
        return Target::Outside;
    };
    let first = path[0].as_str();
    let (base, rest): (ModPath, &[String]) = match first {
        "crate" => (Vec::new(), &path[1..]),
        "self" => (module.to_vec(), &path[1..]),
        "super" => {
            let mut base = module.to_vec();
            let mut rest = path;
            while rest.first().is_some_and(|s| s == "super") {
                base.pop();
                rest = &rest[1..];
            }
            (base, rest)
        }
        _ if here.children.contains(first) => (module.to_vec(), path),
        _ if here.items.contains(first) => return Target::Item(here.file.clone()),
        _ if here.imports.contains_key(first) => {
            let mut full = here.imports[first].clone();
            if full == path[..1] {
                return Target::Outside; // `use serde;`: a dependency by its own name
            }
            full.extend(path[1..].iter().cloned());
            return resolve(krate, module, &full, depth + 1);
        }
        _ => {
            for glob in &here.globs {
                let Some(glob_module) = module_of(krate, module, glob, depth) else {
                    continue;
                };
                if named_in(krate, &glob_module, first) {
                    let mut full = vec!["crate".to_string()];
                    full.extend(glob_module.iter().cloned());
                    full.extend(path.iter().cloned());
                    return resolve(krate, module, &full, depth + 1);
                }
            }
            return Target::Outside;
        }
    };
    walk(krate, base, rest, depth)
}

/// Whether `name` is a child, an item or an import of the module at `module`.
fn named_in(krate: &Crate, module: &[String], name: &str) -> bool {
    krate.get(module).is_some_and(|m| {
        m.children.contains(name) || m.items.contains(name) || m.imports.contains_key(name)
    })
}

/// The module a path written in `module` names, if it names one of the crate.
fn module_of(krate: &Crate, module: &[String], path: &[String], depth: usize) -> Option<ModPath> {
    match resolve(krate, module, path, depth + 1) {
        Target::Module => {}
        _ => return None,
    }
    // Walk it again to learn which module it was.
    let mut base = match path.first().map(String::as_str) {
        Some("crate") => Vec::new(),
        _ => module.to_vec(),
    };
    let mut rest: &[String] = path;
    if rest.first().is_some_and(|s| s == "crate" || s == "self") {
        rest = &rest[1..];
    }
    while rest.first().is_some_and(|s| s == "super") {
        base.pop();
        rest = &rest[1..];
    }
    for segment in rest {
        let current = krate.get(&base)?;
        if current.children.contains(segment) {
            base.push(segment.clone());
        } else if let Some(import) = current.imports.get(segment) {
            base = module_of(krate, &base, import, depth + 1)?;
        } else {
            return None;
        }
    }
    Some(base)
}

/// Follows `rest` from the module at `base`.
fn walk(krate: &Crate, mut base: ModPath, rest: &[String], depth: usize) -> Target {
    for (i, segment) in rest.iter().enumerate() {
        let Some(current) = krate.get(&base) else {
            return Target::Outside;
        };
        if current.children.contains(segment) {
            base.push(segment.clone());
            continue;
        }
        if current.items.contains(segment) {
            return Target::Item(current.file.clone());
        }
        if let Some(import) = current.imports.get(segment) {
            let mut full = import.clone();
            full.extend(rest[i + 1..].iter().cloned());
            return resolve(krate, &base, &full, depth + 1);
        }
        for glob in &current.globs {
            if let Some(glob_module) = module_of(krate, &base, glob, depth)
                && named_in(krate, &glob_module, segment)
            {
                return walk(krate, glob_module, &rest[i..], depth + 1);
            }
        }
        // A name no item of the crate declares (made by a macro): the module's own file.
        return Target::Item(current.file.clone());
    }
    Target::Module
}

/// The crate of the sources `files` (path under `src/` → text), read from `root` (`lib.rs`
/// or `main.rs`); every other file must be reached by `mod`. Files are read through `read`.
fn parse_crate(src: &Path, root: &str) -> Crate {
    let text = std::fs::read_to_string(src.join(root)).expect("a readable source");
    let parsed = syn::parse_file(&text).unwrap_or_else(|e| panic!("{root} does not parse: {e}"));
    let mut krate = Crate::new();
    read_module(&mut krate, src, root, Vec::new(), &parsed.items, src);
    krate
}

/// The file-to-file imports of `krate`, and every path into a higher layer or from a module in
/// no layer (file, path, why). `library`, for the binary's crate, is the library's crate that
/// `tablero::…` paths name.
fn imports(
    krate: &Crate,
    library: Option<&Crate>,
) -> (BTreeMap<String, BTreeSet<String>>, Vec<String>) {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut wrong = BTreeSet::new();
    for (module, source) in krate {
        let rank = match (library, module.first()) {
            (Some(_), _) => Some(LAYERS.len()), // the binary: above every layer
            (None, None) => None,               // lib.rs declares the layers
            (None, Some(layer)) => match LAYERS.iter().position(|l| l == layer) {
                Some(rank) => Some(rank),
                None => {
                    wrong.insert(format!(
                        "{}: module `{layer}` is in no layer (add it to LAYERS)",
                        source.file
                    ));
                    continue;
                }
            },
        };
        for path in &source.paths {
            let target = match (library, path.first().map(String::as_str)) {
                (Some(lib), Some(LIBRARY)) => {
                    let mut inner = vec!["crate".to_string()];
                    inner.extend(path[1..].iter().cloned());
                    resolve(lib, &[], &inner, 0)
                }
                _ => resolve(krate, module, path, 0),
            };
            let Target::Item(file) = target else {
                continue;
            };
            let to = match file.strip_prefix("bin:") {
                Some(_) => "",
                None => file.split('/').next().unwrap_or("").trim_end_matches(".rs"),
            };
            if let (Some(rank), Some(to_rank)) = (rank, LAYERS.iter().position(|l| *l == to))
                && to_rank > rank
            {
                wrong.insert(format!(
                    "{}: `{}` reaches up to `{to}`",
                    source.file,
                    path.join("::")
                ));
            }
            if file != source.file {
                graph.entry(source.file.clone()).or_default().insert(file);
            }
        }
    }
    (graph, wrong.into_iter().collect())
}

/// A circle of files in `graph`, if there is one, as the files in order.
fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    // Depth-first, with the files on the current walk kept in order.
    fn visit(
        file: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        walk: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = walk.iter().position(|f| f == file) {
            let mut found = walk[at..].to_vec();
            found.push(file.to_string());
            return Some(found);
        }
        if done.contains(file) {
            return None;
        }
        walk.push(file.to_string());
        for next in graph.get(file).into_iter().flatten() {
            if let Some(found) = visit(next, graph, walk, done) {
                return Some(found);
            }
        }
        walk.pop();
        done.insert(file.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|file| visit(file, graph, &mut Vec::new(), &mut done))
}

/// The imports and faults of the crate written in the folder `src` (`lib.rs`, and `main.rs`
/// when there is one).
fn check(src: &Path) -> (BTreeMap<String, BTreeSet<String>>, Vec<String>, usize) {
    let library = parse_crate(src, "lib.rs");
    let (mut graph, mut wrong) = imports(&library, None);
    let mut files: BTreeSet<String> = library.values().map(|m| m.file.clone()).collect();
    if src.join("main.rs").is_file() {
        let mut binary = parse_crate(src, "main.rs");
        for module in binary.values_mut() {
            module.file = format!("bin:{}", module.file);
        }
        let (bin_graph, mut bin_wrong) = imports(&binary, Some(&library));
        graph.extend(bin_graph);
        wrong.append(&mut bin_wrong);
        files.extend(binary.values().map(|m| m.file.clone()));
    }
    let count = files.len();
    (graph, wrong, count)
}

#[test]
fn layers_point_only_down_and_no_files_import_each_other_in_a_circle() {
    let (graph, wrong, files) = check(&repo().join("src"));
    assert!(files > 60, "only {files} files read");
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
    if let Some(found) = circle(&graph) {
        panic!(
            "files that import each other in a circle: {}",
            found.join(" -> ")
        );
    }
}

/// Writes `files` (path under `src/`, text) into a scratch crate and checks it.
fn check_written(name: &str, files: &[(&str, &str)]) -> (Option<Vec<String>>, Vec<String>) {
    let dir = crate::support::temp_dir(name);
    let src = dir.join("src");
    for (path, text) in files {
        let file = src.join(path);
        std::fs::create_dir_all(file.parent().expect("a folder")).expect("a scratch folder");
        std::fs::write(&file, text).expect("a scratch file");
    }
    let (graph, wrong, _) = check(&src);
    (circle(&graph), wrong)
}

/// Each kind of import the line-reading check of old missed is seen, and what only looks
/// like a path (in a string, in a comment) is not.
#[test]
fn the_layer_check_sees_every_kind_of_import() {
    let lib = "pub mod rules;\npub mod app;\n";
    let app = "pub struct AppPlugin;\n#[derive(Debug)]\npub struct Shown;\n";
    // A bare child path in a `mod.rs` and the child's `super` make a circle.
    let (found, _) = check_written(
        "layers-bare-child",
        &[
            ("lib.rs", lib),
            ("app.rs", app),
            (
                "rules/mod.rs",
                "mod game;\npub use game::Game;\npub struct Seat;\n",
            ),
            (
                "rules/game.rs",
                "pub trait Game { fn seat(&self) -> super::Seat; }\n",
            ),
        ],
    );
    assert!(found.is_some(), "a bare child path and `super`");
    // The same, the parent naming the child's item in code rather than in `use`.
    let (found, _) = check_written(
        "layers-child-in-code",
        &[
            ("lib.rs", lib),
            ("app.rs", app),
            (
                "rules/mod.rs",
                "mod bits;\npub struct Seat;\nfn f() { bits::g(); }\n",
            ),
            ("rules/bits.rs", "use crate::rules::Seat;\npub fn g() {}\n"),
        ],
    );
    assert!(found.is_some(), "a child path in code");
    // A name imported into scope (`use crate::rules::patolli;` then `patolli::State`).
    let (found, _) = check_written(
        "layers-imported-module",
        &[
            ("lib.rs", lib),
            ("app.rs", app),
            ("rules/mod.rs", "pub mod a;\npub mod b;\n"),
            ("rules/a.rs", "use crate::rules::b;\npub struct A(b::B);\n"),
            (
                "rules/b.rs",
                "use crate::rules::a;\npub struct B;\nfn f(_: a::A) {}\n",
            ),
        ],
    );
    assert!(found.is_some(), "a module imported by name, then its item");
    // A re-export is followed to the file that defines the item: no circle here.
    let (found, wrong) = check_written(
        "layers-reexport",
        &[
            ("lib.rs", lib),
            ("app.rs", app),
            (
                "rules/mod.rs",
                "mod game;\nmod seat;\npub use game::Game;\npub use seat::Seat;\n",
            ),
            (
                "rules/game.rs",
                "use crate::rules::Seat;\npub trait Game { fn s(&self) -> Seat; }\n",
            ),
            ("rules/seat.rs", "pub struct Seat;\n"),
        ],
    );
    assert_eq!((found, wrong), (None, Vec::new()), "a re-export followed");
    // `super` in an inline `mod tests` is the file's own module, not its parent.
    let (found, _) = check_written(
        "layers-inline-super",
        &[
            ("lib.rs", lib),
            ("app.rs", app),
            ("rules/mod.rs", "pub mod a;\npub fn helper() { a::f(); }\n"),
            (
                "rules/a.rs",
                "pub fn f() {}\n#[cfg(test)]\nmod tests {\n    use super::f;\n    #[test]\n    fn t() { f() }\n}\n",
            ),
        ],
    );
    assert_eq!(found, None, "`super` in an inline module");
    let (found, _) = check_written(
        "layers-inline-super-super",
        &[
            ("lib.rs", lib),
            ("app.rs", app),
            ("rules/mod.rs", "pub mod a;\npub fn helper() { a::f(); }\n"),
            (
                "rules/a.rs",
                "pub fn f() {}\nmod tests {\n    fn t() { super::super::helper() }\n}\n",
            ),
        ],
    );
    assert!(found.is_some(), "`super::super` in an inline module");
    // `//` inside a string does not hide the rest of the line; a path in a macro counts.
    let (_, wrong) = check_written(
        "layers-string",
        &[
            ("lib.rs", lib),
            ("app.rs", app),
            (
                "rules/mod.rs",
                "fn f() { let _ = (\"http://x\", crate::app::AppPlugin); }\nfn g() -> String { format!(\"{:?}\", crate::app::Shown) }\n",
            ),
        ],
    );
    assert_eq!(wrong.len(), 2, "{wrong:?}");
    // A path in a `/* */` comment or a string is no import.
    let (found, wrong) = check_written(
        "layers-comment",
        &[
            ("lib.rs", lib),
            ("app.rs", app),
            (
                "rules/mod.rs",
                "/* use crate::app::AppPlugin; */\nfn f() -> &'static str { \"crate::app::AppPlugin\" }\n",
            ),
        ],
    );
    assert_eq!((found, wrong), (None, Vec::new()), "comments and strings");
    // `main.rs` is read, through the library's name.
    let (_, wrong) = check_written(
        "layers-main",
        &[
            ("lib.rs", lib),
            ("app.rs", app),
            ("rules/mod.rs", "pub struct Seat;\n"),
            ("main.rs", "mod extra;\nfn main() { extra::go(); }\n"),
            (
                "extra.rs",
                "pub fn go() { let _ = tablero::rules::Seat; }\n",
            ),
        ],
    );
    assert_eq!(wrong, Vec::<String>::new());
    let (found, _) = check_written(
        "layers-main-circle",
        &[
            ("lib.rs", lib),
            ("app.rs", app),
            ("rules/mod.rs", "pub struct Seat;\n"),
            (
                "main.rs",
                "mod extra;\npub struct Top;\nfn main() { extra::go(); }\n",
            ),
            (
                "extra.rs",
                "pub fn go() { let _: Option<crate::Top> = None; }\n",
            ),
        ],
    );
    assert!(found.is_some(), "a circle in the binary");
    // A path into a higher layer, and a module in no layer.
    let (_, wrong) = check_written(
        "layers-up",
        &[
            ("lib.rs", "pub mod rules;\npub mod app;\npub mod stray;\n"),
            ("app.rs", app),
            ("rules/mod.rs", "use crate::app::AppPlugin;\n"),
            ("stray.rs", "\n"),
        ],
    );
    assert_eq!(wrong.len(), 2, "{wrong:?}");
    assert!(
        wrong
            .iter()
            .any(|w| w.contains("`crate::app::AppPlugin` reaches up")),
        "{wrong:?}"
    );
    assert!(
        wrong.iter().any(|w| w.contains("`stray` is in no layer")),
        "{wrong:?}"
    );
}
