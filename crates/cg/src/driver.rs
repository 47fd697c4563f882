//! The Cg front end in one call: a file is preprocessed, parsed and checked, and every diagnostic is
//! remapped from the expanded text into the files and lines the user wrote.

use crate::check::{self, CheckOptions, CheckedProgram};
use crate::preprocess::{self, FileSystemResolver, IncludeResolver, Preprocessed, SourceMap};
use crate::syntax::{
    self,
    ast::{Decl, TranslationUnit},
};
use pigment_diag::{Diagnostic, FileId, SourceFiles, Span};
use std::path::PathBuf;

/// Command-line settings of the front end (`-I`, `-D`, `-U`, `--entry`, `--profile`).
#[derive(Clone, Debug)]
pub struct Options {
    pub include_dirs: Vec<PathBuf>,
    pub defines: Vec<(String, Option<String>)>,
    pub undefines: Vec<String>,
    /// The entry function (cgc's `-entry`, default `main`).
    pub entry: String,
    /// The profile (cgc's `-profile`, default `fp30`).
    pub profile: String,
    /// The entry's stage when the profile does not say it (`None`: the profile's; see
    /// [`crate::check::profile_stage`]).
    pub stage: Option<pigment_ir::Stage>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            include_dirs: Vec::new(),
            defines: Vec::new(),
            undefines: Vec::new(),
            entry: "main".into(),
            profile: "fp30".into(),
            stage: None,
        }
    }
}

/// What the front end made of one main file.
pub struct FrontEnd {
    /// Every file read (the main file, includes, `<command line>`, and the expanded text).
    pub files: SourceFiles,
    pub main: FileId,
    /// The preprocessed text, registered as a file so that syntax spans can point into it (and
    /// held only there: [`FrontEnd::preprocessed_text`]).
    pub expanded: FileId,
    /// From the preprocessed text back to the user's files.
    pub map: SourceMap,
    pub unit: TranslationUnit,
    /// The checked program; `None` when the text had syntax errors (checking a tree with holes in it
    /// would only add confusing follow-on errors).
    pub checked: Option<CheckedProgram>,
    /// All diagnostics, pointing into the user's files.
    pub diagnostics: Vec<Diagnostic>,
    /// Each function definition's name and where it is named, in the preprocessed text
    /// ([`FrontEnd::definition_span`]); kept when [`FrontEnd::release_syntax`] frees the tree.
    definitions: Vec<(String, Span)>,
}

impl FrontEnd {
    pub fn has_errors(&self) -> bool {
        pigment_diag::has_errors(&self.diagnostics)
    }

    /// The preprocessed text the syntax tree's spans point into.
    pub fn preprocessed_text(&self) -> &str {
        self.files.text(self.expanded)
    }

    /// Where the definition of the function `name` names it, in the preprocessed text.
    pub fn definition_span(&self, name: &str) -> Option<Span> {
        self.definitions
            .iter()
            .find(|(n, _)| n == name)
            .map(|&(_, span)| span)
    }

    /// Frees the syntax tree and the checked program once the caller has lowered what it needs
    /// (a large shader's tree is megabytes, and a back end runs after): the files, the source
    /// map and the definitions' spans stay, for placing the back end's diagnostics.
    pub fn release_syntax(&mut self) {
        self.unit = TranslationUnit::default();
        self.checked = None;
    }
}

/// Preprocesses `text` (the contents of the file called `name`) with the include directories of
/// `options`.
pub fn preprocess_text(
    name: &str,
    text: String,
    options: &Options,
) -> (SourceFiles, FileId, Preprocessed) {
    let resolver = FileSystemResolver::new(options.include_dirs.clone());
    preprocess_with(name, text, options, &resolver)
}

/// [`preprocess_text`] with includes found by `resolver` instead of the file system
/// (`options.include_dirs` is then the resolver's business).
pub fn preprocess_with(
    name: &str,
    text: String,
    options: &Options,
    resolver: &dyn IncludeResolver,
) -> (SourceFiles, FileId, Preprocessed) {
    let mut files = SourceFiles::new();
    let main = files.add(name, text);
    let pp_options = preprocess::Options {
        defines: options.defines.clone(),
        undefines: options.undefines.clone(),
        timestamp: None,
    };
    let preprocessed = preprocess::preprocess(&mut files, main, &pp_options, resolver);
    (files, main, preprocessed)
}

