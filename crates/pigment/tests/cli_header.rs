//! The `#semantic` and `#var` lines of compiled Cg programs, which runtimes bind by, laid out as
//! cgc writes them (fp30-profile.md section 7):
//! * `#semantic`: one per variable behind uniforms and samplers, the entry's parameters first in
//!   declaration order, named `ENTRY.NAME`, then the globals in declaration order, bare; a purely
//!   varying parameter has none, a varying struct with `uniform` members has one;
//! * `#var`: everything the entry's parameters declare, in parameter and member order whatever
//!   their kind, with the parameter's 0-based number (PARAM#), then the globals in declaration
//!   order, then the return value, then the kill pseudo-output, all numbered -1.
//!
//! The expected lines are written from these rules and the programs, by hand.

mod common;

use common::{pigment, scratch, stderr, stdout, write};

/// The `#semantic` and `#var` lines of `source` compiled with entry `entry`.
fn interface_lines(test: &str, source: &str, entry: &str) -> Vec<String> {
    let dir = scratch(test);
    let path = write(&dir, "program.cg", source);
    let out = pigment(&["compile", &path, "--entry", entry]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    stdout(&out)
        .lines()
        .filter(|l| l.starts_with("#semantic ") || l.starts_with("#var "))
        .map(str::to_string)
        .collect()
}

/// A libretro-style entry: a varying struct, a sampler, a struct mixing uniform and varying
/// members, a uniform struct and an `out` parameter, with a global uniform and sampler.
const MIXED: &str = "\
struct out_vertex { float2 texCoord : TEXCOORD0; float4 col; };
struct prev { uniform float2 video_size; uniform sampler2D image; float2 tex_coord : TEXCOORD1; };
struct input { float2 video_size; float2 texture_size; };
float4 gain;
sampler2D lut : TEXUNIT3;
float4 main_fragment(in out_vertex VAR, uniform sampler2D s_p : TEXUNIT0, prev PREV,
                     uniform input IN, out float depth : DEPTH) : COLOR
{
    depth = VAR.texCoord.x;
    return tex2D(s_p, VAR.texCoord) * gain
         + tex2D(PREV.image, PREV.tex_coord) * PREV.video_size.x
         + tex2D(lut, IN.video_size + IN.texture_size);
}
";

#[test]
fn parameters_come_first_numbered_then_globals_then_the_return_value() {
    let expected = [
        // VAR (0) is purely varying: no #semantic. PREV (2) has uniform members: it has one.
        "#semantic main_fragment.s_p : TEXUNIT0",
        "#semantic main_fragment.PREV",
        "#semantic main_fragment.IN",
        "#semantic gain",
        "#semantic lut : TEXUNIT3",
        "#var float2 VAR.texCoord : $vin.TEXCOORD0 : TEX0 : 0 : 1",
        "#var float4 VAR.col :  :  : 0 : 0",
        "#var sampler2D s_p : TEXUNIT0 : texunit 0 : 1 : 1",
        // Member order, whatever the kind: uniform, sampler, varying. The sampler without a unit
        // takes the lowest one no sampler names (0 and 3 are taken).
        "#var float2 PREV.video_size :  : PREV$video_size : 2 : 1",
        "#var sampler2D PREV.image :  : texunit 1 : 2 : 1",
        "#var float2 PREV.tex_coord : $vin.TEXCOORD1 : TEX1 : 2 : 1",
        "#var float2 IN.video_size :  : IN$video_size : 3 : 1",
        "#var float2 IN.texture_size :  : IN$texture_size : 3 : 1",
        "#var float depth : $vout.DEPTH : DEPR : 4 : 1",
        "#var float4 gain :  : gain : -1 : 1",
        "#var sampler2D lut : TEXUNIT3 : texunit 3 : -1 : 1",
        "#var float4 main_fragment : $vout.COLOR : COL : -1 : 1",
    ];
    assert_eq!(
        interface_lines("header-mixed", MIXED, "main_fragment"),
        expected
    );
}

/// An entry returning nothing: an `out ... : COLOR` parameter, arrays, a matrix, a uniform with a
/// semantic, a varying without one, a global declared after the entry, and a discard.
const VOID_ENTRY: &str = "\
float4 before;
void main(float4 nosem, uniform float k[2], uniform float3x3 m, out float4 c : COLOR,
          uniform float4 bias : C4)
{
    if (nosem.x < 0.0)
        discard;
    c = nosem * k[1] + m[0].xyzz + bias + before;
}
float4 after;
";

#[test]
fn out_parameters_arrays_and_matrices_carry_their_parameter_number() {
    let expected = [
        "#semantic main.k",
        "#semantic main.m",
        "#semantic main.bias : C4",
        "#semantic before",
        "#semantic after",
        // The varying without a semantic reads the first free texture coordinate set.
        "#var float4 nosem : $vin.TEX0 : TEX0 : 0 : 1",
        "#var float k[0] :  : k$0 : 1 : 0",
        "#var float k[1] :  : k$1 : 1 : 1",
        "#var float3x3 m :  : m$0, 3 : 2 : 1",
        "#var float4 c : $vout.COLOR : COL : 3 : 1",
        "#var float4 bias : C4 : bias : 4 : 1",
        "#var float4 before :  : before : -1 : 1",
        "#var float4 after :  :  : -1 : 0",
        "#var <none>4 $kill_0000 : $vout.$kill : $kill : -1 : 0",
    ];
    assert_eq!(interface_lines("header-void", VOID_ENTRY, "main"), expected);
}

/// Attribute registers and DEPR hold floats: `half` and `fixed` varyings and a `half` depth are
/// listed as `float`; uniforms and the colour result keep their declared type.
const HALF_TYPES: &str = "\
half4 main(half2 a : TEXCOORD0, fixed4 b : TEXCOORD1, uniform half4 u, uniform fixed4 v,
           out half d : DEPTH) : COLOR
{
    d = a.x;
    return a.xyxy + b + u + v;
}
";

