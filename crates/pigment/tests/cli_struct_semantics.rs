//! Struct parameters with a semantic of their own, bound as cgc 3.1 binds them
//! (`orig O2 : TEXCOORD5`, `T t : TEXUNIT5`):
//! * the struct's varying members that name no semantic take the sets counted up from its
//!   TEXCOORDn (COLORn, ...), one per leaf (nested struct members, array elements) in declaration
//!   order, read or not; its sampler members that name no unit take the units counted up from its
//!   TEXUNITn; each kind counts apart, and a member of the kind the semantic does not name is
//!   bound as if the struct had none (lowest free set / unit);
//! * a member with its own semantic keeps it and takes no number;
//! * counted bindings behave as written ones (a read one reserves its set or unit, an unread
//!   sampler keeps its unit and reserves nothing), but `#var` shows them as chosen ones: the
//!   register (`$vin.TEX6`), nothing for an unread varying, an empty semantic for a sampler;
//! * one counted past TEXCOORD7 / TEX15 is an error only where the program reads it;
//! * the struct's semantic is written on its `#semantic` line.
//!
//! Expected lines are written from these rules and the programs, by hand.

mod common;

use common::{json, pigment, scratch, stderr, stdout, write};

/// The `#semantic` and `#var` lines of `source` compiled with entry `main`.
fn interface_lines(test: &str, source: &str) -> Vec<String> {
    let dir = scratch(test);
    let path = write(&dir, "program.cg", source);
    let out = pigment(&["compile", &path]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    stdout(&out)
        .lines()
        .filter(|l| l.starts_with("#semantic ") || l.starts_with("#var "))
        .map(str::to_string)
        .collect()
}

/// The compile errors of `source`.
fn compile_errors(test: &str, source: &str) -> String {
    let dir = scratch(test);
    let path = write(&dir, "program.cg", source);
    let out = pigment(&["compile", &path]);
    assert_ne!(out.status.code(), Some(0), "{}", stdout(&out));
    stderr(&out)
}

const ORIG: &str = "\
struct orig { float2 video_size; uniform sampler2D image; uniform sampler2D tex2; float2 tex_coord; };
float4 main(float2 uv : TEXCOORD0, uniform sampler2D s0, orig ORIG : TEXUNIT5, orig O2 : TEXCOORD5,
            float2 z) : COLOR {
  return tex2D(ORIG.image, uv) + tex2D(s0, uv) + tex2D(ORIG.tex2, ORIG.tex_coord)
       + tex2D(O2.image, O2.tex_coord) + z.xyxy;
}
";

#[test]
fn members_count_from_the_struct_semantic_each_kind_apart() {
    let expected = [
        "#semantic main.s0",
        "#semantic main.ORIG : TEXUNIT5",
        "#semantic main.O2 : TEXCOORD5",
        "#var float2 uv : $vin.TEXCOORD0 : TEX0 : 0 : 1",
        // s0 is first sampled after ORIG.image but ORIG's units 5 and 6 are counted: unit 0.
        "#var sampler2D s0 :  : texunit 0 : 1 : 1",
        "#var float2 ORIG.video_size :  :  : 2 : 0",
        "#var sampler2D ORIG.image :  : texunit 5 : 2 : 1",
        "#var sampler2D ORIG.tex2 :  : texunit 6 : 2 : 1",
        // A varying in a TEXUNIT struct: the lowest set no read input names (TEX0 is uv's).
        "#var float2 ORIG.tex_coord : $vin.TEX1 : TEX1 : 2 : 1",
        // O2.video_size is unread but counted (TEXCOORD5): tex_coord is TEXCOORD6.
        "#var float2 O2.video_size :  :  : 3 : 0",
        // A sampler in a TEXCOORD struct: the lowest unit no read sampler names (0, 5, 6 are).
        "#var sampler2D O2.image :  : texunit 1 : 3 : 1",
        "#var sampler2D O2.tex2 :  :  : 3 : 0",
        "#var float2 O2.tex_coord : $vin.TEX6 : TEX6 : 3 : 1",
        // TEX0, TEX1 and TEX6 are read: z takes TEX2.
        "#var float2 z : $vin.TEX2 : TEX2 : 4 : 1",
        "#var float4 main : $vout.COLOR : COL : -1 : 1",
    ];
    assert_eq!(interface_lines("structsem-orig", ORIG), expected);
}

#[test]
fn own_semantics_keep_their_set_and_nested_leaves_count_one_by_one() {
    let source = "\
struct inner { float2 a; float2 b; };
struct S { float2 m0; float2 own : TEXCOORD0; inner in1; float2 arr[2]; };
float4 main(S s : TEXCOORD2, float2 w) : COLOR {
  return s.m0.xyxy + s.own.xyxy + s.in1.a.xyxy + s.in1.b.xyxy + s.arr[0].xyxy + s.arr[1].xyxy
       + w.xyxy;
}
";
    let expected = [
        "#var float2 s.m0 : $vin.TEX2 : TEX2 : 0 : 1",
        "#var float2 s.own : $vin.TEXCOORD0 : TEX0 : 0 : 1",
        "#var float2 s.in1.a : $vin.TEX3 : TEX3 : 0 : 1",
        "#var float2 s.in1.b : $vin.TEX4 : TEX4 : 0 : 1",
        "#var float2 s.arr[0] : $vin.TEX5 : TEX5 : 0 : 1",
        "#var float2 s.arr[1] : $vin.TEX6 : TEX6 : 0 : 1",
        "#var float2 w : $vin.TEX1 : TEX1 : 1 : 1",
        "#var float4 main : $vout.COLOR : COL : -1 : 1",
    ];
    assert_eq!(interface_lines("structsem-nested", source), expected);
}

#[test]
fn counting_past_the_last_set_or_unit_fails_only_where_read() {
    let varyings = "\
struct S { float2 a; float2 b; float2 c; };
float4 main(S s : TEXCOORD6) : COLOR { return s.a.xyxy + s.b.xyxy; }
";
    let expected = [
        "#var float2 s.a : $vin.TEX6 : TEX6 : 0 : 1",
        "#var float2 s.b : $vin.TEX7 : TEX7 : 0 : 1",
        "#var float2 s.c :  :  : 0 : 0",
        "#var float4 main : $vout.COLOR : COL : -1 : 1",
    ];
    assert_eq!(interface_lines("structsem-tex-end", varyings), expected);
    let read_c = varyings.replace("s.b.xyxy", "s.c.xyxy");
    let errors = compile_errors("structsem-tex-end-read", &read_c);
    assert!(
        errors.contains("input `s.c`") && errors.contains("TEXCOORD8"),
        "{errors}"
    );

    let samplers = "\
struct T { uniform sampler2D a; uniform sampler2D b; };
float4 main(float2 uv : TEXCOORD0, T t : TEXUNIT15) : COLOR { return tex2D(t.a, uv); }
";
    let expected = [
        "#semantic main.t : TEXUNIT15",
        "#var float2 uv : $vin.TEXCOORD0 : TEX0 : 0 : 1",
        "#var sampler2D t.a :  : texunit 15 : 1 : 1",
        "#var sampler2D t.b :  :  : 1 : 0",
        "#var float4 main : $vout.COLOR : COL : -1 : 1",
    ];
    assert_eq!(interface_lines("structsem-unit-end", samplers), expected);
    let read_b = samplers.replace("t.a, uv", "t.b, uv");
    let errors = compile_errors("structsem-unit-end-read", &read_b);
    assert!(errors.contains("texture unit 16"), "{errors}");
}

#[test]
fn counted_units_of_unread_samplers_reserve_nothing() {
    let source = "\
struct T { uniform sampler2D a; uniform sampler2D b; uniform sampler2D c : TEXUNIT7; };
float4 main(float2 uv : TEXCOORD0, uniform sampler2D x, T t : TEXUNIT0, uniform sampler2D y) : COLOR {
  return tex2D(x, uv) + tex2D(t.b, uv) + tex2D(t.c, uv) + tex2D(y, uv);
}
";
    let expected = [
        "#semantic main.x",
        "#semantic main.t : TEXUNIT0",
        "#semantic main.y",
        "#var float2 uv : $vin.TEXCOORD0 : TEX0 : 0 : 1",
        // t.a (unit 0) is unread: x may take unit 0; t.b's unit 1 is read and reserved.
        "#var sampler2D x :  : texunit 0 : 1 : 1",
        "#var sampler2D t.a :  : texunit 0 : 2 : 0",
        "#var sampler2D t.b :  : texunit 1 : 2 : 1",
        // Its own unit, shown as its semantic, takes no number.
        "#var sampler2D t.c : TEXUNIT7 : texunit 7 : 2 : 1",
        "#var sampler2D y :  : texunit 2 : 3 : 1",
        "#var float4 main : $vout.COLOR : COL : -1 : 1",
    ];
    assert_eq!(interface_lines("structsem-reserve", source), expected);
}

#[test]
fn a_global_struct_semantic_counts_and_is_listed() {
    let source = "\
struct T { sampler2D a; sampler2D b; };
T gt : TEXUNIT3;
float4 main(float2 uv : TEXCOORD0) : COLOR { return tex2D(gt.b, uv); }
";
    let expected = [
        "#semantic gt : TEXUNIT3",
        "#var float2 uv : $vin.TEXCOORD0 : TEX0 : 0 : 1",
        "#var sampler2D gt.a :  : texunit 3 : -1 : 0",
        "#var sampler2D gt.b :  : texunit 4 : -1 : 1",
        "#var float4 main : $vout.COLOR : COL : -1 : 1",
    ];
    assert_eq!(interface_lines("structsem-global", source), expected);
}

#[test]
fn a_counted_member_is_read_from_its_counted_register() {
    let dir = scratch("structsem-eval");
    let source = "\
struct orig { float2 video_size; float2 tex_coord; };
float4 main(float2 uv : TEXCOORD0, orig O2 : TEXCOORD5) : COLOR {
  return float4(O2.tex_coord, uv);
}
";
    let cg = write(&dir, "p.cg", source);
    let fp = dir.join("p.fp");
    let o = pigment(&["compile", &cg, "-o", fp.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // O2.tex_coord is the struct's second varying: TEXCOORD5 + 1 = TEX6. TEX1 (the lowest set
    // nothing names) and TEX5 hold other values, which must not show.
    let v = json(&pigment(&[
        "eval",
        fp.to_str().unwrap(),
        "--attr",
        "TEX0=0.5,1",
        "--attr",
        "TEX1=9,9",
        "--attr",
        "TEX5=7,7",
        "--attr",
        "TEX6=0.25,0.75",
    ]));
    assert_eq!(
        v["outputs"]["COLR"],
        serde_json::json!([0.25, 0.75, 0.5, 1.0])
    );
}
