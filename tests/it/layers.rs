//! The crate's layers point only down, and no files import each other in a circle.
//!
//! The modules of `src/`, lowest first, are [`LAYERS`]; a module may use only the modules
//! before it (`docs/design.md`). The check reads every path that starts with `crate::`,
//! `super::` or `self::` in `src/` (in `use` lines, their `{…}` groups, and in code), finds the
//! file it names, and fails on a path into a higher layer, an unknown top-level module, or a
//! circle of files.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::support::repo;

/// The layers of `src/`, lowest first.
const LAYERS: &[&str] = &[
    "rules",
    "files",
    "levels",
    "layout",
    "editor",
    "ai",
    "record",
    "setup",
    "runner",
    "protocol",
    "console",
    "engine",
    "tournament",
    "app",
];

/// A source file: its path under `src/` and its module path (`app/mod.rs` is `["app"]`).
struct Source {
    module: Vec<String>,
    code: String,
}

fn sources(dir: &Path, under: &Path, into: &mut BTreeMap<String, Source>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        panic!("cannot read {}", dir.display());
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, under, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let Ok(relative) = path.strip_prefix(under) else {
                continue;
            };
            let name = relative.to_string_lossy().replace('\\', "/");
            let mut module: Vec<String> = name
                .trim_end_matches(".rs")
                .split('/')
                .map(str::to_string)
                .collect();
            if module
                .last()
                .is_some_and(|last| ["mod", "lib", "main"].contains(&last.as_str()))
            {
                module.pop();
            }
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            into.insert(
                name,
                Source {
                    module,
                    code: without_comments(&text),
                },
            );
        }
    }
}

/// The text with `//` comments (doc comments too) left out, line by line.
fn without_comments(text: &str) -> String {
    text.lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every path in `code` that starts with `crate`, `super` or `self`, as its segments, with
/// `use` groups (`crate::{a::b, c}`) spread into one path each.
fn paths(code: &str) -> Vec<Vec<String>> {
    let tokens = tokenize(code);
    let mut found = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let head = tokens[i].as_str();
        let starts = ["crate", "super", "self"].contains(&head)
            && tokens.get(i + 1).is_some_and(|t| t == "::")
            && (i == 0 || tokens[i - 1] != "::");
        if starts {
            let (end, mut spread) = use_tree(&tokens, i, Vec::new());
            found.append(&mut spread);
            i = end;
        } else {
            i += 1;
        }
    }
    found
}

/// Identifiers, `::`, `{`, `}` and `,`, in order; everything else is a separator.
fn tokenize(code: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            tokens.push(chars[start..i].iter().collect());
            continue;
        }
        if c == ':' && chars.get(i + 1) == Some(&':') {
            tokens.push("::".to_string());
            i += 2;
            continue;
        }
        if "{},".contains(c) {
            tokens.push(c.to_string());
        } else if !c.is_whitespace() {
            tokens.push(" ".to_string());
        }
        i += 1;
    }
    tokens
}

/// Reads the path (or `use` tree) at `tokens[start]` after `prefix`: where it ends, and each
/// full path it names.
fn use_tree(tokens: &[String], start: usize, prefix: Vec<String>) -> (usize, Vec<Vec<String>>) {
    let mut path = prefix;
    let mut i = start;
    loop {
        match tokens.get(i).map(String::as_str) {
            Some("{") => {
                let mut all = Vec::new();
                i += 1;
                while i < tokens.len() && tokens[i] != "}" {
                    if tokens[i] == "," {
                        i += 1;
                        continue;
                    }
                    let (end, mut inner) = use_tree(tokens, i, path.clone());
                    all.append(&mut inner);
                    i = end.max(i + 1);
                }
                return (i + 1, all);
            }
            Some(word) if word.chars().all(|c| c.is_alphanumeric() || c == '_') => {
                path.push(word.to_string());
                i += 1;
                if tokens.get(i).is_some_and(|t| t == "::") {
                    i += 1;
                    continue;
                }
                return (i, vec![path]);
            }
            _ => return (i, vec![path]),
        }
    }
}

/// The module path a path in the file of `module` names from the crate's root. In `a/b.rs`
/// (module `a::b`) `super` is `a`; in `a/mod.rs` (module `a`) it is the root.
fn absolute(module: &[String], path: &[String]) -> Vec<String> {
    let mut base: Vec<String> = module.to_vec();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        _ => {}
    }
    while rest.first().is_some_and(|s| s == "super") {
        base.pop();
        rest = &rest[1..];
    }
    base.extend(rest.iter().cloned());
    base
}

/// The file of the longest prefix of `path` that is a module with a file of its own.
fn file_of(files: &BTreeMap<String, Source>, path: &[String]) -> Option<String> {
    (1..=path.len()).rev().find_map(|n| {
        let base = path[..n].join("/");
        [format!("{base}.rs"), format!("{base}/mod.rs")]
            .into_iter()
            .find(|candidate| files.contains_key(candidate))
    })
}

/// The file-to-file imports of `src/`, and every path into a higher layer (file, path, why).
fn imports(files: &BTreeMap<String, Source>) -> (BTreeMap<String, BTreeSet<String>>, Vec<String>) {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut wrong = Vec::new();
    for (name, source) in files {
        let Some(layer) = source.module.first() else {
            continue; // lib.rs
        };
        if name == "main.rs" {
            continue; // the top: uses the library by its name
        }
        let Some(rank) = LAYERS.iter().position(|l| l == layer) else {
            wrong.push(format!(
                "{name}: module `{layer}` is in no layer (add it to LAYERS)"
            ));
            continue;
        };
        for path in paths(&source.code) {
            let target = absolute(&source.module, &path);
            let Some(to) = target.first() else {
                continue;
            };
            if let Some(to_rank) = LAYERS.iter().position(|l| l == to)
                && to_rank > rank
            {
                wrong.push(format!(
                    "{name}: `{}` reaches up from `{layer}` to `{to}`",
                    path.join("::")
                ));
            }
            if let Some(file) = file_of(files, &target)
                && &file != name
            {
                graph.entry(name.clone()).or_default().insert(file);
            }
        }
    }
    (graph, wrong)
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

#[test]
fn layers_point_only_down_and_no_files_import_each_other_in_a_circle() {
    let root = repo().join("src");
    let mut files = BTreeMap::new();
    sources(&root, &root, &mut files);
    assert!(files.len() > 40, "only {} files read", files.len());
    let (graph, wrong) = imports(&files);
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
    // The check sees what it must: a layer's path into a higher one, and a circle.
    let mut broken = BTreeMap::new();
    for (name, module, code) in [
        (
            "rules/mod.rs",
            "rules",
            "use crate::app::AppPlugin;\nuse self::a::X;",
        ),
        ("rules/a.rs", "rules/a", "use super::{b::Y, c};"),
        ("rules/b.rs", "rules/b", "fn f() { crate::rules::a::g() }"),
    ] {
        broken.insert(
            name.to_string(),
            Source {
                module: module.split('/').map(str::to_string).collect(),
                code: code.to_string(),
            },
        );
    }
    let (graph, wrong) = imports(&broken);
    assert_eq!(wrong.len(), 1, "{wrong:?}");
    assert!(
        wrong[0].contains("`crate::app::AppPlugin` reaches up"),
        "{wrong:?}"
    );
    assert!(circle(&graph).is_some(), "{graph:?}");
}
