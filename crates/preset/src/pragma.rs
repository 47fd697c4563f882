//! `#pragma parameter NAME "Description" DEFAULT MIN MAX [STEP]` lines of a pass's Cg source: the
//! user-tunable uniforms of libretro's shaders, with their defaults.

/// One declared parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Parameter {
    pub name: String,
    pub description: String,
    pub default: f32,
    pub min: f32,
    pub max: f32,
}

/// The parameters `source` declares, in order; malformed pragmas are skipped, as RetroArch does.
pub fn parameters(source: &str) -> Vec<Parameter> {
    source.lines().filter_map(parameter).collect()
}

fn parameter(line: &str) -> Option<Parameter> {
    let rest = line.trim_start().strip_prefix("#pragma")?.trim_start();
    let rest = rest.strip_prefix("parameter")?.trim_start();
    let (name, rest) = rest.split_once(char::is_whitespace)?;
    let rest = rest.trim_start().strip_prefix('"')?;
    let (description, numbers) = rest.split_once('"')?;
    let numbers: Vec<f32> = numbers
        .split_whitespace()
        .map_while(|n| n.parse().ok())
        .collect();
    let [default, min, max, ..] = numbers[..] else {
        return None;
    };
    Some(Parameter {
        name: name.to_string(),
        description: description.to_string(),
        default,
        min,
        max,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_pragma_and_skips_other_lines() {
        let src = "#pragma parameter CRTgamma \"CRTGeom Target Gamma\" 2.4 0.1 5.0 0.1\n\
                   #pragma parameter bad \"no numbers\"\n#pragma once\nfloat x;\n";
        assert_eq!(
            parameters(src),
            vec![Parameter {
                name: "CRTgamma".into(),
                description: "CRTGeom Target Gamma".into(),
                default: 2.4,
                min: 0.1,
                max: 5.0
            }]
        );
    }
}
