//! `cargo run -p pigment-naga --example wgsl_validate FILE.wgsl...`: parses each file with naga's
//! WGSL front end and validates it (all checks), printing `FILE<TAB>ok` or `FILE<TAB>fail<TAB>why`;
//! for scripts/measure-naga.

fn main() {
    let mut failed = false;
    for path in std::env::args().skip(1) {
        let result = std::fs::read_to_string(&path)
            .map_err(|e| e.to_string())
            .and_then(|text| {
                let module = naga::front::wgsl::parse_str(&text)
                    .map_err(|e| e.emit_to_string(&text).replace('\n', " "))?;
                pigment_naga::validate(&module)
                    .map(|_| ())
                    .map_err(|(m, _)| m)
            });
        match result {
            Ok(()) => println!("{path}\tok"),
            Err(e) => {
                failed = true;
                println!("{path}\tfail\t{e}");
            }
        }
    }
    std::process::exit(i32::from(failed));
}
