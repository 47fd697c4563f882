//! The number formats in compiled code: the conversions of `pigment_numeric::format` (fp32 flush and
//! canonical NaN, fp16 rounding with denormals, fx12) and the comparisons-based rules of
//! `pigment_numeric::order` (MIN, MAX, `_SAT`), written with the same branch-free steps on four lanes
//! so that every bit agrees.

use super::Gen;
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{types, InstBuilder, Value};
use nvfp::isa::Precision;

const SIGN: i64 = 0x8000_0000;
const EXPONENT: i64 = 0x7F80_0000;
const CANONICAL_NAN: f32 = f32::from_bits(0x7FC0_0000);

impl Gen<'_, '_> {
    /// `x` in every lane, as a constant-pool vector (which x86 folds into the instruction using it,
    /// instead of keeping a register for it).
    pub fn fsplat(&mut self, x: f32) -> Value {
        self.vconst(types::F32X4, x.to_bits())
    }

    pub fn isplat(&mut self, x: i64) -> Value {
        self.vconst(types::I32X4, x as u32)
    }

    fn vconst(&mut self, ty: types::Type, lane: u32) -> Value {
        let bytes: Vec<u8> = (0..4).flat_map(|_| lane.to_le_bytes()).collect();
        let c = self.b.func.dfg.constants.insert(bytes.into());
        self.b.ins().vconst(ty, c)
    }

    /// The bits of f32 lanes as i32 lanes, and back.
    pub fn bits(&mut self, v: Value) -> Value {
        self.b.ins().bitcast(types::I32X4, self.little, v)
    }

    pub fn float(&mut self, v: Value) -> Value {
        self.b.ins().bitcast(types::F32X4, self.little, v)
    }

    /// A float comparison as an all-ones / all-zeros i32 mask.
    pub fn fmask(&mut self, cc: FloatCC, x: Value, y: Value) -> Value {
        // On f32x4, fcmp already gives i32x4 lanes of all ones or zeros.
        self.b.ins().fcmp(cc, x, y)
    }

    /// `mask ? x : y` per lane, for f32 lanes and an i32 mask.
    pub fn pick(&mut self, mask: Value, x: Value, y: Value) -> Value {
        let (x, y) = (self.bits(x), self.bits(y));
        let r = self.b.ins().bitselect(mask, x, y);
        self.float(r)
    }

    /// `flush_fp32`: clear the magnitude where the exponent is 0.
    pub fn flush(&mut self, v: Value) -> Value {
        let bits = self.bits(v);
        let exponent = self.isplat(EXPONENT);
        let e = self.b.ins().band(bits, exponent);
        let zero = self.isplat(0);
        let denormal = self.b.ins().icmp(IntCC::Equal, e, zero);
        let magnitude = self.isplat(!SIGN & 0xFFFF_FFFF);
        let clear = self.b.ins().band(denormal, magnitude);
        let r = self.b.ins().band_not(bits, clear);
        self.float(r)
    }

    /// NaN lanes of `x` become `replacement` in `v`.
    fn nan_to(&mut self, x: Value, v: Value, replacement: f32) -> Value {
        let nan = self.fmask(FloatCC::Unordered, x, x);
        let r = self.fsplat(replacement);
        self.pick(nan, r, v)
    }

    /// The value fully converted to fp32 when it may not be (see `Gen::dirty`): its NaN lanes
    /// canonical, and with lazy flushing its denormal lanes flushed.
    pub fn clean(&mut self, v: Value) -> Value {
        if !self.dirty.contains(&v) {
            return v;
        }
        let flushed = if self.may_be_denormal(v) {
            self.flush_daz(v)
        } else {
            v
        };
        self.nan_to(flushed, flushed, CANONICAL_NAN)
    }

    /// Whether `v` may hold an fp32 denormal still to be flushed (with lazy flushing only).
    pub fn may_be_denormal(&self, v: Value) -> bool {
        self.lazy_flush && self.dirty.contains(&v) && !self.normal.contains(&v)
    }

