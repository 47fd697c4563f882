//! No file imports another that imports it back, directly or around a loop (issue 27: a layout
//! that shows the architecture). For every crate of the workspace, each source file is a node and
//! each path it names through `crate::`, `super::` or `self::` an edge to the file of the longest
//! module prefix that exists; edges between a module and the modules inside it (a parent declares
//! its children, a child names its parent's items) are the module tree, not imports, and do not
//! count. A cycle is a strongly connected component of more than one file.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Module = Vec<String>;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A file's module path within its crate (`lib.rs`, `main.rs` and `mod.rs` name their directory).
fn module_of(src: &Path, file: &Path) -> Module {
    let relative = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Module = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("lib" | "main" | "mod")
    ) {
        parts.pop();
    }
    parts
}

/// The code before a file's unit tests (their imports are the tests', not the file's), without
/// comments (a doc comment that links to a module is not an import).
fn code(text: &str) -> String {
    let text = text
        .find("#[cfg(test)]\nmod tests")
        .map_or(text, |i| &text[..i]);
    text.lines()
        .map(|l| format!("{}\n", without_comment(l)))
        .collect()
}

/// `line` up to a `//` that is outside a string literal.
fn without_comment(line: &str) -> &str {
    let bytes = line.as_bytes();
    let (mut in_string, mut escaped) = (false, false);
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'"' if !escaped => in_string = !in_string,
            b'/' if !in_string && bytes.get(i + 1) == Some(&b'/') => return &line[..i],
            _ => {}
        }
        escaped = in_string && b == b'\\' && !escaped;
    }
    line
}

/// The paths `text` names from `me` through `crate::`, `super::` or `self::`, as module paths
/// (unresolved: the longest existing prefix is chosen later).
fn named_paths(text: &str, me: &Module) -> Vec<Module> {
    let mut found = Vec::new();
    for (start, _) in text.match_indices("::") {
        let head_start = text[..start]
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        let head = &text[head_start..start];
        let before = text[..head_start].chars().last();
        if before == Some(':') {
            continue; // the middle of a longer path
        }
        let mut base = match head {
            "crate" => Module::new(),
            "super" => me[..me.len().saturating_sub(1)].to_vec(),
            "self" => me.clone(),
            _ => continue,
        };
        let rest = &text[start + 2..];
        let tail: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
            .collect();
        for part in tail.split("::").filter(|p| !p.is_empty()) {
            match part {
                "super" => {
                    base.pop();
                }
                _ => base.push(part.to_string()),
            }
        }
        found.push(base);
    }
    found
}

/// The import graph of one crate: module → modules it imports.
fn graph(src: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut files = Vec::new();
    sources(src, &mut files);
    let modules: BTreeSet<Module> = files.iter().map(|f| module_of(src, f)).collect();
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for file in &files {
        let me = module_of(src, file);
        let text = std::fs::read_to_string(file).unwrap();
        for path in named_paths(&code(&text), &me) {
            let target = (0..=path.len())
                .rev()
                .map(|k| path[..k].to_vec())
                .find(|m| modules.contains(m));
            let Some(target) = target else { continue };
            let nested = target.starts_with(&me) || me.starts_with(&target);
            if !nested {
                edges.entry(me.clone()).or_default().insert(target);
            }
        }
        edges.entry(me).or_default();
    }
    edges
}

/// The strongly connected components of more than one node (Tarjan's algorithm).
fn cycles(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct State<'a> {
        edges: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, (usize, usize)>,
        stack: Vec<&'a Module>,
        next: usize,
        found: Vec<Vec<Module>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a Module) {
        s.index.insert(v, (s.next, s.next));
        s.next += 1;
        s.stack.push(v);
        for w in &s.edges[v] {
            match s.index.get(w).copied() {
                None => {
                    visit(s, w);
                    let low = s.index[w].1.min(s.index[v].1);
                    s.index.get_mut(v).unwrap().1 = low;
                }
                Some((w_index, _)) if s.stack.contains(&w) => {
                    let low = w_index.min(s.index[v].1);
                    s.index.get_mut(v).unwrap().1 = low;
                }
                Some(_) => {}
            }
        }
        let (index, low) = s.index[v];
        if index == low {
            let at = s.stack.iter().rposition(|m| *m == v).unwrap();
            let component: Vec<Module> = s.stack.drain(at..).cloned().collect();
            if component.len() > 1 {
                s.found.push(component);
            }
        }
    }
    let mut state = State {
        edges,
        index: BTreeMap::new(),
        stack: Vec::new(),
        next: 0,
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !state.index.contains_key(v) {
            visit(&mut state, v);
        }
    }
    state.found
}

#[test]
fn no_file_imports_itself_around_a_loop() {
    let mut found = BTreeSet::new();
    let crates = workspace().join("crates");
    for entry in std::fs::read_dir(&crates).unwrap().flatten() {
        let src = entry.path().join("src");
        if !src.is_dir() {
            continue;
        }
        let name = entry.file_name().to_string_lossy().into_owned();
        for cycle in cycles(&graph(&src)) {
            let mut files: Vec<String> = cycle.iter().map(|m| m.join("/")).collect();
            files.sort();
            found.insert(format!("{name}: {}", files.join(" ")));
        }
    }
    assert!(found.is_empty(), "file import cycles: {found:#?}");
}

#[test]
fn a_cycle_is_found_and_a_module_tree_is_not() {
    let dir = std::env::temp_dir().join(format!("file-cycles-{}", std::process::id()));
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("tree")).unwrap();
    std::fs::write(src.join("lib.rs"), "mod a;\nmod b;\nmod c;\nmod tree;\n").unwrap();
    std::fs::write(src.join("a.rs"), "use crate::b::thing;\n").unwrap();
    std::fs::write(
        src.join("b.rs"),
        "// see crate::c::y\npub fn thing() { super::a::other() }\n",
    )
    .unwrap();
    std::fs::write(src.join("tree/mod.rs"), "mod leaf;\nuse leaf::x;\n").unwrap();
    std::fs::write(src.join("tree/leaf.rs"), "use super::y;\n").unwrap();
    // b names c only in a comment, which is not an import: no cycle through c.
    std::fs::write(src.join("c.rs"), "use crate::a::x;\n").unwrap();
    let found = cycles(&graph(&src));
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found.len(), 1, "{found:?}");
    let mut names: Vec<String> = found[0].iter().map(|m| m.join("/")).collect();
    names.sort();
    assert_eq!(names, ["a", "b"]);
}
