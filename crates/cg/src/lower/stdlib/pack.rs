//! Pack and unpack (cg-stdlib.md §7): one IR operation each (NV's PK*/UP*); unpacked values are
//! converted to the declared result type (`unpack_4ubyte` returns `half4`).

use super::super::val::Val;
use super::super::{Lowerer, R};
use super::Call;
use crate::check::types::{Scalar, Type as CgType};
use pigment_ir::{Op, PackFormat};

fn format_of(suffix: &str) -> Option<PackFormat> {
    PackFormat::ALL.into_iter().find(|f| f.suffix() == suffix)
}

impl Lowerer<'_> {
    pub(super) fn pack(&mut self, call: &mut Call) -> R<Option<Val>> {
        if let Some(f) = call.name.strip_prefix("pack_").and_then(format_of) {
            let x = self.arg(call, 0)?;
            return Ok(Some(Val::Vec(self.em.unary(Op::Pack(f), x))));
        }
        if let Some(f) = call.name.strip_prefix("unpack_").and_then(format_of) {
            let x = self.arg(call, 0)?;
            let v = self.em.unary(Op::Unpack(f), x);
            let from = CgType::Vector(Scalar::Float, f.components());
            let ret = call.ret.clone();
            return self.convert(Val::Vec(v), &from, &ret, call.span).map(Some);
        }
        Ok(None)
    }
}
