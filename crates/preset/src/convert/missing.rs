//! Where a pass that cannot be converted goes wrong, as a located diagnostic
//! (`SHADER:LINE:COL: error: ...`): the names a runtime lacks point at the first place the
//! shader's own text spells their struct (its declaration: `input IN_global;`, a parameter
//! `input FEEDBACK`), and a pass that does not compile carries the front end's diagnostics.

use pigment_diag::{Diagnostic, SourceFiles, Span};

/// The byte range of the first whole-word `word` in `text`.
fn first_word(text: &str, word: &str) -> Option<Span> {
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(k) = text[from..].find(word) {
        let start = from + k;
        let end = start + word.len();
        let before = text[..start].chars().next_back().is_some_and(is_name);
        let after = text[end..].chars().next().is_some_and(is_name);
        if !before && !after {
            return Some(Span::new(start, end));
        }
        from = end;
    }
    None
}

/// The error for pass `index` of preset `preset` (shader `shader`, text `source`) reading
/// `missing` (`uniform \`IN_global.video_size\``, ...), which `runtime` (`slang`) has no name for;
/// located at the first missing name's struct when the shader's text spells it, else unlocated;
/// `files` holds the shader's text for the caller to render it with.
pub(super) fn missing_names(
    preset: &str,
    index: usize,
    shader: &str,
    source: &str,
    runtime: &str,
    missing: &[String],
) -> (SourceFiles, Diagnostic) {
    let mut unique: Vec<&str> = Vec::new();
    for m in missing {
        if !unique.contains(&m.as_str()) {
            unique.push(m);
        }
    }
    let message = format!(
        "pass {index} (`{shader}`) of `{preset}` has no {runtime} equivalent for {}",
        unique.join(", ")
    );
    let root = unique
        .first()
        .and_then(|m| m.split('`').nth(1))
        .map(|name| name.split('.').next().unwrap_or(name));
    let mut files = SourceFiles::new();
    let file = files.add(shader, source);
    let error = Diagnostic::error(message);
    let error = match root.and_then(|r| first_word(source, r)) {
        Some(span) => error.at(file, span),
        None => error,
    };
    (files, error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_whole_word_is_found() {
        let text = "float IN_globalx;\ninput IN_global;\n";
        assert_eq!(first_word(text, "IN_global"), Some(Span::new(24, 33)));
        assert_eq!(first_word(text, "FEEDBACK"), None);
    }

    #[test]
    fn missing_names_point_at_their_struct_once_each() {
        let source = "struct input { float2 video_size; };\ninput IN_global;\n";
        let missing = [
            "uniform `IN_global.video_size`".to_string(),
            "uniform `IN_global.video_size`".to_string(),
        ];
        let (files, e) = missing_names("p.cgp", 1, "p.cg", source, "slang", &missing);
        assert_eq!(
            e.message,
            "pass 1 (`p.cg`) of `p.cgp` has no slang equivalent for uniform `IN_global.video_size`"
        );
        let rendered = pigment_diag::render(&files, &e);
        assert!(
            rendered.starts_with("p.cg:2:7: error: pass 1"),
            "{rendered}"
        );
    }
}
