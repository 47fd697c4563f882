//! Calls: the `color`/`matrix` constructors, user functions (inlined: a function sees the globals
//! and its formals; a varying function starts from the caller's FB and gives its `return` value or
//! its final FB), and the maths built-ins of section VIII. Uniform arguments are evaluated now (the
//! notes' `sign`, `mod`, `step`, `smoothstep` and `round` readings); parameter ones become IR ops.
//! Rows are row vectors: `translate(x; y; z)` has x, y, z in its last row, `rotate` is the
//! transpose of OpenGL's rotation about the normalised axis.
//! `perspective(d)` (the damaged text gives no planes) is RenderMan's `RiPerspective` in ISL's
//! row-vector form, the reading of an SGI language modelled on it: rows (f, 0, 0, 0), (0, f, 0, 0),
//! (0, 0, 1, 1), (0, 0, −1, 0) with f = 1/tan(d/2), so (x, y, z, 1) goes to (f·x, f·y, z − 1, z),
//! the eye at the origin looking down +z, the field of view d degrees across. Parameter `asin`,
//! `acos` and `atan` are the Cg library's polynomials (`pigment_ir::libm`), a parameter `inverse`
//! the Laplace expansion. `spline` is [`super::spline`]'s.

use super::value::{promote, widen_color, widen_matrix, Val, S};
use super::{Lowerer, MAX_INLINE_DEPTH, MAX_STEPS};
use crate::ast::*;
use pigment_ir::Op;
use std::collections::HashMap;

