//! Programs that break the spec's rules: each error's exact `LINE:COL: message` is pinned.

mod common;

use common::{check_errors, in_surface};

fn errors_in_body(body: &str) -> Vec<String> {
    check_errors(&in_surface(body))
}

#[test]
fn unknown_and_duplicate_names() {
    assert_eq!(
        errors_in_body("x = 1;\nuniform float y; uniform color y;\nFB = foo(1);"),
        [
            "2:1: unknown name `x`",
            "3:32: `y` is already declared in this block",
            "4:6: unknown function `foo`",
        ]
    );
    assert_eq!(
        check_errors("uniform float pi = 3;\nuniform float sin(uniform float x = 0) { return x; }"),
        [
            "1:15: `pi` is predefined and cannot be redeclared",
            "2:15: `sin` is a built-in function",
        ]
    );
}

#[test]
fn promotion_only_goes_up() {
    assert_eq!(
        errors_in_body("uniform float a = p;\nparameter color c = FB;\nu = p;"),
        [
            "2:19: a parameter float value cannot become uniform float (promotion only goes uniform → parameter → varying)",
            "3:21: a varying color value cannot become parameter color (promotion only goes uniform → parameter → varying)",
            "4:5: a parameter float value cannot become uniform float (promotion only goes uniform → parameter → varying)",
        ]
    );
}

#[test]
fn declarations_follow_section_three() {
    assert_eq!(
        errors_in_body(
            "varying float f;\nparameter string s;\nvarying color v = color(1);\nuniform float a[0];\nuniform float b[] ;\nvarying color w[2];"
        ),
        [
            "2:1: varying data can only be `varying color`",
            "3:1: strings can only be uniform",
            "4:19: a varying variable can only be initialised with `FB`",
            "5:17: an array size must be a whole number of at least 1",
            "6:15: array `b` needs a size",
            "7:1: there are no varying arrays",
        ]
    );
}

#[test]
fn varying_values_allow_no_arithmetic() {
    assert_eq!(
        errors_in_body(
            "varying color v = FB;\nFB = v * 2;\nFB = FB[0] + 1;\nv = FB * 1;\nv += FB;"
        ),
        [
            "3:6: varying values allow no arithmetic (`*`); combine them into FB with `*=`",
            "4:6: varying values allow no arithmetic (`+`); combine them into FB with `+=`",
            "5:1: a varying variable can only be assigned `FB` (`v = FB`)",
            "6:1: a varying variable can only be assigned `FB` (`v = FB`)",
        ]
    );
}

#[test]
fn relations() {
    assert_eq!(
        errors_in_body(
            "if (p > 1) FB = 1;\nif (u) FB = 1;\nif (FB[0] > 1 && u > 2) FB = 1;\nif (1 < FB[0]) FB = 1;\nif (u > \"s\") FB = 1;"
        ),
        [
            "2:5: there are no parameter relations: only uniform values and `FB[i]` can be compared",
            "3:5: an `if` needs a relation, found uniform float",
            "4:5: `&&` needs uniform relations, found varying relation",
            "5:5: a varying comparison is `FB[i] op float`, found uniform float and varying float",
            "6:5: no `>` between uniform float and uniform string",
        ]
    );
}

#[test]
fn frame_buffer_assignments() {
    assert_eq!(
        errors_in_body(
            "FB /= 2;\nFB.gr = 1;\nFB.rgbr = 1;\nFB[0] = 1;\npi = 3;\nshadermatrix = 1;"
        ),
        [
            "2:7: `/=` is not a varying operation (FB takes `=`, `+=`, `-=`, `*=`)",
            "3:4: `gr` is not a channel mask: letters of `rgba`, in order, each at most once",
            "4:4: `rgbr` is not a channel mask: letters of `rgba`, in order, each at most once",
            "5:1: `FB` is predefined and cannot be assigned",
            "6:1: `pi` is predefined and cannot be assigned",
            "7:1: `shadermatrix` is predefined and cannot be assigned",
        ]
    );
}

#[test]
fn parameter_elements_and_operator_limits() {
    assert_eq!(
        errors_in_body(
            "parameter color c = 1;\nc[0] = 1;\nuniform string s = \"a\";\ns += \"b\";\nuniform matrix m = 1;\nm /= 2;\nuniform color k = m * color(1);"
        ),
        [
            "3:1: parameter colors and matrices cannot be set by element",
            "5:1: strings only take `=`",
            "7:1: matrices cannot be divided",
            "8:19: no `*` between matrix and color",
        ]
    );
}

#[test]
fn calls_are_checked_against_signatures() {
    assert_eq!(
        errors_in_body(
            "uniform float a = atan(1, 2, 3);\nuniform color c = color(1, 2);\nuniform float b = sin(\"x\");\nFB = texture(u);\nFB = blend(1, 2);\nuniform float d = sqrt(p);"
        ),
        [
            "2:19: `atan` takes 1 or 2 arguments, found 3",
            "3:19: `color` takes 1 or 4 arguments, found 2",
            "4:23: expected parameter float, found uniform string",
            "5:14: `texture` needs a uniform string or a parameter float or color array, found uniform float",
            "6:6: `blend` takes 1 arguments, found 2",
            "7:19: a parameter float value cannot become uniform float (promotion only goes uniform → parameter → varying)",
        ]
    );
}

#[test]
fn varying_functions_only_into_all_of_fb() {
    let text = "varying color lit() { FB = diffuse(); }\nsurface s() {\nFB = lit();\nFB += lit();\nFB.r = lit();\nFB = blend(lit());\n}";
    assert_eq!(
        check_errors(text),
        [
            "4:7: the varying function `lit` can only be assigned to all of FB (`FB = lit(...)`)",
            "5:8: the varying function `lit` can only be assigned to all of FB (`FB = lit(...)`)",
            "6:12: the varying function `lit` can only be assigned to all of FB (`FB = lit(...)`)",
        ]
    );
}

#[test]
fn functions_formals_and_return() {
    let text = "uniform float f(uniform float x) { x = 1; }\nuniform float g(varying color v = FB) { return 1; x = 2; }\nsurface s(uniform float a = 1) { return 1; FB = 1; }\nsurface t() { FB = s(); repeat (FB[0] > 1) FB = 1; }";
    assert_eq!(
        check_errors(text),
        [
            "1:31: formal `x` needs an initial value (its default)",
            "1:15: function `f` must end with `return`",
            "2:17: formals must be uniform or parameter",
            "2:41: `return` can only be the last statement of a function",
            "2:51: unknown name `x`",
            "2:15: function `g` must end with `return`",
            "3:34: `return` can only be the last statement of a function",
            "4:20: `s` is a shader and cannot be called",
            "4:33: `repeat` needs a uniform float count, found varying relation",
        ]
    );
}

#[test]
fn indexing_rules() {
    assert_eq!(
        errors_in_body(
            "parameter float a[3];\nuniform float x = u[0];\nparameter float y = a[p];\nvarying color v = FB;\nif (v[0] > 1) FB = 1;"
        ),
        [
            "3:19: a uniform float cannot be indexed",
            "4:23: an array index must be uniform",
            "6:5: among varying values only `FB` can be indexed (`FB[i] op x`)",
        ]
    );
}

#[test]
fn assigned_elements_need_uniform_indices() {
    assert_eq!(
        errors_in_body(
            "uniform color c = 1;\nc[p] = 1;\nuniform matrix m = 1;\nm[1][p] += 2;\nc[1] = 2;"
        ),
        [
            "3:1: an assigned element needs uniform indices",
            "5:1: an assigned element needs uniform indices",
        ]
    );
}
