//! Rules that order values: MIN and MAX (3.11.5.16-17), the `_SAT` clamp (3.11.4.4) and the
//! comparisons of the SEQ/SNE/SGE/SGT/SLE/SLT family (notes item 6).

/// MIN (3.11.5.17): NaN if either operand is NaN; −0.0 counts as below +0.0, so that min(A,B) =
/// min(B,A) holds bit for bit (rule 1).
#[inline(always)]
pub fn min(x: f32, y: f32) -> f32 {
    if x.is_nan() || y.is_nan() {
        f32::NAN
    } else if x < y || (x == y && x.is_sign_negative()) {
        x
    } else {
        y
    }
}

/// MAX (3.11.5.16): NaN if either operand is NaN; +0.0 counts as above −0.0 (rule 1).
#[inline(always)]
pub fn max(x: f32, y: f32) -> f32 {
    if x.is_nan() || y.is_nan() {
        f32::NAN
    } else if x > y || (x == y && x.is_sign_positive()) {
        x
    } else {
        y
    }
}

/// The `_SAT` clamp to [0, 1] of UpdateDestination (3.11.4.4): `if (x < 0) x = 0; else if (x > 1)
/// x = 1;`. NaN passes through both comparisons unchanged; −0.0 is not below 0 and stays −0.0.
#[inline(always)]
pub fn saturate(x: f32) -> f32 {
    // f32::clamp is exactly those two comparisons (NaN and −0.0 included).
    x.clamp(0.0, 1.0)
}

/// A comparison of the set-on instructions (SEQ, SNE, SLT, SLE, SGT, SGE). IEEE (notes item 6): −0.0
/// equals +0.0, and every comparison with NaN is false except "not equal", which is true.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Comparison {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Comparison {
    /// Whether `x <op> y` holds.
    #[inline(always)]
    pub fn holds(self, x: f32, y: f32) -> bool {
        // Rust's float operators are IEEE's comparisons (`!=` is the unordered-or-unequal one).
        match self {
            Comparison::Eq => x == y,
            Comparison::Ne => x != y,
            Comparison::Lt => x < y,
            Comparison::Le => x <= y,
            Comparison::Gt => x > y,
            Comparison::Ge => x >= y,
        }
    }

    /// The set-on result: 1.0 where the comparison holds, else 0.0.
    #[inline(always)]
    pub fn set(self, x: f32, y: f32) -> f32 {
        if self.holds(x, y) {
            1.0
        } else {
            0.0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn min_and_max_order_signed_zeros_and_commute() {
        for (a, b) in [(0.0f32, -0.0f32), (-0.0, 0.0)] {
            assert_eq!(min(a, b).to_bits(), 0x8000_0000);
            assert_eq!(max(a, b).to_bits(), 0);
        }
        assert_eq!(min(1.0, -2.0), -2.0);
        assert_eq!(max(1.0, -2.0), 1.0);
        assert!(min(f32::NAN, 1.0).is_nan() && min(1.0, f32::NAN).is_nan());
        assert!(max(f32::NAN, 1.0).is_nan() && max(1.0, f32::NAN).is_nan());
    }

    #[test]
    fn saturate_clamps_and_lets_nan_through() {
        assert_eq!(saturate(-0.5), 0.0);
        assert_eq!(saturate(0.25), 0.25);
        assert_eq!(saturate(7.0), 1.0);
        assert_eq!(saturate(-0.0).to_bits(), 0x8000_0000);
        assert!(saturate(f32::NAN).is_nan());
    }

    #[test]
    fn comparisons_are_ieee() {
        use Comparison::*;
        let all = [Eq, Ne, Lt, Le, Gt, Ge];
        let holds = |x, y| all.map(|c| c.holds(x, y));
        assert_eq!(holds(-0.0, 0.0), [true, false, false, true, false, true]);
        assert_eq!(holds(1.0, 2.0), [false, true, true, true, false, false]);
        assert_eq!(
            holds(f32::NAN, f32::NAN),
            [false, true, false, false, false, false]
        );
        assert_eq!(Gt.set(2.0, 1.0), 1.0);
        assert_eq!(Gt.set(1.0, 2.0), 0.0);
    }
}