impl Lowerer<'_> {
    pub(crate) fn call(&mut self, name: &Name, args: &[Expr], e: &Expr) -> Option<Val> {
        match name.text.as_str() {
            "color" | "matrix" => return self.constructor(name, args),
            _ => {}
        }
        if let Some(f) = self.funcs.get(name.text.as_str()).copied() {
            return self.inline(f, args, e);
        }
        if let Some(v) = self.varying_builtin(name, args, e) {
            return v;
        }
        if name.text == "spline" {
            return self.spline(args, e);
        }
        self.maths(name, args, e)
    }

    fn constructor(&mut self, name: &Name, args: &[Expr]) -> Option<Val> {
        let mut c = Vec::new();
        for a in args {
            c.push(self.scalar(a)?);
        }
        let full = if name.text == "color" { 4 } else { 16 };
        match c.len() {
            1 if full == 4 => Some(Val::Num(widen_color(c))),
            1 => Some(Val::Num(widen_matrix(c))),
            n if n == full => Some(Val::Num(c)),
            _ => {
                self.error(
                    name.span,
                    format!("`{}` takes 1 or {full} arguments", name.text),
                );
                None
            }
        }
    }

    fn inline(&mut self, f: &Func, args: &[Expr], e: &Expr) -> Option<Val> {
        if self.steps > MAX_STEPS {
            return None;
        }
        if matches!(f.kind, FuncKind::Shader(..)) {
            self.error(
                e.span,
                format!("`{}` is a shader and cannot be called", f.name.text),
            );
            return None;
        }
        if self.depth >= MAX_INLINE_DEPTH || args.len() != f.formals.len() {
            // Reported once: a recursive function would report it at every leaf of its calls.
            if !self.inline_failed {
                self.inline_failed = true;
                let msg = format!("cannot inline this call of `{}` (recursion?)", f.name.text);
                self.error(e.span, msg);
            }
            return None;
        }
        let mut frame = HashMap::new();
        for (formal, a) in f.formals.iter().zip(args) {
            let v = self.expr(a)?;
            frame.insert(formal.name.text.clone(), promote(v, formal.ty.base));
        }
        let saved = self.scopes.split_off(1);
        self.scopes.push(frame);
        let (fb, active) = (self.fb, self.active.take());
        self.depth += 1;
        let reported = self.diags.len();
        let ret = self.body(&f.body);
        self.depth -= 1;
        self.locate(e.span);
        self.scopes.truncate(1);
        self.scopes.extend(saved);
        let end_fb = self.fb;
        (self.fb, self.active) = (fb, active);
        match f.kind {
            FuncKind::Ordinary(t) if t.class == Class::Varying => Some(Val::Varying(
                ret.map_or(end_fb, |v| self.varying_of(v, e.span)),
            )),
            FuncKind::Ordinary(t) => match ret {
                Some(v) => Some(promote(v, t.base)),
                None => {
                    if self.diags.len() == reported && !self.inline_failed {
                        self.error(e.span, format!("`{}` returned no value", f.name.text));
                    }
                    None
                }
            },
            FuncKind::Shader(..) => None,
        }
    }

    fn maths(&mut self, name: &Name, args: &[Expr], e: &Expr) -> Option<Val> {
        let mut a = Vec::new();
        for x in args {
            a.push(self.num(x)?);
        }
        let reported = self.diags.len();
        let floats: Option<Vec<S>> = a.iter().map(|c| (c.len() == 1).then(|| c[0])).collect();
        let r = match (name.text.as_str(), floats) {
            ("inverse", _) => self.inverse(a.first()?, e),
            ("scale", Some(f)) if f.len() == 3 => Some(scale(&f)),
            ("translate", Some(f)) if f.len() == 3 => Some(translate(&f)),
            ("rotate", Some(f)) if f.len() == 4 => Some(self.rotate(&f)),
            ("perspective", Some(f)) if f.len() == 1 => Some(self.perspective(f[0])),
            (n, Some(f)) => self.float_fn(n, &f, e).map(|s| vec![s]),
            _ => None,
        };
        if r.is_none() && self.diags.len() == reported {
            self.error(e.span, format!("`{}` is not supported yet", name.text));
        }
        r.map(Val::Num)
    }

    /// A float function of section VIII.
    fn float_fn(&mut self, name: &str, a: &[S], e: &Expr) -> Option<S> {
        let known: Option<Vec<f64>> = a
            .iter()
            .map(|s| {
                if let S::K(x) = s {
                    Some(*x as f64)
                } else {
                    None
                }
            })
            .collect();
        if let Some(k) = known {
            return fold_maths(name, &k).map(|x| S::K(x as f32));
        }
        let r = self.ir_maths(name, a);
        if r.is_none() {
            let msg = format!("`{name}` of a parameter is not supported yet");
            self.error(e.span, msg);
        }
        r
    }

    fn ir_maths(&mut self, name: &str, a: &[S]) -> Option<S> {
        let one = |l: &mut Self, op| Some(l.un(op, a[0]));
        match (name, a.len()) {
            ("abs", 1) => one(self, Op::Abs),
            ("ceil", 1) => one(self, Op::Ceil),
            ("floor", 1) => one(self, Op::Floor),
            ("round", 1) => one(self, Op::Round),
            ("sqrt", 1) => one(self, Op::Sqrt),
            ("asin" | "acos", 1) => {
                let x = self.ir(a[0]);
                Some(S::V(pigment_ir::libm::asin_acos(
                    &mut self.b,
                    x,
                    name == "asin",
                )))
            }
            ("atan", 1 | 2) => {
                let y = self.ir(a[0]);
                let x = self.ir(a.get(1).copied().unwrap_or(S::K(1.0)));
                Some(S::V(pigment_ir::libm::atan2(&mut self.b, y, x)))
            }
            ("sin", 1) => one(self, Op::Sin),
            ("cos", 1) => one(self, Op::Cos),
            ("tan", 1) => {
                let (s, c) = (self.un(Op::Sin, a[0]), self.un(Op::Cos, a[0]));
                Some(self.bin(Op::Div, s, c))
            }
            ("exp", 1) => {
                let x = self.bin(Op::Mul, a[0], S::K(std::f32::consts::LOG2_E));
                Some(self.un(Op::Exp2, x))
            }
            ("log", 1) => {
                let l = self.un(Op::Log2, a[0]);
                Some(self.bin(Op::Mul, l, S::K(std::f32::consts::LN_2)))
            }
            ("pow", 2) => Some(self.bin(Op::Pow, a[0], a[1])),
            ("min", 2) => Some(self.bin(Op::Min, a[0], a[1])),
            ("max", 2) => Some(self.bin(Op::Max, a[0], a[1])),
            ("clamp", 3) => {
                let lo = self.bin(Op::Max, a[0], a[1]);
                Some(self.bin(Op::Min, lo, a[2]))
            }
            ("mod", 2) => {
                let q = self.bin(Op::Div, a[0], a[1]);
                let f = self.un(Op::Floor, q);
                let p = self.bin(Op::Mul, a[1], f);
                Some(self.bin(Op::Sub, a[0], p))
            }
            ("sign", 1) => {
                let pos = self.cmp01(Op::Gt, a[0], S::K(0.0));
                let neg = self.cmp01(Op::Lt, a[0], S::K(0.0));
                Some(self.bin(Op::Sub, pos, neg))
            }
            ("step", 2) => Some(self.cmp01(Op::Ge, a[1], a[0])),
            ("smoothstep", 3) => {
                let num = self.bin(Op::Sub, a[2], a[0]);
                let den = self.bin(Op::Sub, a[1], a[0]);
                let t = self.bin(Op::Div, num, den);
                let t = self.un(Op::Sat, t);
                let two_t = self.bin(Op::Mul, S::K(2.0), t);
                let k = self.bin(Op::Sub, S::K(3.0), two_t);
                let tt = self.bin(Op::Mul, t, t);
                Some(self.bin(Op::Mul, tt, k))
            }
            _ => None,
        }
    }

    /// 1 where `a op b`, else 0.
    fn cmp01(&mut self, op: Op, a: S, b: S) -> S {
        let (x, y) = (self.ir(a), self.ir(b));
        let c = self.b.binary(op, x, y);
        let (one, zero) = (self.b.float(&[1.0]), self.b.float(&[0.0]));
        S::V(self.b.select(c, one, zero))
    }

    fn inverse(&mut self, m: &[S], e: &Expr) -> Option<Vec<S>> {
        let k: Option<Vec<f64>> = m
            .iter()
            .map(|s| {
                if let S::K(x) = s {
                    Some(*x as f64)
                } else {
                    None
                }
            })
            .collect();
        let Some(k) = k.filter(|k| k.len() == 16) else {
            if m.len() != 16 {
                self.error(e.span, "expected a matrix");
                return None;
            }
            return Some(self.inverse_of_parameter(m));
        };
        let Some(inv) = invert(&k) else {
            self.error(e.span, "this matrix has no inverse");
            return None;
        };
        Some(inv.iter().map(|x| S::K(*x as f32)).collect())
    }

    /// The inverse of a parameter matrix (row-major), computed per pixel by the Laplace expansion
    /// in 2x2 minors of its first two rows (`s`) and its last two (`c`): the adjugate over the
    /// determinant. A singular matrix gives infinities or NaNs, as a division by zero does.
    fn inverse_of_parameter(&mut self, m: &[S]) -> Vec<S> {
        let a = |r: usize, c: usize| m[4 * r + c];
        // The six 2x2 minors of rows r0 and r1, over column pairs in order (0,1), (0,2), ... (2,3).
        let pairs = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
        let minors = |l: &mut Self, r0: usize, r1: usize| -> Vec<S> {
            pairs
                .iter()
                .map(|&(i, j)| l.det2(a(r0, i), a(r1, j), a(r1, i), a(r0, j)))
                .collect()
        };
        let s = minors(self, 0, 1);
        let c = minors(self, 2, 3);
        // det = s0c5 − s1c4 + s2c3 + s3c2 − s4c1 + s5c0.
        let terms: Vec<(S, S)> = (0..6).map(|k| (s[k], c[5 - k])).collect();
        let signs = [1.0, -1.0, 1.0, 1.0, -1.0, 1.0];
        let mut det = S::K(0.0);
        for ((x, y), sign) in terms.into_iter().zip(signs) {
            let p = self.bin(Op::Mul, x, y);
            let p = self.bin(Op::Mul, p, S::K(sign));
            det = self.bin(Op::Add, det, p);
        }
        let mut out = Vec::with_capacity(16);
        for cofactor in &COFACTORS {
            let minor = if cofactor.upper { &s } else { &c };
            let mut acc = S::K(0.0);
            let terms = cofactor.entries.iter().zip(cofactor.minors);
            for (n, (&(r, col), k)) in terms.enumerate() {
                let p = self.bin(Op::Mul, a(r, col), minor[k]);
                let op = if n == 1 { Op::Sub } else { Op::Add };
                acc = self.bin(op, acc, p);
            }
            let signed = self.bin(Op::Mul, acc, S::K(cofactor.sign));
            out.push(self.bin(Op::Div, signed, det));
        }
        out
    }

    /// `perspective(d)`: see the module's doc.
    fn perspective(&mut self, degrees: S) -> Vec<S> {
        let half = self.bin(Op::Mul, degrees, S::K(std::f32::consts::PI / 360.0));
        let (sin, cos) = (self.un(Op::Sin, half), self.un(Op::Cos, half));
        let f = self.bin(Op::Div, cos, sin);
        let (o, i) = (S::K(0.0), S::K(1.0));
        vec![f, o, o, o, o, f, o, o, o, o, i, i, o, o, S::K(-1.0), o]
    }

    /// p·q − r·t.
    fn det2(&mut self, p: S, q: S, r: S, t: S) -> S {
        let x = self.bin(Op::Mul, p, q);
        let y = self.bin(Op::Mul, r, t);
        self.bin(Op::Sub, x, y)
    }

    /// The transpose of OpenGL's rotation by `r` radians about (x, y, z).
    fn rotate(&mut self, f: &[S]) -> Vec<S> {
        let (x, y, z, r) = (f[0], f[1], f[2], f[3]);
        let len2 = self.sum_products(&[(x, x), (y, y), (z, z)]);
        let len = self.un(Op::Sqrt, len2);
        let [x, y, z] = [x, y, z].map(|v| self.bin(Op::Div, v, len));
        let (s, c) = (self.un(Op::Sin, r), self.un(Op::Cos, r));
        let t = self.bin(Op::Sub, S::K(1.0), c);
        let g = |l: &mut Self, a: S, b: S, sgn: f32, w: S| {
            let tab = l.bin(Op::Mul, a, b);
            let tab = l.bin(Op::Mul, t, tab);
            let sw = l.bin(Op::Mul, s, w);
            let sw = l.bin(Op::Mul, S::K(sgn), sw);
            l.bin(Op::Add, tab, sw)
        };
        let diag = |l: &mut Self, a: S| {
            let aa = l.bin(Op::Mul, a, a);
            let taa = l.bin(Op::Mul, t, aa);
            l.bin(Op::Add, taa, c)
        };
        // OpenGL's matrix R (column vectors); the result is its transpose.
        let r00 = diag(self, x);
        let r01 = g(self, x, y, -1.0, z);
        let r02 = g(self, x, z, 1.0, y);
        let r10 = g(self, x, y, 1.0, z);
        let r11 = diag(self, y);
        let r12 = g(self, y, z, -1.0, x);
        let r20 = g(self, x, z, -1.0, y);
        let r21 = g(self, y, z, 1.0, x);
        let r22 = diag(self, z);
        let (o, l) = (S::K(0.0), S::K(1.0));
        vec![
            r00, r10, r20, o, r01, r11, r21, o, r02, r12, r22, o, o, o, o, l,
        ]
    }
}

