//! Parasol types (by-name equivalence) and the built-in types' constructors (spec, "Types").

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ty {
    Bool,
    Int,
    Float,
    /// `vector_N{f,i}`: the size and whether the components are float.
    Vector(u8, bool),
    /// `matrix_NxNf`.
    Matrix(u8),
    Sampler2D,
    SamplerCube,
    /// A record: the defining module's key and the type's name.
    Record(String, String),
    Function(Vec<Ty>, Box<Ty>),
}

impl Ty {
    pub fn builtin(name: &str) -> Option<Ty> {
        Some(match name {
            "boolean" => Ty::Bool,
            "integer" => Ty::Int,
            "float" => Ty::Float,
            "vector_2f" => Ty::Vector(2, true),
            "vector_3f" => Ty::Vector(3, true),
            "vector_4f" => Ty::Vector(4, true),
            "vector_2i" => Ty::Vector(2, false),
            "vector_3i" => Ty::Vector(3, false),
            "vector_4i" => Ty::Vector(4, false),
            "matrix_3x3f" => Ty::Matrix(3),
            "matrix_4x4f" => Ty::Matrix(4),
            "sampler_2d" => Ty::Sampler2D,
            "sampler_cube" => Ty::SamplerCube,
            _ => return None,
        })
    }

    fn is_scalar(&self) -> bool {
        matches!(self, Ty::Bool | Ty::Int | Ty::Float)
    }

    /// Types a record field may have (the spec's "manifest" types: no samplers, no functions).
    pub fn is_manifest(&self) -> bool {
        !matches!(self, Ty::Sampler2D | Ty::SamplerCube | Ty::Function(..))
    }

    /// Types a shader input or output may have: scalars, vectors and matrices.
    pub fn is_attribute(&self) -> bool {
        matches!(
            self,
            Ty::Bool | Ty::Int | Ty::Float | Ty::Vector(..) | Ty::Matrix(_)
        )
    }

    /// Component count and float-ness, for vector construction (scalars count one).
    fn components(&self) -> Option<(u8, bool)> {
        match self {
            Ty::Int => Some((1, false)),
            Ty::Float => Some((1, true)),
            Ty::Vector(n, f) => Some((*n, *f)),
            _ => None,
        }
    }

    /// Whether `new self (args)` has a constructor: `None` when the type has none at all.
    pub fn constructs_from(&self, args: &[Ty]) -> Option<bool> {
        match self {
            Ty::Bool | Ty::Int | Ty::Float => Some(args.len() == 1 && args[0].is_scalar()),
            Ty::Vector(n, f) => {
                let mut total = 0;
                for a in args {
                    match a.components() {
                        Some((k, af)) if af == *f => total += k,
                        _ => return Some(false),
                    }
                }
                Some(total == *n)
            }
            Ty::Matrix(n) => {
                Some(args.len() == *n as usize && args.iter().all(|a| *a == Ty::Vector(*n, true)))
            }
            _ => None,
        }
    }
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Bool => write!(f, "boolean"),
            Ty::Int => write!(f, "integer"),
            Ty::Float => write!(f, "float"),
            Ty::Vector(n, fl) => write!(f, "vector_{n}{}", if *fl { 'f' } else { 'i' }),
            Ty::Matrix(n) => write!(f, "matrix_{n}x{n}f"),
            Ty::Sampler2D => write!(f, "sampler_2d"),
            Ty::SamplerCube => write!(f, "sampler_cube"),
            Ty::Record(m, n) => write!(f, "{m}.{n}"),
            Ty::Function(args, ret) => {
                let args: Vec<String> = args.iter().map(Ty::to_string).collect();
                write!(f, "({}) -> {ret}", args.join(", "))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spec_constructor_tables() {
        let v = |n, f| Ty::Vector(n, f);
        // vector_4f (vector_2f, float, float), (float, vector_3f), (vector_4f): spec's auxiliary list.
        assert_eq!(
            v(4, true).constructs_from(&[v(2, true), Ty::Float, Ty::Float]),
            Some(true)
        );
        assert_eq!(
            v(4, true).constructs_from(&[Ty::Float, v(3, true)]),
            Some(true)
        );
        assert_eq!(v(4, true).constructs_from(&[v(4, true)]), Some(true));
        // Mixed element types and wrong counts have no constructor.
        assert_eq!(
            v(3, true).constructs_from(&[Ty::Int, v(2, true)]),
            Some(false)
        );
        assert_eq!(v(3, true).constructs_from(&[v(4, true)]), Some(false));
        assert_eq!(Ty::Int.constructs_from(&[Ty::Bool]), Some(true));
        assert_eq!(
            Ty::Matrix(3).constructs_from(&[v(3, true), v(3, true), v(3, true)]),
            Some(true)
        );
        assert_eq!(Ty::Sampler2D.constructs_from(&[Ty::Int]), None);
    }
}