    /// The value with its denormal lanes flushed, for the steps that would see a denormal's bits
    /// (FLR and FRC's rounding: ROUNDPS is not documented to honour DAZ).
    pub fn flushed(&mut self, v: Value) -> Value {
        if self.may_be_denormal(v) {
            self.flush_daz(v)
        } else {
            v
        }
    }

    /// The flush made concrete by one addition, with the CPU reading denormal operands as zero
    /// (`lazy_flush` only): ADDPS honours MXCSR.DAZ, so a denormal lane reads as the zero of its
    /// sign and ±0 + −0 keeps that sign; a normal lane is unchanged, a NaN stays a NaN (quietened:
    /// its pattern still needs [`Gen::clean`]). Cranelift does not fold `x + −0` away.
    pub fn flush_daz(&mut self, v: Value) -> Value {
        debug_assert!(self.lazy_flush, "only under DAZ");
        let negative_zero = self.fsplat(-0.0);
        self.b.ins().fadd(v, negative_zero)
    }

    /// `x < y ? x : y` per lane (y when unordered or equal): MINPS on x86, which honours DAZ as
    /// CMPPS does (both signal the denormal-operand exception).
    pub fn lesser(&mut self, x: Value, y: Value) -> Value {
        let below = self.fmask(FloatCC::LessThan, x, y);
        self.select(below, x, y)
    }

    /// `y < x ? x : y` per lane (y when unordered or equal): MAXPS on x86.
    pub fn greater(&mut self, x: Value, y: Value) -> Value {
        let above = self.fmask(FloatCC::LessThan, y, x);
        self.select(above, x, y)
    }

    /// `mask ? x : y` as the f32x4 bitselect of a comparison that Cranelift's x86 back end turns
    /// into MINPS / MAXPS (the operand order of [`Gen::lesser`] and [`Gen::greater`]).
    fn select(&mut self, mask: Value, x: Value, y: Value) -> Value {
        let mask = self.float(mask);
        self.b.ins().bitselect(mask, x, y)
    }

    /// Marks `result` as dirty when any of `sources` is (for operations that can pass a NaN through).
    /// A result that holds a source's bits or a value between them keeps their lack of denormals.
    pub fn taint(&mut self, result: Value, sources: &[Value]) -> Value {
        if sources.iter().any(|s| self.dirty.contains(s)) {
            self.dirty.insert(result);
            if !sources.iter().any(|&s| self.may_be_denormal(s)) {
                self.normal.insert(result);
            }
        }
        result
    }

    /// `to_fp16`.
    pub fn fp16(&mut self, v: Value) -> Value {
        let bits = self.bits(v);
        let not_sign = self.isplat(!SIGN & 0xFFFF_FFFF);
        let magnitude = self.b.ins().band(bits, not_sign);
        let odd = self.b.ins().ushr_imm_u(magnitude, 13);
        let one = self.isplat(1);
        let odd = self.b.ins().band(odd, one);
        let half = self.isplat(0x0FFF);
        let n = self.b.ins().iadd(magnitude, half);
        let n = self.b.ins().iadd(n, odd);
        let keep = self.isplat(!0x1FFF_i64 & 0xFFFF_FFFF);
        let normal = self.b.ins().band(n, keep);
        let overflow = self.isplat(0x4780_0000);
        let over = self
            .b
            .ins()
            .icmp(IntCC::UnsignedGreaterThanOrEqual, normal, overflow);
        let inf = self.isplat(EXPONENT);
        let normal = self.b.ins().bitselect(over, inf, normal);
        let m = self.float(magnitude);
        let h = self.fsplat(0.5);
        let d = self.b.ins().fadd(m, h);
        let d = self.b.ins().fsub(d, h);
        let denormal = self.bits(d);
        let min_normal = self.isplat(0x3880_0000);
        let small = self
            .b
            .ins()
            .icmp(IntCC::UnsignedLessThan, magnitude, min_normal);
        let rounded = self.b.ins().bitselect(small, denormal, normal);
        let sign = self.isplat(SIGN);
        let s = self.b.ins().band(bits, sign);
        let r = self.b.ins().bor(rounded, s);
        let r = self.float(r);
        self.nan_to(v, r, CANONICAL_NAN)
    }

