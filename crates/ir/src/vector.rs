//! [`Vector`]: a typed value of 1-4 components as raw 32-bit patterns. Constants in the IR and the
//! interpreter's run-time values are both `Vector`s, so constant folding is the interpreter's own code.
//!
//! Component encoding: float, half and fixed components hold the f32 bit pattern of their value (every
//! fp16 and fx12 value is exactly an f32); int holds the i32 bits; bool holds 0 or 1. Components at and
//! beyond the width are 0.

use crate::numeric;
use crate::types::{ScalarKind, Type};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Vector {
    pub ty: Type,
    pub bits: [u32; 4],
}

impl Vector {
    /// A vector of the given type from raw component patterns (unused ones are cleared).
    pub fn from_bits(ty: Type, bits: &[u32]) -> Vector {
        let mut out = [0; 4];
        for (i, b) in bits.iter().take(ty.width as usize).enumerate() {
            out[i] = *b;
        }
        Vector { ty, bits: out }
    }

    pub fn zero(ty: Type) -> Vector {
        Vector { ty, bits: [0; 4] }
    }

    /// A real-kind vector from f32 values, each converted to `kind` (see [`numeric::to_kind`]).
    pub fn reals(kind: ScalarKind, values: &[f32]) -> Vector {
        let bits: Vec<u32> = values
            .iter()
            .map(|&v| numeric::to_kind(kind, v).to_bits())
            .collect();
        Vector::from_bits(Type::new(kind, values.len() as u8), &bits)
    }

    /// A float vector holding exactly these f32 patterns (no conversion: for packed words too).
    pub fn floats(values: &[f32]) -> Vector {
        let bits: Vec<u32> = values.iter().map(|v| v.to_bits()).collect();
        Vector::from_bits(Type::new(ScalarKind::Float, values.len() as u8), &bits)
    }

    pub fn ints(values: &[i32]) -> Vector {
        let bits: Vec<u32> = values.iter().map(|&v| v as u32).collect();
        Vector::from_bits(Type::new(ScalarKind::Int, values.len() as u8), &bits)
    }

    pub fn bools(values: &[bool]) -> Vector {
        let bits: Vec<u32> = values.iter().map(|&v| v as u32).collect();
        Vector::from_bits(Type::new(ScalarKind::Bool, values.len() as u8), &bits)
    }

    pub fn width(&self) -> usize {
        self.ty.width as usize
    }

    /// Component `i` as a real number (float, half, fixed kinds).
    pub fn f32(&self, i: usize) -> f32 {
        f32::from_bits(self.bits[i])
    }

    pub fn i32(&self, i: usize) -> i32 {
        self.bits[i] as i32
    }

    pub fn bool(&self, i: usize) -> bool {
        self.bits[i] != 0
    }

    /// The components as f32 values (width entries).
    pub fn to_f32s(&self) -> Vec<f32> {
        (0..self.width()).map(|i| self.f32(i)).collect()
    }

    /// True when every component is a value of its kind: half components are fp16 values, fixed ones
    /// fx12 values, bools 0/1, and unused components 0. Float components may be any pattern (packed
    /// words are float bit patterns).
    pub fn is_canonical(&self) -> bool {
        let used = self.width();
        self.bits[used..].iter().all(|&b| b == 0)
            && (0..used).all(|i| match self.ty.kind {
                ScalarKind::Float | ScalarKind::Int => true,
                ScalarKind::Bool => self.bits[i] <= 1,
                ScalarKind::Half | ScalarKind::Fixed => {
                    let v = self.f32(i);
                    numeric::to_kind(self.ty.kind, v).to_bits() == self.bits[i]
                }
            })
    }
}