fn scale(f: &[S]) -> Vec<S> {
    let (o, l) = (S::K(0.0), S::K(1.0));
    vec![f[0], o, o, o, o, f[1], o, o, o, o, f[2], o, o, o, o, l]
}

fn translate(f: &[S]) -> Vec<S> {
    let (o, l) = (S::K(0.0), S::K(1.0));
    vec![l, o, o, o, o, l, o, o, o, o, l, o, f[0], f[1], f[2], l]
}

/// A float built-in on known arguments.
fn fold_maths(name: &str, a: &[f64]) -> Option<f64> {
    Some(match (name, a) {
        ("abs", [x]) => x.abs(),
        ("acos", [x]) => x.acos(),
        ("asin", [x]) => x.asin(),
        ("atan", [x]) => x.atan(),
        ("atan", [y, x]) => y.atan2(*x),
        ("ceil", [x]) => x.ceil(),
        ("clamp", [x, a, b]) => x.max(*a).min(*b),
        ("cos", [x]) => x.cos(),
        ("exp", [x]) => x.exp(),
        ("floor", [x]) => x.floor(),
        ("log", [x]) => x.ln(),
        ("max", [x, y]) => x.max(*y),
        ("min", [x, y]) => x.min(*y),
        ("mod", [n, d]) => n - d * (n / d).floor(),
        ("pow", [x, y]) => x.powf(*y),
        ("round", [x]) => (x + 0.5).floor(),
        ("sign", [x]) => (*x > 0.0) as i32 as f64 - (*x < 0.0) as i32 as f64,
        ("sin", [x]) => x.sin(),
        // With a = b the ratio is 0/0: the step at a (1 when x ≥ a), the limit from either side.
        ("smoothstep", [a, b, x]) if a == b => (*x >= *a) as i32 as f64,
        ("smoothstep", [a, b, x]) => {
            let t = ((x - a) / (b - a)).clamp(0.0, 1.0);
            t * t * (3.0 - 2.0 * t)
        }
        ("sqrt", [x]) => x.sqrt(),
        ("step", [a, x]) => (*x >= *a) as i32 as f64,
        ("tan", [x]) => x.tan(),
        _ => return None,
    })
}