#[test]
fn varyings_and_depth_are_listed_with_their_register_type() {
    let expected = [
        "#semantic main.u",
        "#semantic main.v",
        "#var float2 a : $vin.TEXCOORD0 : TEX0 : 0 : 1",
        "#var float4 b : $vin.TEXCOORD1 : TEX1 : 1 : 1",
        "#var half4 u :  : u : 2 : 1",
        "#var fixed4 v :  : v : 3 : 1",
        "#var float d : $vout.DEPTH : DEPR : 4 : 1",
        "#var half4 main : $vout.COLOR : COL : -1 : 1",
    ];
    assert_eq!(interface_lines("header-half", HALF_TYPES, "main"), expected);
}

/// The `DECLARE` lines of `source` compiled with entry `entry`.
fn declare_lines(test: &str, source: &str, entry: &str) -> Vec<String> {
    let dir = scratch(test);
    let path = write(&dir, "program.cg", source);
    let out = pigment(&["compile", &path, "--entry", entry]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    stdout(&out)
        .lines()
        .filter(|l| l.starts_with("DECLARE "))
        .map(str::to_string)
        .collect()
}

/// Samplers: unread `a` and `q`, read `c`, `d`, `p` (first read in that order), and `b` naming
/// TEXUNIT1 but unread, `e` naming TEXUNIT0 and read.
const SAMPLERS: &str = "\
sampler2D a;
sampler2D b : TEXUNIT1;
sampler2D c;
sampler2D d;
sampler2D e : TEXUNIT0;
float4 main(float2 uv : TEXCOORD0, uniform sampler2D p, uniform sampler2D q) : COLOR
{
    float4 x = tex2D(c, uv);
    float4 y = tex2D(d, uv.yx);
    return x * y + tex2D(p, uv) + tex2D(e, uv);
}
";

#[test]
fn only_read_samplers_take_free_units_in_the_order_they_are_first_read() {
    let expected = [
        "#semantic main.p",
        "#semantic main.q",
        "#semantic a",
        "#semantic b : TEXUNIT1",
        "#semantic c",
        "#semantic d",
        "#semantic e : TEXUNIT0",
        "#var float2 uv : $vin.TEXCOORD0 : TEX0 : 0 : 1",
        // Read third: units 0 (e's) is taken, c and d took 1 and 2 (b's unit 1 is not kept
        // for it, b being unread).
        "#var sampler2D p :  : texunit 3 : 1 : 1",
        // Unread, no unit named: no unit.
        "#var sampler2D q :  :  : 2 : 0",
        "#var sampler2D a :  :  : -1 : 0",
        // Unread but named: listed on its unit, not referenced.
        "#var sampler2D b : TEXUNIT1 : texunit 1 : -1 : 0",
        "#var sampler2D c :  : texunit 1 : -1 : 1",
        "#var sampler2D d :  : texunit 2 : -1 : 1",
        "#var sampler2D e : TEXUNIT0 : texunit 0 : -1 : 1",
        "#var float4 main : $vout.COLOR : COL : -1 : 1",
    ];
    assert_eq!(
        interface_lines("header-samplers", SAMPLERS, "main"),
        expected
    );
}

/// Struct uniforms read in part, a struct read only through its sampler member, one not read at
/// all, and unread matrices.
const STRUCTS: &str = "\
struct input { float2 video_size; float frame_count; float3x3 m; float4 k[2]; };
struct prev { float4 a; sampler2D image; };
float4x4 mvp;
float2x4 m24;
float4 main(float2 uv : TEXCOORD0, uniform input IN, uniform input UNREAD, uniform prev P) : COLOR
{
    return tex2D(P.image, uv) + IN.k[1] * IN.frame_count;
}
";

#[test]
fn a_variable_read_in_part_is_declared_whole() {
    let expected = [
        "#semantic main.IN",
        "#semantic main.UNREAD",
        "#semantic main.P",
        "#semantic mvp",
        "#semantic m24",
        "#var float2 uv : $vin.TEXCOORD0 : TEX0 : 0 : 1",
        // IN is read (k[1], frame_count): every member has its parameter, read or not.
        "#var float2 IN.video_size :  : IN$video_size : 1 : 0",
        "#var float IN.frame_count :  : IN$frame_count : 1 : 1",
        "#var float3x3 IN.m :  : IN$m$0, 3 : 1 : 0",
        "#var float4 IN.k[0] :  : IN$k$0 : 1 : 0",
        "#var float4 IN.k[1] :  : IN$k$1 : 1 : 1",
        // UNREAD: no parameters; its matrix keeps its row count.
        "#var float2 UNREAD.video_size :  :  : 2 : 0",
        "#var float UNREAD.frame_count :  :  : 2 : 0",
        "#var float3x3 UNREAD.m :  : , 3 : 2 : 0",
        "#var float4 UNREAD.k[0] :  :  : 2 : 0",
        "#var float4 UNREAD.k[1] :  :  : 2 : 0",
        // P is read through its sampler: its uniform member is declared too.
        "#var float4 P.a :  : P$a : 3 : 0",
        "#var sampler2D P.image :  : texunit 0 : 3 : 1",
        "#var float4x4 mvp :  : , 4 : -1 : 0",
        "#var float2x4 m24 :  : , 2 : -1 : 0",
        "#var float4 main : $vout.COLOR : COL : -1 : 1",
    ];
    assert_eq!(interface_lines("header-structs", STRUCTS, "main"), expected);
    // Every parameter the header names is DECLAREd: P's (read first), then IN's, members in
    // declaration order, matrix rows and array elements each.
    let declares = [
        "DECLARE P$a;",
        "DECLARE IN$video_size;",
        "DECLARE IN$frame_count;",
        "DECLARE IN$m$0;",
        "DECLARE IN$m$1;",
        "DECLARE IN$m$2;",
        "DECLARE IN$k$0;",
        "DECLARE IN$k$1;",
    ];
    assert_eq!(
        declare_lines("header-structs-declares", STRUCTS, "main"),
        declares
    );
}
