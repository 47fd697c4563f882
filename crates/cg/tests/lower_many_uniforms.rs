//! Programs with thousands of interface entities (issue 28's 100,000 unused uniforms made
//! lowering quadratic): every uniform is declared in order, and a name clash with the last of
//! them is still found, where the clashing global is declared.

use pigment_cg::driver::{run, Options};
use pigment_ir::Handle;

const COUNT: usize = 5000;

/// `COUNT` unused globals `u0`.. and an entry with one uniform parameter named `param`.
fn program(param: &str) -> String {
    let mut src: String = (0..COUNT)
        .map(|i| format!("uniform float4 u{i};\n"))
        .collect();
    src.push_str(&format!(
        "float4 main(float2 t : TEXCOORD0, uniform float4 {param}) : COLOR {{ return {param}; }}\n"
    ));
    src
}

fn lower(src: &str) -> Result<pigment_ir::Module, Vec<String>> {
    let front = run("many.cg", src.to_string(), &Options::default());
    assert!(!front.has_errors(), "{:?}", front.diagnostics);
    let checked = front.checked.as_ref().expect("checked");
    pigment_cg::lower::lower(&front.unit, checked, front.expanded).map_err(|errors| {
        errors
            .into_iter()
            .map(|d| {
                let d = front.map.remap_diagnostic(&front.files, front.expanded, d);
                pigment_diag::render(&front.files, &d)
            })
            .collect()
    })
}

#[test]
fn every_uniform_is_declared_in_order() {
    let module = lower(&program("k")).expect("lowers");
    let f = &module.functions[Handle::from_index(0)];
    // The parameter first (entry parameters come before globals), then the globals in order.
    let names: Vec<&str> = f.interface().iter().map(|&e| f.entity_name(e)).collect();
    assert_eq!(names.len(), COUNT + 3, "t, k, the globals and the output");
    assert_eq!(&names[..2], ["t", "k"]);
    for (i, name) in names[2..2 + COUNT].iter().enumerate() {
        assert_eq!(*name, format!("u{i}"));
    }
}

#[test]
fn a_clash_with_the_last_global_is_found() {
    let last = COUNT - 1;
    let errors = lower(&program(&format!("u{last}"))).expect_err("two uniforms of one name");
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0].contains(&format!("many.cg:{}:", COUNT))
            && errors[0].contains(&format!("interface are named `u{last}`")),
        "{}",
        errors[0]
    );
}
