//! Well-formed ISL programs, written for these tests from the spec: they parse and check with no
//! diagnostics.

mod common;

use common::{check_errors, in_surface};

fn clean(text: &str) {
    assert_eq!(check_errors(text), Vec::<String>::new(), "{text}");
}

#[test]
fn the_specs_example_shader() {
    clean(
        "surface shadertest(uniform color c = color(1, 0, 0, 1); uniform float f = .25) {
            FB = diffuse(); FB *= c * f; return FB; }",
    );
}

#[test]
fn uniform_arithmetic_and_element_assignment() {
    clean(&in_surface(
        "uniform color c = color(u, 2, 3, 4);
         uniform matrix m = translate(1; 2; 3) * scale(2, 2, 2);
         uniform float a[4];
         uniform color ca[2];
         uniform matrix ma[2];
         c[1] = c[0] * 2 - -u;
         m[2][3] /= pi;
         m[1] = c;
         a[u] += m[1][2];
         ca[1][2] = 1;
         ma[0][1][2] = 3;
         ma[1] = inverse(m) + 1;
         c = m[0] / 2;",
    ));
}

#[test]
fn parameters_promote_uniforms() {
    clean(&in_surface(
        "parameter color pc = color(p, u, 0, 1);
         parameter matrix pm = rotate(0, 0, 1, p) * shadermatrix;
         parameter float pa[3];
         pa[u] = p * sin(p) + atan(p; 2);
         pc += pm[p] * pc[p];
         pm = pm * 2;
         FB = transform(pm);",
    ));
}

#[test]
fn strings_and_textures() {
    clean(
        "uniform string names[2];
         surface t(uniform string tex = \"wood\\n\"; parameter float lut[4]) {
            uniform string s = tex;
            names[0] = \"a\";
            if (s == names[0]) FB = texture(s); else FB = texture(s; 1; shadermatrix);
            FB *= environment(tex, inverse(shadermatrix));
            FB += project(lut);
            FB = lookup(lut);
         }",
    );
}

#[test]
fn frame_buffer_control() {
    clean(&in_surface(
        "varying color v;
         v = FB;
         FB = ambient();
         FB += diffuse();
         FB.rgb *= specular(p);
         FB.ra = color(u);
         if (FB[0] > 0.5) { FB = over(v); } else if (FB[u] <= p) FB = under(v); else FB -= v;
         FB = blend(v);",
    ));
}

#[test]
fn uniform_control_and_functions() {
    clean(
        "uniform float half(uniform float x = 0) { return x / 2; }
         parameter color tint(parameter color c = 1; uniform float k = 1) { return c * k; }
         varying color lit() { FB = diffuse(); }
         distantlight sun(uniform color c = 1) { FB = c; }
         surface s(parameter float k = 1) {
            uniform float n = 0;
            repeat (half(8)) { n += 1; }
            if (n > 3 && !(n == 5) || n != pi) n = 1;
            FB = lit();
            FB *= tint(color(k), 2);
            { uniform color n = 2; n[0] = smoothstep(0; 1; .5); }
            return FB;
         }",
    );
}

#[test]
fn scoping_allows_redeclaring_in_a_nested_block() {
    clean(&in_surface(
        "{ uniform float x; { uniform color x; x = 1; } x = 2; }",
    ));
}

#[test]
fn all_five_shader_kinds() {
    clean(
        "surface a() { FB = 1; }
         atmosphere b() { FB = 0; }
         ambientlight c() { FB = color(.1, .1, .1, 1); }
         distantlight d() { FB = 1; }
         pointlight e(parameter color c = 1) { FB = c; return FB; }",
    );
}
