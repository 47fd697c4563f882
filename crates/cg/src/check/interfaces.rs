//! Interfaces: a struct that inherits an interface must define every member function the
//! interface declares ("Struct and Interface types"), with the same parameter and return types.

use super::types::{StructId, Type};
use super::Checker;
use pigment_diag::Diagnostic;

impl Checker<'_> {
    pub(super) fn check_implements(&mut self, id: StructId) {
        let Some(interface) = self.program.strukt(id).base else {
            return;
        };
        let required = self.program.strukt(interface).methods.clone();
        let provided = self.program.strukt(id).methods.clone();
        for m in required {
            let want = self.signature(m);
            let found = provided.iter().any(|&p| self.signature(p) == want);
            if !found {
                let f = self.program.function(m);
                let params: Vec<String> = want.1.iter().map(|t| self.type_name(t)).collect();
                let strukt = self.program.strukt(id);
                let message = format!(
                    "struct `{}` does not define `{} {}({})`, which interface `{}` requires",
                    strukt.name.as_deref().unwrap_or("<anonymous>"),
                    self.type_name(&want.2),
                    f.name,
                    params.join(", "),
                    self.program
                        .strukt(interface)
                        .name
                        .as_deref()
                        .unwrap_or("<anonymous>"),
                );
                let d = Diagnostic::error(message)
                    .at(self.file, strukt.span)
                    .with_label(self.file, f.name_span, "declared in the interface here");
                self.push(d);
            }
        }
    }

    fn signature(&self, f: super::FunctionId) -> (String, Vec<Type>, Type) {
        let func = self.program.function(f);
        let params = func
            .params
            .iter()
            .map(|&v| self.program.var(v).ty.clone())
            .collect();
        (func.name.clone(), params, func.ret.clone())
    }
}
