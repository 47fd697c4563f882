//! PK2H / PK2US / PK4B / PK4UB and UP2H / UP2US / UP4B / UP4UB (sections 3.11.5.20-23, 41-44; notes
//! item 3): packed words are raw bit patterns that survive PK* -> R register -> UP*.

mod exec_support;
use exec_support::*;

/// Packs p[0] with `pk` into R0 and unpacks R0.x with `up` into R2; returns (R0 bits, R2).
fn round_trip(pk: &str, up: &str, v: [f32; 4]) -> ([u32; 4], [f32; 4]) {
    let trace = run(
        &format!("MOVR R1, p[0];\n{pk} R0, R1;\n{up} R2, R0.x;"),
        &[v],
    );
    (bits(temp(&trace, "R0")[0]), temp(&trace, "R2")[0])
}

#[test]
fn pk2h_of_one_zero_is_an_fp32_denormal_pattern_that_survives() {
    // Notes item 3: PK2H of (1,0) is 0x00003C00 and unpacks to (1,0,1,0).
    let (word, back) = round_trip("PK2H", "UP2H", [1.0, 0.0, 7.0, 7.0]);
    assert_eq!(word, [0x0000_3C00; 4]);
    assert_bits(back, [1.0, 0.0, 1.0, 0.0]);
}

#[test]
fn pk2h_rounds_to_fp16_and_keeps_signs_infinities_and_denormals() {
    let (word, back) = round_trip("PK2H", "UP2H", [1.5, -2.0, 0.0, 0.0]);
    assert_eq!(word, [0xC000_3E00; 4]);
    assert_bits(back, [1.5, -2.0, 1.5, -2.0]);
    let tiny = 2f32.powi(-24);
    let (word, back) = round_trip("PK2H", "UP2H", [70000.0, tiny, 0.0, 0.0]);
    assert_eq!(word, [0x0001_7C00; 4]);
    assert_bits(back, [INF, tiny, INF, tiny]);
}

#[test]
fn pk2us_and_up2us() {
    // Clamped to [0,1], round(65535 x): 0.5 -> 32767.5 -> 32768.
    let (word, back) = round_trip("PK2US", "UP2US", [0.5, 2.0, 0.0, 0.0]);
    assert_eq!(word, [0xFFFF_8000; 4]);
    assert_bits(back, [32768.0 / 65535.0, 1.0, 32768.0 / 65535.0, 1.0]);
    let (word, back) = round_trip("PK2US", "UP2US", [-1.0, 1.0, 0.0, 0.0]);
    assert_eq!(word, [0xFFFF_0000; 4]);
    assert_bits(back, [0.0, 1.0, 0.0, 1.0]);
}

#[test]
fn pk4b_and_up4b() {
    // Clamped to [-128/127, 1], round(127 x + 128): -2 -> 0, 0 -> 128, 1 -> 255, 5 -> 255.
    let (word, back) = round_trip("PK4B", "UP4B", [-2.0, 0.0, 1.0, 5.0]);
    assert_eq!(word, [0xFFFF_8000; 4]);
    assert_bits(back, [-128.0 / 127.0, 0.0, 1.0, 1.0]);
    // 0.5 -> 63.5 + 128 = 191.5 -> 192 (0xC0).
    let (word, back) = round_trip("PK4B", "UP4B", [0.5, -1.0, 0.0, 0.0]);
    assert_eq!(word, [0x8080_01C0; 4]);
    assert_bits(back, [64.0 / 127.0, -127.0 / 127.0, 0.0, 0.0]);
}

#[test]
fn pk4ub_and_up4ub() {
    // Clamped to [0,1], round(255 x): 0.5 -> 127.5 -> 128.
    let (word, back) = round_trip("PK4UB", "UP4UB", [0.0, 0.5, 1.0, -1.0]);
    assert_eq!(word, [0x00FF_8000; 4]);
    assert_bits(back, [0.0, 128.0 / 255.0, 1.0, 0.0]);
    // All ones is an fp32 NaN pattern; it still unpacks to (1,1,1,1).
    let (word, back) = round_trip("PK4UB", "UP4UB", [1.0; 4]);
    assert_eq!(word, [0xFFFF_FFFF; 4]);
    assert_bits(back, [1.0; 4]);
}

#[test]
fn unpacking_reads_raw_bits_of_parameters_and_applies_sign_modifiers_to_the_word() {
    let word = f32::from_bits(0x3C00_3C00); // two fp16 ones
    assert_bits(
        reg("UP2H R0, p[0].x;", &[[word, 0.0, 0.0, 0.0]], "R0"),
        [1.0; 4],
    );
    // Negating the scalar flips bit 31: the high half becomes -1.
    assert_bits(
        reg("UP2H R0, -p[0].x;", &[[word, 0.0, 0.0, 0.0]], "R0"),
        [1.0, -1.0, 1.0, -1.0],
    );
    // A denormal pattern read from a parameter is not flushed either.
    let denormal = f32::from_bits(0x0000_3C00);
    assert_bits(
        reg("UP2H R0, p[0].y;", &[[0.0, denormal, 0.0, 0.0]], "R0"),
        [1.0, 0.0, 1.0, 0.0],
    );
    // Unpacking into an H register.
    assert_bits(
        reg("PK2H R1, {1,0,0,0};\nUP2H H0, R1.x;", &[], "H0"),
        [1.0, 0.0, 1.0, 0.0],
    );
}

#[test]
fn a_packed_word_goes_to_o_colr_unchanged() {
    let text = "!!FP1.0\nPK2H o[COLR], {1,0,0,0};\nEND\n";
    let (out, _) = run_text(text, &[], &Default::default());
    assert_eq!(bits(out.color[0]), [0x0000_3C00; 4]);
}

#[test]
fn arithmetic_on_a_packed_word_reads_it_as_fp32() {
    // The storage decision (exec module docs): conversion happens when an instruction loads the word
    // as a number, so MOVR decodes 0x00003C00 as +0 (E == 0, 3.11.4.1) and the pattern is gone.
    let trace = run("PK2H R1, {1,0,0,0};\nMOVR R2, R1;\nUP2H R0, R2.x;", &[]);
    assert_eq!(bits(temp(&trace, "R2")[0]), [0; 4]);
    assert_bits(temp(&trace, "R0")[0], [0.0; 4]);
}