/// Gauss-Jordan inversion of a row-major 4×4 matrix.
fn invert(m: &[f64]) -> Option<Vec<f64>> {
    let mut a: Vec<[f64; 8]> = (0..4)
        .map(|i| {
            let mut r = [0.0; 8];
            r[..4].copy_from_slice(&m[4 * i..4 * i + 4]);
            r[4 + i] = 1.0;
            r
        })
        .collect();
    for col in 0..4 {
        let piv = (col..4).max_by(|&p, &q| a[p][col].abs().total_cmp(&a[q][col].abs()))?;
        if a[piv][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, piv);
        let d = a[col][col];
        a[col].iter_mut().for_each(|x| *x /= d);
        for r in 0..4 {
            if r != col {
                let f = a[r][col];
                let src = a[col];
                a[r].iter_mut().zip(src).for_each(|(x, s)| *x -= f * s);
            }
        }
    }
    Some(a.iter().flat_map(|r| r[4..].to_vec()).collect())
}

/// One entry of the inverse of a 4x4 matrix a: `sign` · (a[e0]·m[k0] − a[e1]·m[k1] + a[e2]·m[k2])
/// / det, m the 2x2 minors of a's first two rows (`upper`) or last two.
struct Cofactor {
    sign: f32,
    entries: [(usize, usize); 3],
    minors: [usize; 3],
    upper: bool,
}