    /// `to_fx12`.
    pub fn fx12(&mut self, v: Value) -> Value {
        let scale = self.fsplat(1024.0);
        let scaled = self.b.ins().fmul(v, scale);
        let clamped = self.clamp(scaled, -2048.0, 2047.0);
        let rounder = self.fsplat(12_582_912.0);
        let r = self.b.ins().fadd(clamped, rounder);
        let r = self.b.ins().fsub(r, rounder);
        // Division by 1024 is exact here (integers below 2^12 over a power of two): a multiply.
        let inverse = self.fsplat(1.0 / 1024.0);
        let r = self.b.ins().fmul(r, inverse);
        self.nan_to(v, r, 0.0)
    }

    /// `f32::clamp`: `if x < lo { lo }`, then `if x > hi { hi }`; NaN and -0.0 pass.
    pub fn clamp(&mut self, v: Value, lo: f32, hi: f32) -> Value {
        let l = self.fsplat(lo);
        let v = self.greater(l, v);
        let h = self.fsplat(hi);
        self.lesser(h, v)
    }

    /// `Rounding::inner` of the precision (at fp32 the flush, lazily where the CPU reads denormal
    /// operands as zero: see [`Gen::last`]).
    pub fn inner(&mut self, p: Precision, v: Value) -> Value {
        match p {
            Precision::R if self.lazy_flush => {
                self.dirty.insert(v);
                v
            }
            Precision::R => self.flush(v),
            Precision::H => self.fp16(v),
            Precision::X => self.fx12(v),
        }
    }

    /// `Rounding::last` (the full conversion) of the precision. At fp32 the result is marked as
    /// possibly a non-canonical NaN ([`Gen::clean`] finishes the conversion where the bits of a NaN
    /// can show). With `lazy_flush` (x86_64, where compiled code runs with MXCSR.DAZ set so that
    /// every SSE arithmetic step, comparison and conversion reads a denormal operand as the zero of
    /// its sign, which is what the flush makes of it) the flush waits too: a denormal's bits show
    /// only where the NaN's do, plus the bit-level steps that handle them ([`Gen::flushed`]).
    pub fn last(&mut self, p: Precision, v: Value) -> Value {
        match p {
            Precision::R => {
                let flushed = if self.lazy_flush { v } else { self.flush(v) };
                self.dirty.insert(flushed);
                flushed
            }
            Precision::H => self.fp16(v),
            Precision::X => self.fx12(v),
        }
    }

    /// `pigment_numeric::min` (`max` when `max`): NaN if either is NaN; -0.0 below +0.0. From both
    /// orders of MINPS (MAXPS): where x and y are ordered and differ both give the lesser (greater);
    /// where they compare equal they give x and y, whose bits are equal or are two zeros (two
    /// denormals read as zero, under DAZ), and OR (AND) makes the sign of MIN (MAX) of them. Where
    /// one is NaN, MINPS gives each operand once and the OR is a NaN; the AND may not be, so MAX
    /// ORs in the unordered mask. The NaN's pattern, and with lazy flushing a denormal's bits
    /// (a flush gives the zero MIN/MAX of the flushed operands gives), are left to [`Gen::clean`].
    pub fn min_max(&mut self, x: Value, y: Value, max: bool) -> Value {
        let r = if max {
            let (xy, yx) = (self.greater(x, y), self.greater(y, x));
            let (xy, yx) = (self.bits(xy), self.bits(yx));
            let both = self.b.ins().band(xy, yx);
            let nan = self.fmask(FloatCC::Unordered, x, y);
            self.b.ins().bor(both, nan)
        } else {
            let (xy, yx) = (self.lesser(x, y), self.lesser(y, x));
            let (xy, yx) = (self.bits(xy), self.bits(yx));
            self.b.ins().bor(xy, yx)
        };
        let r = self.float(r);
        // Dirty for the NaN's pattern; a denormal only if an operand may hold one.
        self.dirty.insert(r);
        if !self.may_be_denormal(x) && !self.may_be_denormal(y) {
            self.normal.insert(r);
        }
        r
    }
}
