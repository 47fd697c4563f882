//! `pigment check FILE...`: does the program load (NV_fragment_program) or check (Cg, ISL,
//! Parasol)? With `--reflect json` (a `.fp` file), also print the interface its header comments
//! describe.

use crate::cli::{CheckArgs, Lang, ReflectFormat};
use crate::failure::{from_library, CommandResult, Failure};
use crate::load::{language_of, print_entries};
use pigment::{CompileRequest, Language, Session, Target};

pub fn check(args: &CheckArgs) -> CommandResult {
    let language = match Language::from_path(&args.program) {
        Some(language @ (Language::Isl | Language::Parasol)) => language,
        _ => match language_of(&args.program, args.cg.lang)? {
            Lang::Fp => Language::NvProgram,
            Lang::Cg => Language::Cg,
        },
    };
    if language == Language::Isl {
        if let Some(other) = args
            .units
            .iter()
            .find(|u| Language::from_path(u) != Some(Language::Isl))
        {
            return Err(Failure::Usage(format!(
                "`{}` is not an ISL file: `pigment check` takes `.isl` files together",
                other.display()
            )));
        }
    }
    if args.reflect.is_some() && language != Language::NvProgram {
        return Err(Failure::Usage(
            "--reflect reads a compiled program's header: give it a `.fp` file".into(),
        ));
    }
    let mut session = Session::with_disk_access();
    for dir in &args.cg.include_dirs {
        session.add_search_path(dir);
    }
    let source = session.add_file(&args.program).map_err(from_library)?;
    let mut units = Vec::new();
    for unit in &args.units {
        units.push(session.add_file(unit).map_err(from_library)?);
    }
    let mut request = CompileRequest::new(source, Target::Fp30)
        .language(language)
        .entry(args.cg.entry.clone())
        .units(units);
    request.cg = crate::commands::compile::cg_options(&args.cg);
    if args.reflect == Some(ReflectFormat::Json) {
        let artifact = session.compile(&request).map_err(from_library)?;
        print_entries(&artifact.warnings);
        let json = artifact.reflection().map(|r| r.json().clone());
        println!(
            "{}",
            serde_json::to_string_pretty(&json.unwrap_or_default()).unwrap_or_default()
        );
        return Ok(());
    }
    let warnings = session.check(&request).map_err(from_library)?;
    print_entries(&warnings);
    Ok(())
}
