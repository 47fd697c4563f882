//! Well-formed ISL programs written for the tests from the spec, shared by the checker's tests
//! (check_good.rs), the front end's and the lowering's robustness tests (no_panic.rs,
//! lower_no_panic.rs). "A surface body" is wrapped by `in_surface`.

/// A whole program: the spec's example shader.
pub const SPEC_EXAMPLE: &str =
    "surface shadertest(uniform color c = color(1, 0, 0, 1); uniform float f = .25) {
            FB = diffuse(); FB *= c * f; return FB; }";

/// A surface body: uniform arithmetic and element assignment.
pub const UNIFORM_ARITHMETIC: &str = "uniform color c = color(u, 2, 3, 4);
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
         c = m[0] / 2;";

/// A surface body: parameters computed from uniforms.
pub const PARAMETER_PROMOTION: &str = "parameter color pc = color(p, u, 0, 1);
         parameter matrix pm = rotate(0, 0, 1, p) * shadermatrix;
         parameter float pa[3];
         pa[u] = p * sin(p) + atan(p; 2);
         pc += pm[p] * pc[p];
         pm = pm * 2;
         FB = transform(pm);";

/// A whole program: strings and the texture built-ins.
pub const STRINGS_AND_TEXTURES: &str = "uniform string names[2];
         surface t(uniform string tex = \"wood\\n\"; parameter float lut[4]) {
            uniform string s = tex;
            names[0] = \"a\";
            if (s == names[0]) FB = texture(s); else FB = texture(s; 1; shadermatrix);
            FB *= environment(tex, inverse(shadermatrix));
            FB += project(lut);
            FB = lookup(lut);
         }";

/// A surface body: varying control of the frame buffer.
pub const FRAME_BUFFER_CONTROL: &str = "varying color v;
         v = FB;
         FB = ambient();
         FB += diffuse();
         FB.rgb *= specular(p);
         FB.ra = color(u);
         if (FB[0] > 0.5) { FB = over(v); } else if (FB[u] <= p) FB = under(v); else FB -= v;
         FB = blend(v);";

/// A whole program: uniform control flow and functions.
pub const UNIFORM_CONTROL: &str = "uniform float half(uniform float x = 0) { return x / 2; }
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
         }";

/// A surface body: a name redeclared in a nested block.
pub const NESTED_SCOPES: &str = "{ uniform float x; { uniform color x; x = 1; } x = 2; }";

/// A whole program: one shader of each of the five kinds.
pub const ALL_SHADER_KINDS: &str = "surface a() { FB = 1; }
         atmosphere b() { FB = 0; }
         ambientlight c() { FB = color(.1, .1, .1, 1); }
         distantlight d() { FB = 1; }
         pointlight e(parameter color c = 1) { FB = c; return FB; }";

/// A robustness seed: a surface using most of the language.
pub const SEED: &str = "\
surface s(uniform color c = color(1, 0, 0, 1); parameter float k = .5) {
    varying color v;
    uniform float i = 0x10;
    v = FB;
    FB = diffuse();
    FB *= c * k;
    repeat (3) { i += 1; }
    if (FB[1] > 0.5) FB.rb = v; else { FB = blend(v); }
    return FB;
}
";

/// A robustness seed: functions, a light and a surface.
pub const SEED_FUNCTIONS: &str = "\
uniform float half(uniform float x = 0) { return x / 2; }
parameter color tint(parameter color c = 1; uniform float k = 1) { return c * k; }
uniform string names[2];
distantlight sun(uniform color c = 1; parameter float t[3]) { FB = c; FB *= lookup(t); }
surface s(parameter float k = 1; uniform string tex = \"wood\\n\") {
    uniform float n = 0;
    uniform matrix m = translate(1; 2; 3) * scale(2, 2, 2);
    repeat (half(8)) { n += 1; m[1][2] -= -n; }
    if (n > 3 && !(n == 5) || n != pi) n = 1;
    FB = texture(tex; 1; inverse(shadermatrix));
    FB.rgb *= tint(color(k), 2);
}
";
