//! Well-formed ISL programs, written for these tests from the spec: they parse and check with no
//! diagnostics.

mod common;

use common::{check_errors, in_surface, programs};

fn clean(text: &str) {
    assert_eq!(check_errors(text), Vec::<String>::new(), "{text}");
}

#[test]
fn the_specs_example_shader() {
    clean(programs::SPEC_EXAMPLE);
}

#[test]
fn uniform_arithmetic_and_element_assignment() {
    clean(&in_surface(programs::UNIFORM_ARITHMETIC));
}

#[test]
fn parameters_promote_uniforms() {
    clean(&in_surface(programs::PARAMETER_PROMOTION));
}

#[test]
fn strings_and_textures() {
    clean(programs::STRINGS_AND_TEXTURES);
}

#[test]
fn frame_buffer_control() {
    clean(&in_surface(programs::FRAME_BUFFER_CONTROL));
}

#[test]
fn uniform_control_and_functions() {
    clean(programs::UNIFORM_CONTROL);
}

#[test]
fn scoping_allows_redeclaring_in_a_nested_block() {
    clean(&in_surface(programs::NESTED_SCOPES));
}

#[test]
fn all_five_shader_kinds() {
    clean(programs::ALL_SHADER_KINDS);
}
