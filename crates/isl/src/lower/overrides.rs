//! Uniform overrides: the values a renderer gives the surface's `uniform` formals and the file's
//! `uniform` globals in place of their initialisers (`pigment render --uniform NAME=VALUE`). A
//! uniform is known at lowering time, so a new value means lowering again; it is parsed by the
//! declared type: a float one number, a colour three numbers (alpha 1) or four, a matrix sixteen
//! row by row, a string its text as it is. Only the surface's own uniforms can be set (a light's
//! are its instance's business), and a name that sets nothing is an error, as a typo would be.

use super::value::{Val, S};
use super::Lowerer;
use crate::ast::*;
use pigment_diag::Diagnostic;

/// The overrides of one lowering and which of them were used.
#[derive(Default)]
pub(crate) struct Overrides {
    values: Vec<(String, String)>,
    used: Vec<bool>,
}

impl Overrides {
    pub(crate) fn new(values: &[(String, String)]) -> Overrides {
        Overrides {
            values: values.to_vec(),
            used: vec![false; values.len()],
        }
    }

    /// An error for every override that named no uniform of the surface.
    pub(crate) fn unused(&self) -> Vec<Diagnostic> {
        self.values
            .iter()
            .zip(&self.used)
            .filter(|(_, used)| !**used)
            .map(|((name, _), _)| {
                Diagnostic::error(format!(
                    "`--uniform {name}=...`: the surface shader and its file have no uniform \
                     `{name}` to set"
                ))
            })
            .collect()
    }
}

impl Lowerer<'_> {
    /// Declares a shader formal or file global that the renderer may set: its overriding value
    /// if it has one, else as [`Lowerer::decl`] does.
    pub(crate) fn settable_decl(&mut self, d: &VarDecl) {
        match self.overridden(d) {
            Some(Some(val)) => {
                if let Some(top) = self.scopes.last_mut() {
                    top.insert(d.name.text.clone(), val);
                }
            }
            Some(None) => {}
            None => self.decl(d),
        }
    }

    /// The overriding value of a uniform declaration, when the surface's overrides name it;
    /// `Some(Err)` after reporting a value that does not fit its type.
    fn overridden(&mut self, d: &VarDecl) -> Option<Option<Val>> {
        if d.ty.class != Class::Uniform || d.size.is_some() || !self.prefix.is_empty() {
            return None;
        }
        let at = self
            .overrides
            .values
            .iter()
            .position(|(name, _)| *name == d.name.text)?;
        self.overrides.used[at] = true;
        let text = self.overrides.values[at].1.clone();
        match parse_value(d.ty.base, &text) {
            Ok(val) => Some(Some(val)),
            Err(why) => {
                let msg = format!("`--uniform {}={text}`: {why}", d.name.text);
                self.diags.push(Diagnostic::error(msg));
                Some(None)
            }
        }
    }
}

/// `text` as a value of type `base`.
fn parse_value(base: Base, text: &str) -> Result<Val, String> {
    if base == Base::String {
        return Ok(Val::Str(text.to_string()));
    }
    let numbers: Vec<f32> = text
        .split(',')
        .map(|n| n.trim().parse::<f32>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("`{text}` is not a list of numbers separated by commas"))?;
    let numbers = match (base, numbers.len()) {
        (Base::Float, 1) | (Base::Color, 4) | (Base::Matrix, 16) => numbers,
        (Base::Color, 3) => [numbers.as_slice(), &[1.0]].concat(),
        (Base::Float, _) => return Err("a float takes one number".into()),
        (Base::Color, _) => return Err("a colour takes 3 or 4 numbers".into()),
        _ => return Err("a matrix takes 16 numbers, row by row".into()),
    };
    Ok(Val::Num(numbers.into_iter().map(S::K).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_parse_by_type() {
        let known = |v: Val| v.known().unwrap();
        assert_eq!(known(parse_value(Base::Float, "2.5").unwrap()), [2.5]);
        assert_eq!(
            known(parse_value(Base::Color, "0.1, 0.2,0.3").unwrap()),
            [0.1, 0.2, 0.3, 1.0]
        );
        assert!(parse_value(Base::Color, "1,2").is_err());
        assert!(parse_value(Base::Float, "x").is_err());
        assert!(matches!(parse_value(Base::String, "a=b"), Ok(Val::Str(s)) if s == "a=b"));
    }
}
