//! The compilation's table of modules and name lookup shared by the resolver and the type checker:
//! which module a `M.x` path means from inside a module, and which declaration a name denotes.

use crate::ast::*;
use pigment_diag::FileId;
use std::collections::{BTreeMap, HashMap};

/// One module with its declarations indexed by name (the first of duplicates; duplicates are
/// rejected by the structure check before anything uses this).
pub struct ModuleInfo<'a> {
    pub key: String,
    pub file: FileId,
    pub module: &'a Module,
    /// Visible import name (the rename, or the module's own name) to the imported module's key.
    pub imports: HashMap<String, String>,
    pub terms: HashMap<String, &'a Decl>,
    pub types: HashMap<String, &'a TypeDecl>,
    pub shaders: HashMap<String, &'a Shader>,
}

/// Every module of every unit (the standard library included), by `package.Module` key.
pub struct Env<'a> {
    pub modules: BTreeMap<String, ModuleInfo<'a>>,
}

/// `a.b.M` from a package path and a module name.
pub fn module_key(package: &[Name], module: &str) -> String {
    let mut key: Vec<&str> = package.iter().map(|n| n.text.as_str()).collect();
    key.push(module);
    key.join(".")
}

impl<'a> Env<'a> {
    pub fn new(units: &'a [Unit]) -> Env<'a> {
        let mut modules = BTreeMap::new();
        for unit in units {
            for module in &unit.modules {
                let key = module_key(&unit.package, &module.name.text);
                modules
                    .entry(key.clone())
                    .or_insert_with(|| ModuleInfo::new(key, unit.file, module));
            }
        }
        Env { modules }
    }

    /// The module a qualifier means inside module `from` (None: not imported there).
    pub fn qualified(&self, from: &ModuleInfo<'a>, qualifier: &str) -> Option<&ModuleInfo<'a>> {
        from.imports
            .get(qualifier)
            .and_then(|key| self.modules.get(key))
    }

    /// The module a path's qualifier designates: `from` itself when unqualified.
    pub fn target<'s>(
        &'s self,
        from: &'s ModuleInfo<'a>,
        path: &Path,
    ) -> Option<&'s ModuleInfo<'a>> {
        match &path.module {
            None => Some(from),
            Some(q) => self.qualified(from, &q.text),
        }
    }
}

impl<'a> ModuleInfo<'a> {
    fn new(key: String, file: FileId, module: &'a Module) -> ModuleInfo<'a> {
        let mut info = ModuleInfo {
            key,
            file,
            module,
            imports: HashMap::new(),
            terms: HashMap::new(),
            types: HashMap::new(),
            shaders: HashMap::new(),
        };
        for import in &module.imports {
            let visible = import.rename.as_ref().unwrap_or(&import.module);
            info.imports
                .entry(visible.text.clone())
                .or_insert_with(|| module_key(&import.package, &import.module.text));
        }
        for decl in &module.decls {
            match decl {
                Decl::Value(v) => {
                    info.terms.entry(v.name.text.clone()).or_insert(decl);
                }
                Decl::Function(f) => {
                    info.terms.entry(f.name.text.clone()).or_insert(decl);
                }
                Decl::Type(t) => {
                    info.types.entry(t.name.text.clone()).or_insert(t);
                }
                Decl::Shader(s) => {
                    info.shaders.entry(s.name().text.clone()).or_insert(s);
                }
            }
        }
        info
    }
}

/// The built-in type names.
pub const BUILTIN_TYPES: &[&str] = &[
    "boolean",
    "integer",
    "float",
    "vector_2f",
    "vector_3f",
    "vector_4f",
    "vector_2i",
    "vector_3i",
    "vector_4i",
    "matrix_3x3f",
    "matrix_4x4f",
    "sampler_2d",
    "sampler_cube",
];
