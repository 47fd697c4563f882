//! Calls: the `color(...)` (4 floats) and `matrix(...)` (16 floats) constructors, user functions
//! (arguments promoted to the formals' types; a varying function only as `FB = f(...)`), and the
//! built-ins of [`super::builtins`].

use super::builtins::{lookup, Arg, Sig};
use super::scope::Sym;
use super::types::{fits, mismatch, Kind, Ty, VARYING_COLOR};
use super::Checker;
use crate::ast::*;

impl Checker {
    pub(crate) fn call(&mut self, name: &Name, args: &[Expr], e: &Expr) -> Option<Ty> {
        let tys: Vec<Option<Ty>> = args.iter().map(|a| self.expr(a)).collect();
        let tys: Vec<Ty> = tys.into_iter().collect::<Option<_>>()?;
        match name.text.as_str() {
            "color" => return self.constructor(name, 4, Kind::Color, &tys, args),
            "matrix" => return self.constructor(name, 16, Kind::Matrix, &tys, args),
            _ => {}
        }
        match self.scopes.lookup(&name.text).cloned() {
            Some(Sym::Func { info, formals, .. }) => {
                if info.shader {
                    let msg = format!("`{}` is a shader and cannot be called", name.text);
                    self.error(name.span, msg);
                    return None;
                }
                self.user_call(name, &formals, info.ret, &tys, args, e)
            }
            Some(Sym::Var { .. }) => {
                self.error(name.span, format!("`{}` is not a function", name.text));
                None
            }
            None => self.builtin(name, &tys, args),
        }
    }

    fn arity(&mut self, name: &Name, want: &str, got: usize) {
        let msg = format!("`{}` takes {want} arguments, found {got}", name.text);
        self.error(name.span, msg);
    }

    /// `color(f)` and `matrix(f)` are allowed as the explicit form of the float promotions
    /// (`uf` → `color(uf, uf, uf, uf)`, `uf` → `uf` × identity), a reading of section V.
    fn constructor(
        &mut self,
        name: &Name,
        n: usize,
        kind: Kind,
        tys: &[Ty],
        args: &[Expr],
    ) -> Option<Ty> {
        if tys.len() != n && tys.len() != 1 {
            self.arity(name, &format!("1 or {n}"), tys.len());
            return None;
        }
        let param = Ty::new(Class::Parameter, Kind::Float);
        self.args_fit(tys, args, |_| param)?;
        let class = tys.iter().map(|t| t.class).max().unwrap_or(Class::Uniform);
        Some(Ty::new(class, kind))
    }

    /// Checks every argument against `want(i)`; reports each misfit.
    fn args_fit(&mut self, tys: &[Ty], args: &[Expr], want: impl Fn(usize) -> Ty) -> Option<()> {
        let mut ok = true;
        for (i, (t, a)) in tys.iter().zip(args).enumerate() {
            if !fits(*t, want(i)) {
                self.error(a.span, mismatch(*t, want(i)));
                ok = false;
            }
        }
        ok.then_some(())
    }

    fn user_call(
        &mut self,
        name: &Name,
        formals: &[Ty],
        ret: Ty,
        tys: &[Ty],
        args: &[Expr],
        e: &Expr,
    ) -> Option<Ty> {
        if formals.len() != tys.len() {
            self.arity(name, &formals.len().to_string(), tys.len());
            return None;
        }
        self.args_fit(tys, args, |i| formals[i])?;
        if ret.class == Class::Varying && self.fb_call != Some(e.span) {
            let msg = format!(
                "the varying function `{}` can only be assigned to all of FB (`FB = {}(...)`)",
                name.text, name.text
            );
            self.error(e.span, msg);
            return None;
        }
        Some(ret)
    }

    fn builtin(&mut self, name: &Name, tys: &[Ty], args: &[Expr]) -> Option<Ty> {
        let sigs = lookup(&name.text);
        if sigs.is_empty() {
            self.error(name.span, format!("unknown function `{}`", name.text));
            return None;
        }
        let sig = sigs
            .iter()
            .find(|s| takes(s, tys.len()))
            .or(sigs.last())
            .copied()?;
        match sig {
            Sig::Maths(kinds, ret) => self.maths(name, kinds, ret, tys, args),
            Sig::Spline => self.spline(name, tys, args),
            Sig::Texture(texgen) => self.texture(name, texgen, tys, args),
            Sig::Varying(kinds) => self.varying_builtin(name, kinds, tys, args),
        }
    }

