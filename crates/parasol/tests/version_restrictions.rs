//! The reference version checker's rule for externals: `restrict N PROFILE;` makes an external
//! unavailable in that GLSL version, and a shader reaching it through any chain of terms is
//! excluded there, at the reference in the reaching code. Programs written here from the spec;
//! externals in user code need the reference's internal mode, as its own tests use.

use pigment_diag::SourceFiles;
use pigment_parasol::versions::{exclusions, LegacyVersion};

const UNIT: &str = "package t;
module M is
  function old (x : float) : vector_4f =
    external old is
      restrict 100 es;
      restrict 110 full;
      vertex true;
      fragment true;
    end;

  function helper (y : float) : vector_4f = old (y);

  function shadowed (old : float) : float = old;

  shader fragment direct is
    out c : vector_4f as 0;
  with
    value v = old (1.0);
  as
    out c = v;
  end;

  shader fragment indirect is
    out c : vector_4f as 0;
  with
    value v = helper (2.0);
  as
    out c = v;
  end;

  shader fragment clean is
    out c : vector_4f as 0;
  with
    value f = shadowed (3.0);
    value v = new vector_4f (f, f, f, f);
  as
    out c = v;
  end;
end;
";

/// The exclusions of `shader` in `version`, as `LINE:COL message` lines.
fn excluded(shader: &str, version: LegacyVersion) -> Vec<String> {
    let mut files = SourceFiles::new();
    let sources = [("t.p".to_string(), UNIT.to_string())];
    let (units, diags) = pigment_parasol::check_sources(&mut files, &sources, true);
    assert!(diags.is_empty(), "{diags:?}");
    exclusions(&units, &format!("t.M.{shader}"), version)
        .iter()
        .map(|d| {
            assert_eq!(d.code(), Some("GLSL_VERSION_EXCLUDED"));
            let text = pigment_diag::render(&files, d);
            let first = text.lines().next().unwrap_or("").to_string();
            first
                .split_once("t.p:")
                .map_or(first.clone(), |(_, r)| r.to_string())
        })
        .collect()
}

#[test]
fn a_restricted_external_excludes_its_versions_wherever_it_is_reached() {
    let direct = excluded("direct", LegacyVersion::Es100);
    assert_eq!(direct.len(), 1, "{direct:?}");
    assert!(
        direct[0].starts_with("18:15: error[GLSL_VERSION_EXCLUDED]: `M.old`"),
        "{direct:?}"
    );
    // Through `helper`: reported in helper's body, where `old` is called.
    let indirect = excluded("indirect", LegacyVersion::Glsl110);
    assert_eq!(indirect.len(), 1, "{indirect:?}");
    assert!(indirect[0].starts_with("11:45:"), "{indirect:?}");
    // GLSL 1.20 is not restricted.
    assert!(excluded("indirect", LegacyVersion::Glsl120).is_empty());
}

#[test]
fn a_parameter_named_like_the_external_is_not_the_external() {
    assert!(excluded("clean", LegacyVersion::Es100).is_empty());
}

#[test]
fn the_standard_library_restricts_explicit_lod_and_offsets() {
    let unit = "package t;
module N is
  import com.io7m.parasol.Sampler2D as S;
  shader fragment f is
    parameter t : sampler_2d;
    out c : vector_4f as 0;
  with
    value uv = new vector_2f (0.5, 0.5);
    value a = S.texture_with_offset (t, uv, new vector_2i (1, 0));
  as
    out c = a;
  end;
end;
";
    let mut files = SourceFiles::new();
    let sources = [("n.p".to_string(), unit.to_string())];
    let (units, diags) = pigment_parasol::check_sources(&mut files, &sources, false);
    assert!(diags.is_empty(), "{diags:?}");
    for version in [
        LegacyVersion::Glsl110,
        LegacyVersion::Glsl120,
        LegacyVersion::Es100,
    ] {
        let found = exclusions(&units, "t.N.f", version);
        assert_eq!(found.len(), 1, "{version:?}: {found:?}");
        assert!(found[0].message.contains("Sampler2D.texture_with_offset"));
    }
}

#[test]
fn an_unknown_profile_is_a_parse_error() {
    let unit = UNIT.replace("restrict 110 full;", "restrict 110 desktop;");
    let mut files = SourceFiles::new();
    let sources = [("t.p".to_string(), unit)];
    let (_, diags) = pigment_parasol::check_sources(&mut files, &sources, true);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0].code(), Some("PARSER_ERROR"));
    assert!(
        diags[0].message.contains("`es` or `full`"),
        "{}",
        diags[0].message
    );
}
