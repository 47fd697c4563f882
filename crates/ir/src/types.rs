//! Value types (a scalar kind and a width of 1-4), component selections and write masks.

use std::fmt;

/// The kind of every component of a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ScalarKind {
    /// IEEE binary32 without denormals (NV_fragment_program's fp32).
    Float,
    /// IEEE binary16 with denormals (fp16, s10e5).
    Half,
    /// NV_fragment_program's fx12: signed 12-bit two's complement, 10 fraction bits, [-2, 2047/1024].
    Fixed,
    /// true / false.
    Bool,
    /// 32-bit two's complement integer, wrapping arithmetic.
    Int,
}

impl ScalarKind {
    pub const ALL: [ScalarKind; 5] = [
        ScalarKind::Float,
        ScalarKind::Half,
        ScalarKind::Fixed,
        ScalarKind::Bool,
        ScalarKind::Int,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ScalarKind::Float => "float",
            ScalarKind::Half => "half",
            ScalarKind::Fixed => "fixed",
            ScalarKind::Bool => "bool",
            ScalarKind::Int => "int",
        }
    }

    pub fn from_name(name: &str) -> Option<ScalarKind> {
        ScalarKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// float, half or fixed: the kinds that hold real numbers (stored as f32 bit patterns).
    pub fn is_real(self) -> bool {
        matches!(
            self,
            ScalarKind::Float | ScalarKind::Half | ScalarKind::Fixed
        )
    }

    /// Every kind except bool.
    pub fn is_numeric(self) -> bool {
        self != ScalarKind::Bool
    }
}

/// A value type: `width` (1-4) components of one kind. `float` is width 1, `half3` width 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Type {
    pub kind: ScalarKind,
    pub width: u8,
}

impl Type {
    pub const FLOAT: Type = Type::new(ScalarKind::Float, 1);
    pub const FLOAT2: Type = Type::new(ScalarKind::Float, 2);
    pub const FLOAT3: Type = Type::new(ScalarKind::Float, 3);
    pub const FLOAT4: Type = Type::new(ScalarKind::Float, 4);
    pub const BOOL: Type = Type::new(ScalarKind::Bool, 1);
    pub const INT: Type = Type::new(ScalarKind::Int, 1);

    pub const fn new(kind: ScalarKind, width: u8) -> Type {
        Type { kind, width }
    }

    pub fn scalar(kind: ScalarKind) -> Type {
        Type::new(kind, 1)
    }

    /// The same kind with another width.
    pub fn with_width(self, width: u8) -> Type {
        Type::new(self.kind, width)
    }

    pub fn with_kind(self, kind: ScalarKind) -> Type {
        Type::new(kind, self.width)
    }

    /// Widths 1-4 are the only valid ones.
    pub fn is_valid(self) -> bool {
        (1..=4).contains(&self.width)
    }

    pub fn is_scalar(self) -> bool {
        self.width == 1
    }

    /// `float`, `half3`, ... Parses back with [`Type::from_name`].
    pub fn from_name(name: &str) -> Option<Type> {
        let split = name
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(name.len());
        let kind = ScalarKind::from_name(&name[..split])?;
        let width = match &name[split..] {
            "" => 1,
            "1" => 1,
            "2" => 2,
            "3" => 3,
            "4" => 4,
            _ => return None,
        };
        Some(Type::new(kind, width))
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.width == 1 {
            write!(f, "{}", self.kind.name())
        } else {
            write!(f, "{}{}", self.kind.name(), self.width)
        }
    }
}

pub const COMPONENT_LETTERS: [char; 4] = ['x', 'y', 'z', 'w'];

/// A selection of 1-4 source components, in order: result component `i` is source component
/// `components()[i]` (0..4 = x..w). Repeats are allowed (`xxyy`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Swizzle {
    len: u8,
    comps: [u8; 4],
}

impl Swizzle {
    /// `x`: the first component alone.
    pub const X: Swizzle = Swizzle {
        len: 1,
        comps: [0; 4],
    };

    /// A selection; `None` unless 1-4 components each in 0..4.
    pub fn new(components: &[u8]) -> Option<Swizzle> {
        if components.is_empty() || components.len() > 4 || components.iter().any(|&c| c > 3) {
            return None;
        }
        let mut comps = [0; 4];
        comps[..components.len()].copy_from_slice(components);
        Some(Swizzle {
            len: components.len() as u8,
            comps,
        })
    }

    /// `n` copies of component `c`.
    pub fn splat(c: u8, n: u8) -> Option<Swizzle> {
        Swizzle::new(&[c; 4][..n as usize])
    }

    /// x, xy, xyz or xyzw: the first `n` components in order.
    pub fn prefix(n: u8) -> Option<Swizzle> {
        Swizzle::new(&[0, 1, 2, 3][..n.min(4) as usize])
    }

    pub fn components(&self) -> &[u8] {
        &self.comps[..self.len as usize]
    }

    pub fn len(&self) -> u8 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The largest component index read, which must be below the source's width.
    pub fn max_component(&self) -> u8 {
        self.components().iter().copied().max().unwrap_or(0)
    }

    /// `xzy`, `w`, ... Parses back with [`Swizzle::from_letters`].
    pub fn letters(&self) -> String {
        self.components()
            .iter()
            .map(|&c| COMPONENT_LETTERS[c as usize])
            .collect()
    }

    pub fn from_letters(text: &str) -> Option<Swizzle> {
        let comps: Option<Vec<u8>> = text.chars().map(component_index).collect();
        Swizzle::new(&comps?)
    }
}

fn component_index(c: char) -> Option<u8> {
    COMPONENT_LETTERS
        .iter()
        .position(|&l| l == c)
        .map(|i| i as u8)
}

/// A set of output components to write: bit `i` enables component `i` (x = bit 0). A store writes its
/// value's components, in order, to the enabled components in xyzw order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WriteMask(pub u8);

impl WriteMask {
    /// The first `width` components.
    pub fn all(width: u8) -> WriteMask {
        WriteMask(((1u16 << width.min(4)) - 1) as u8)
    }

    pub fn enabled(self, component: usize) -> bool {
        component < 4 && self.0 & (1 << component) != 0
    }

    pub fn count(self) -> u8 {
        (self.0 & 0xF).count_ones() as u8
    }

    /// The enabled components in xyzw order.
    pub fn components(self) -> impl Iterator<Item = usize> {
        (0..4).filter(move |&c| self.enabled(c))
    }

    pub fn letters(self) -> String {
        self.components().map(|c| COMPONENT_LETTERS[c]).collect()
    }

    /// `xz`, `xyzw`: letters in strictly increasing xyzw order, at least one.
    pub fn from_letters(text: &str) -> Option<WriteMask> {
        let mut mask = 0u8;
        let mut last = -1i32;
        for c in text.chars() {
            let i = component_index(c)? as i32;
            if i <= last {
                return None;
            }
            last = i;
            mask |= 1 << i;
        }
        (mask != 0).then_some(WriteMask(mask))
    }
}
