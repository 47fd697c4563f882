//! The built-ins of section VIII, one by one: each maths function has a uniform and a parameter
//! overload (the result takes the highest class of its arguments), the varying ones give a varying
//! colour; wrong counts and classes are located errors.

mod common;

use common::{check_errors, in_surface};

/// (name, number of float arguments, result type)
const MATHS: &[(&str, usize, &str)] = &[
    ("abs", 1, "float"),
    ("acos", 1, "float"),
    ("asin", 1, "float"),
    ("atan", 1, "float"),
    ("atan", 2, "float"),
    ("ceil", 1, "float"),
    ("clamp", 3, "float"),
    ("cos", 1, "float"),
    ("exp", 1, "float"),
    ("floor", 1, "float"),
    ("log", 1, "float"),
    ("max", 2, "float"),
    ("min", 2, "float"),
    ("mod", 2, "float"),
    ("perspective", 1, "matrix"),
    ("pow", 2, "float"),
    ("rotate", 4, "matrix"),
    ("round", 1, "float"),
    ("scale", 3, "matrix"),
    ("sign", 1, "float"),
    ("sin", 1, "float"),
    ("smoothstep", 3, "float"),
    ("sqrt", 1, "float"),
    ("step", 2, "float"),
    ("tan", 1, "float"),
    ("translate", 3, "matrix"),
];

fn call(name: &str, arg: &str, n: usize) -> String {
    format!("{name}({})", vec![arg; n].join("; "))
}

#[test]
fn maths_builtins_have_uniform_and_parameter_overloads() {
    for &(name, n, ret) in MATHS {
        let body = format!(
            "uniform {ret} a = {};\nparameter {ret} b = {};\nuniform {ret} c = {};",
            call(name, "u", n),
            call(name, "p", n),
            call(name, "p", n)
        );
        let demoted = format!(
            "4:{}: a parameter {ret} value cannot become uniform {ret} (promotion only goes uniform → parameter → varying)",
            ret.len() + 14
        );
        assert_eq!(check_errors(&in_surface(&body)), [demoted], "{name}");
        let wrong = format!("uniform {ret} a = {};", call(name, "u", 5));
        assert_eq!(check_errors(&in_surface(&wrong)).len(), 1, "{name}");
    }
}

#[test]
fn inverse_and_spline() {
    let body = "uniform matrix m = inverse(scale(1, 2, 3));
parameter matrix pm = inverse(shadermatrix);
uniform float fa[3];
parameter color ca[2];
uniform float f = spline(.5; fa);
parameter color c = spline(p; ca);
uniform float g = spline(.5; ca);
uniform float h = inverse(1);";
    assert_eq!(
        check_errors(&in_surface(body)),
        [
            "8:19: expected uniform float, found parameter color",
            "9:19: expected uniform float, found uniform matrix",
        ]
    );
}

#[test]
fn varying_builtins() {
    let body = "parameter float t[4];
uniform color uc[2];
varying color v = FB;
FB = ambient(); FB = diffuse(); FB = specular(p);
FB = transform(shadermatrix); FB = lookup(t); FB = lookup(uc);
FB = blend(v); FB = over(color(1)); FB = under(FB);
FB = texture(\"x\"; shadermatrix); FB = texture(t; 2); FB = environment(uc);
FB = project(\"x\", \"y\");
FB = ambient(1);
FB = specular(v);";
    assert_eq!(
        check_errors(&in_surface(body)),
        [
            "9:19: expected parameter matrix, found uniform string",
            "10:6: `ambient` takes 0 arguments, found 1",
            "11:15: expected parameter float, found varying color",
        ]
    );
}
