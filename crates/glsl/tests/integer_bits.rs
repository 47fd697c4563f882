//! Integer bit operations and texel fetches in the written GLSL: glslangValidator accepts them in
//! every version that has them (GLSL 1.30+, ES 3.00+, Vulkan GLSL), and the versions without
//! integers refuse them with an error located in the Cg source.

mod common;
#[path = "../../naga-out/tests/quad/mod.rs"]
mod quad;

use common::{glslang, lower_cg};
use pigment_glsl::Version;
use pigment_ir::Stage;

const BITS: &str = "float4 main(uniform int a, uniform int2 b, uniform sampler2D s) : COLOR
{
    int2 c = (b & a) | (b ^ 3) << 2;
    int d = ~a >> 1;
    return float4(c, d, 0) + texelFetchOffset(s, b, 0, int2(1, 0));
}";

fn function() -> pigment_ir::Function {
    let m = lower_cg("bits.cg", BITS, "main", Stage::Fragment);
    let f = m.functions.iter().next().unwrap().1.clone();
    f
}

#[test]
fn versions_with_integers_write_bit_operations_and_fetches_that_compile() {
    let f = function();
    for version in [
        Version::desktop(130),
        Version::desktop(330),
        Version::es(300),
        Version::VULKAN,
    ] {
        let text = pigment_glsl::write(&f, version).unwrap().text;
        for needle in [" & ", " | ", " ^ ", " << ", " >> ", "~", "texelFetch("] {
            assert!(text.contains(needle), "{needle} in {text}");
        }
        glslang(&text, Stage::Fragment, version)
            .unwrap_or_else(|e| panic!("{version:?}: {e}\n{text}"));
    }
}

#[test]
fn versions_without_integers_refuse_them_where_the_source_has_them() {
    let f = function();
    for version in [
        Version::desktop(110),
        Version::desktop(120),
        Version::es(100),
    ] {
        let d = pigment_glsl::write(&f, version).unwrap_err();
        assert!(
            d.message.contains("GLSL 1.30 or ES 3.00"),
            "{version:?}: {}",
            d.message
        );
        assert!(d.primary.is_some(), "{version:?}: unlocated {}", d.message);
    }
}
