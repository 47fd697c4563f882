//! The documentation's shape: README.md stays the user's way in (at most 300 lines), every page of
//! docs/ is listed in its index (docs/README.md), and every relative link in README.md and
//! docs/*.md points at a file that exists and, when it names a heading (`page.md#heading`), at a
//! heading that exists there.

use std::path::{Path, PathBuf};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// README.md and every `docs/*.md`.
fn pages() -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/ exists")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    pages.sort();
    pages.insert(0, root().join("README.md"));
    pages
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The lines of a page outside fenced (```) and indented code blocks, numbered from 1.
fn outside_blocks(text: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut lines = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && !line.starts_with("    ") {
            lines.push((n + 1, line));
        }
    }
    lines
}

/// The prose lines of a page, with inline code spans removed, since a `](` in code is no link.
fn prose(text: &str) -> Vec<(usize, String)> {
    outside_blocks(text)
        .into_iter()
        .map(|(n, line)| (n, line.split('`').step_by(2).collect()))
        .collect()
}

/// The targets of the inline links and images of a prose line: `[text](target)`,
/// `![alt](target)`.
fn link_targets(line: &str) -> Vec<&str> {
    line.match_indices("](")
        .filter_map(|(at, _)| {
            let rest = &line[at + 2..];
            rest.find(')').map(|end| &rest[..end])
        })
        .collect()
}

/// The anchor GitHub gives a heading: lower case, every character but letters, digits, `-`,
/// `_` and spaces dropped, spaces made hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a page's headings.
fn anchors(text: &str) -> Vec<String> {
    outside_blocks(text)
        .into_iter()
        .filter(|(_, line)| line.starts_with('#'))
        .map(|(_, line)| anchor(line.trim_start_matches('#')))
        .collect()
}

/// What is wrong with one link of `page` (None when it resolves).
fn broken(page: &Path, target: &str) -> Option<String> {
    let is_url = target.split_once(':').is_some_and(|(scheme, _)| {
        !scheme.is_empty() && scheme.chars().all(|c| c.is_ascii_alphabetic())
    });
    if is_url {
        return None;
    }
    let (file, heading) = match target.split_once('#') {
        Some((file, heading)) => (file, Some(heading)),
        None => (target, None),
    };
    let path = if file.is_empty() {
        page.to_path_buf()
    } else {
        page.parent().unwrap().join(file)
    };
    if !path.exists() {
        return Some(format!("{target}: no file {}", path.display()));
    }
    let heading = heading.filter(|_| path.extension().is_some_and(|ext| ext == "md"))?;
    let found = anchors(&read(&path)).iter().any(|a| a == heading);
    (!found).then(|| format!("{target}: no heading with the anchor #{heading}"))
}

#[test]
fn readme_is_at_most_300_lines() {
    let lines = read(&root().join("README.md")).lines().count();
    assert!(
        lines <= 300,
        "README.md has {lines} lines; move detail into docs/"
    );
}

#[test]
fn every_relative_link_resolves() {
    let mut problems = Vec::new();
    let mut links = 0;
    for page in pages() {
        for (n, line) in prose(&read(&page)) {
            for target in link_targets(&line) {
                links += 1;
                if let Some(problem) = broken(&page, target) {
                    problems.push(format!("{}:{n}: {problem}", page.display()));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // README and the index link every page, so a checker that found no links found nothing.
    assert!(links >= pages().len(), "only {links} links found");
}

#[test]
fn the_index_lists_every_page() {
    let index = read(&root().join("docs/README.md"));
    let listed: Vec<String> = prose(&index)
        .iter()
        .flat_map(|(_, line)| link_targets(line))
        .map(|target| target.split('#').next().unwrap().to_owned())
        .collect();
    for page in pages().iter().skip(1) {
        let name = page.file_name().unwrap().to_str().unwrap();
        if name != "README.md" {
            assert!(
                listed.iter().any(|l| l == name),
                "docs/{name} is not linked from docs/README.md"
            );
        }
    }
}

#[test]
fn links_and_anchors_are_read_as_github_reads_them() {
    // GitHub's anchors for headings of these pages, as its rendered pages show them.
    assert_eq!(
        anchor(" Two stages: `render --vertex-entry`"),
        "two-stages-render---vertex-entry"
    );
    assert_eq!(
        anchor("SPIR-V, WGSL, MSL, HLSL through naga"),
        "spir-v-wgsl-msl-hlsl-through-naga"
    );
    assert_eq!(
        link_targets("see [a](b.md#c), ![x](y.png) and [u](https://e.org/)"),
        ["b.md#c", "y.png", "https://e.org/"]
    );
    let page = root().join("docs/README.md");
    assert!(broken(&page, "https://example.org/missing").is_none());
    assert!(broken(&page, "missing.md").is_some());
    assert!(broken(&page, "languages.md#no-such-heading").is_some());
    assert!(broken(&page, "languages.md#cg").is_none());
    // A `](` inside code is not a link.
    assert!(prose("`[a](nowhere)`")[0].1.is_empty());
}