    fn maths(
        &mut self,
        name: &Name,
        kinds: &[Kind],
        ret: Kind,
        tys: &[Ty],
        args: &[Expr],
    ) -> Option<Ty> {
        if kinds.len() != tys.len() {
            let want = lookup(&name.text).iter().filter_map(|s| match s {
                Sig::Maths(k, _) => Some(k.len().to_string()),
                _ => None,
            });
            self.arity(name, &want.collect::<Vec<_>>().join(" or "), tys.len());
            return None;
        }
        self.args_fit(tys, args, |i| Ty::new(Class::Parameter, kinds[i]))?;
        let class = tys.iter().map(|t| t.class).max().unwrap_or(Class::Uniform);
        Some(Ty::new(class, ret))
    }

    fn spline(&mut self, name: &Name, tys: &[Ty], args: &[Expr]) -> Option<Ty> {
        if tys.len() != 2 {
            self.arity(name, "2", tys.len());
            return None;
        }
        let table = tys[1];
        let kind = if table.kind == Kind::Color {
            Kind::Color
        } else {
            Kind::Float
        };
        let table_ty = Ty {
            array: true,
            ..Ty::new(Class::Parameter, kind)
        };
        self.args_fit(tys, args, |i| {
            if i == 0 {
                Ty::new(Class::Parameter, Kind::Float)
            } else {
                table_ty
            }
        })?;
        Some(Ty::new(tys[0].class.max(table.class), kind))
    }

    fn texture(&mut self, name: &Name, texgen: bool, tys: &[Ty], args: &[Expr]) -> Option<Ty> {
        let max = 2 + texgen as usize;
        if tys.is_empty() || tys.len() > max {
            self.arity(name, &format!("1 to {max}"), tys.len());
            return None;
        }
        let source = tys[0];
        let string = Ty::new(Class::Uniform, Kind::String);
        let table = source.array
            && matches!(source.kind, Kind::Float | Kind::Color)
            && source.class != Class::Varying;
        if source != string && !table {
            let msg = format!(
                "`{}` needs a uniform string or a parameter float or color array, found {source}",
                name.text
            );
            self.error(args[0].span, msg);
            return None;
        }
        // With three arguments the second is `texgen`; with two, a float second one is too.
        let texgen_at =
            texgen && (tys.len() == 3 || (tys.len() == 2 && tys[1].kind == Kind::Float));
        self.args_fit(tys, args, |i| match i {
            0 => source,
            1 if texgen_at => Ty::new(Class::Uniform, Kind::Float),
            _ => Ty::new(Class::Parameter, Kind::Matrix),
        })?;
        Some(VARYING_COLOR)
    }

    fn varying_builtin(
        &mut self,
        name: &Name,
        want: &[Arg],
        tys: &[Ty],
        args: &[Expr],
    ) -> Option<Ty> {
        if want.len() != tys.len() {
            self.arity(name, &want.len().to_string(), tys.len());
            return None;
        }
        self.args_fit(tys, args, |i| match want[i] {
            Arg::ParamMatrix => Ty::new(Class::Parameter, Kind::Matrix),
            Arg::ParamFloat => Ty::new(Class::Parameter, Kind::Float),
            Arg::ParamTable => {
                let kind = if tys[i].kind == Kind::Color {
                    Kind::Color
                } else {
                    Kind::Float
                };
                Ty {
                    array: true,
                    ..Ty::new(Class::Parameter, kind)
                }
            }
            Arg::VaryingColor => VARYING_COLOR,
        })?;
        Some(VARYING_COLOR)
    }
}

fn takes(sig: &Sig, n: usize) -> bool {
    match sig {
        Sig::Maths(k, _) => k.len() == n,
        _ => true,
    }
}
