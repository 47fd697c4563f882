//! JSON values for `pigment eval`: floats printed as the shortest decimal that reads back to the same
//! f32, NaN and infinities as the strings "NaN", "Infinity", "-Infinity".

use serde_json::Value;

pub fn float(x: f32) -> Value {
    if x.is_nan() {
        Value::from("NaN")
    } else if x.is_infinite() {
        Value::from(if x > 0.0 { "Infinity" } else { "-Infinity" })
    } else {
        // Rust prints the shortest representation that round-trips as f32; reading that as f64 keeps
        // it short in the JSON text (printing the widened f64 would show 0.10000000149011612).
        let shortest: f64 = format!("{x}").parse().unwrap_or(x as f64);
        serde_json::Number::from_f64(shortest).map_or(Value::Null, Value::Number)
    }
}

/// A vector with the components that were never written as `null`.
pub fn vector(v: [f32; 4], written: [bool; 4]) -> Value {
    Value::Array(
        (0..4)
            .map(|c| if written[c] { float(v[c]) } else { Value::Null })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_shortest_and_specials_as_strings() {
        assert_eq!(float(0.1).to_string(), "0.1");
        assert_eq!(float(-2.0).to_string(), "-2.0");
        assert_eq!(float(f32::NAN).to_string(), "\"NaN\"");
        assert_eq!(float(f32::NEG_INFINITY).to_string(), "\"-Infinity\"");
        assert_eq!(
            vector([1.0, 2.0, 3.0, 4.0], [true, false, true, false]).to_string(),
            "[1.0,null,3.0,null]"
        );
    }
}