/// Runs the front end on `text`, the contents of the file called `name`.
pub fn run(name: &str, text: String, options: &Options) -> FrontEnd {
    let resolver = FileSystemResolver::new(options.include_dirs.clone());
    run_with(name, text, options, &resolver)
}

/// [`run`] with includes found by `resolver` (files held in memory, say) instead of the file
/// system.
pub fn run_with(
    name: &str,
    text: String,
    options: &Options,
    resolver: &dyn IncludeResolver,
) -> FrontEnd {
    let (mut files, main, preprocessed) = preprocess_with(name, text, options, resolver);
    let Preprocessed {
        text,
        map,
        mut diagnostics,
        ..
    } = preprocessed;
    // Moved, not copied: the expanded text of a shader with large headers is a few hundred
    // kilobytes, alive for the whole compile.
    let expanded = files.add(format!("{name} (preprocessed)"), text);
    let (unit, syntax_diagnostics) = syntax::parse(files.text(expanded), expanded);
    let syntax_ok =
        !pigment_diag::has_errors(&syntax_diagnostics) && !pigment_diag::has_errors(&diagnostics);
    let mut found = syntax_diagnostics;
    let checked = syntax_ok.then(|| {
        let check_options = CheckOptions {
            entry: options.entry.clone(),
            profile: options.profile.clone(),
            stage: options.stage,
        };
        let (checked, check_diagnostics) = check::check(&unit, expanded, &check_options);
        found.extend(check_diagnostics);
        checked
    });
    diagnostics.extend(
        found
            .into_iter()
            .map(|d| map.remap_diagnostic(&files, expanded, d)),
    );
    let definitions = unit
        .decls
        .iter()
        .filter_map(|decl| match decl {
            Decl::Function(f) if f.body.is_some() => Some((f.name.name.clone(), f.name.span)),
            _ => None,
        })
        .collect();
    FrontEnd {
        files,
        main,
        expanded,
        map,
        unit,
        checked,
        diagnostics,
        definitions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax_errors_point_into_the_users_file_not_the_expanded_text() {
        let text =
            "#define COLOR_TYPE float4\nCOLOR_TYPE main() : COLOR {\n  return 1\n}\n".to_string();
        let fe = run("shader.cg", text, &Options::default());
        assert!(fe.has_errors());
        let d = &fe.diagnostics[0];
        let label = d.primary.as_ref().expect("located");
        assert_eq!(label.file, fe.main);
        assert_eq!(fe.files.line_col(label.file, label.span.start).line, 4);
    }

    #[test]
    fn type_errors_point_into_the_users_file() {
        let text = "float4 main(float2 uv : TEXCOORD0) : COLOR {\n  float3 c = uv;\n  return float4(c, 1);\n}\n";
        let fe = run("t.cg", text.into(), &Options::default());
        assert!(fe.has_errors(), "{:?}", fe.diagnostics);
        let label = fe.diagnostics[0].primary.as_ref().expect("located");
        assert_eq!(
            (
                label.file,
                fe.files.line_col(label.file, label.span.start).line
            ),
            (fe.main, 2)
        );
        let ok = run(
            "ok.cg",
            "float4 main(float2 uv : TEXCOORD0) : COLOR { return float4(uv, 0, 1); }".into(),
            &Options::default(),
        );
        assert!(!ok.has_errors(), "{:?}", ok.diagnostics);
        assert!(ok.checked.is_some());
    }

    #[test]
    fn a_missing_include_is_an_error() {
        let fe = run(
            "a.cg",
            "#include \"nowhere.cgh\"\n".into(),
            &Options::default(),
        );
        assert!(fe.has_errors());
        assert!(
            fe.diagnostics[0].message.contains("nowhere.cgh"),
            "{}",
            fe.diagnostics[0].message
        );
    }
}