/// The inverse's entries, row by row (the Laplace expansion in 2x2 minors).
const COFACTORS: [Cofactor; 16] = [
    Cofactor {
        sign: 1.0,
        entries: [(1, 1), (1, 2), (1, 3)],
        minors: [5, 4, 3],
        upper: false,
    },
    Cofactor {
        sign: -1.0,
        entries: [(0, 1), (0, 2), (0, 3)],
        minors: [5, 4, 3],
        upper: false,
    },
    Cofactor {
        sign: 1.0,
        entries: [(3, 1), (3, 2), (3, 3)],
        minors: [5, 4, 3],
        upper: true,
    },
    Cofactor {
        sign: -1.0,
        entries: [(2, 1), (2, 2), (2, 3)],
        minors: [5, 4, 3],
        upper: true,
    },
    Cofactor {
        sign: -1.0,
        entries: [(1, 0), (1, 2), (1, 3)],
        minors: [5, 2, 1],
        upper: false,
    },
    Cofactor {
        sign: 1.0,
        entries: [(0, 0), (0, 2), (0, 3)],
        minors: [5, 2, 1],
        upper: false,
    },
    Cofactor {
        sign: -1.0,
        entries: [(3, 0), (3, 2), (3, 3)],
        minors: [5, 2, 1],
        upper: true,
    },
    Cofactor {
        sign: 1.0,
        entries: [(2, 0), (2, 2), (2, 3)],
        minors: [5, 2, 1],
        upper: true,
    },
    Cofactor {
        sign: 1.0,
        entries: [(1, 0), (1, 1), (1, 3)],
        minors: [4, 2, 0],
        upper: false,
    },
    Cofactor {
        sign: -1.0,
        entries: [(0, 0), (0, 1), (0, 3)],
        minors: [4, 2, 0],
        upper: false,
    },
    Cofactor {
        sign: 1.0,
        entries: [(3, 0), (3, 1), (3, 3)],
        minors: [4, 2, 0],
        upper: true,
    },
    Cofactor {
        sign: -1.0,
        entries: [(2, 0), (2, 1), (2, 3)],
        minors: [4, 2, 0],
        upper: true,
    },
    Cofactor {
        sign: -1.0,
        entries: [(1, 0), (1, 1), (1, 2)],
        minors: [3, 1, 0],
        upper: false,
    },
    Cofactor {
        sign: 1.0,
        entries: [(0, 0), (0, 1), (0, 2)],
        minors: [3, 1, 0],
        upper: false,
    },
    Cofactor {
        sign: -1.0,
        entries: [(3, 0), (3, 1), (3, 2)],
        minors: [3, 1, 0],
        upper: true,
    },
    Cofactor {
        sign: 1.0,
        entries: [(2, 0), (2, 1), (2, 2)],
        minors: [3, 1, 0],
        upper: true,
    },
];
