//! `pigment check FILE...`: does the program load (NV_fragment_program) or check (Cg, ISL,
//! Parasol)? With `--reflect json` (a `.fp` file), also print the interface its header comments
//! describe.

use crate::cli::{CheckArgs, Lang, ReflectFormat};
use crate::failure::print_entries;
use crate::failure::{from_library, CommandResult, Failure};
use crate::load::{language_of, session_request};
use pigment::{Language, Target};

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
    let (session, request) =
        session_request(&args.program, &args.units, &args.cg, language, Target::Fp30)?;
    if let Some(format) = args.reflect {
        let artifact = session.compile(&request).map_err(from_library)?;
        print_entries(&artifact.warnings);
        let json = artifact.reflection().map(|r| match format {
            ReflectFormat::Json => r.to_json(),
            ReflectFormat::JsonV1 => r.json_v1().clone(),
        });
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
