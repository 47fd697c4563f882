//! Which sampler settings the chain gives each texture a pass reads, where they can differ between
//! runtimes: RetroArch samples pass k's output as pass k+1 (the pass reading it as its source)
//! samples it, and the input and history as pass 0 does (`gl_create_fbo_texture` in its Cg
//! runtime; `pass_outputs[i]` from `passes[i + 1]` in its slang runtimes). librashader differs
//! (pass k's own settings), so these cases cannot be held to it; the expected values here are
//! RetroArch's rule applied by hand to a preset whose three passes all sample differently.

use nvfp::texture::{Filter, Texture, Wrap};
use pigment_preset::chain::{Bindings, Chain, PassProgram, Picture};
use pigment_preset::{Pass, Preset, WrapMode};
use std::cell::RefCell;
use std::path::PathBuf;

/// A pass that draws black and records, per call, each sampler's filter and wrap by name
/// (`source` for texture unit 0).
#[derive(Default)]
struct Recorder {
    seen: RefCell<Vec<Vec<(String, Filter, Wrap)>>>,
}

impl PassProgram for Recorder {
    fn shade(&self, b: &Bindings, w: u32, h: u32) -> Result<Vec<[f32; 4]>, String> {
        let settings = |name: &str, t: &Texture| (name.to_string(), t.filter(), t.wrap());
        let mut seen = vec![settings("source", &b.source)];
        seen.extend(b.samplers.iter().map(|(name, t)| settings(name, t)));
        self.seen.borrow_mut().push(seen);
        Ok(vec![[0.0; 4]; (w * h) as usize])
    }
}

fn pass(filter_linear: Option<bool>, wrap: WrapMode, alias: Option<&str>) -> Pass {
    Pass {
        shader: PathBuf::from("p.cg"),
        alias: alias.map(str::to_string),
        filter_linear,
        wrap,
        scale: None,
        float_framebuffer: false,
        srgb_framebuffer: false,
        mipmap_input: false,
        frame_count_mod: 0,
    }
}

/// What pass `index` of the three-pass preset saw: (name, filter, wrap) per sampler.
fn seen_by(index: usize) -> Vec<(String, Filter, Wrap)> {
    let preset = Preset {
        name: "samplers.cgp".into(),
        passes: vec![
            pass(None, WrapMode::ClampToBorder, Some("FIRST")),
            pass(Some(true), WrapMode::ClampToEdge, None),
            pass(Some(false), WrapMode::MirroredRepeat, None),
        ],
        textures: Vec::new(),
        parameters: Vec::new(),
    };
    let chain = Chain {
        preset: &preset,
        programs: (0..3).map(|_| Recorder::default()).collect(),
        luts: Vec::new(),
        parameters: Vec::new(),
        sizes: vec![(4, 4); 3],
        rules: Default::default(),
    };
    let input = Picture {
        width: 4,
        height: 4,
        pixels: vec![[0.5; 4]; 16],
    };
    chain.run(&input, 1, |_, _| Ok(())).unwrap();
    let seen = chain.programs[index].seen.borrow()[0].clone();
    seen
}

fn settings_of(seen: &[(String, Filter, Wrap)], name: &str) -> (Filter, Wrap) {
    let found = seen.iter().find(|(n, _, _)| n == name);
    let (_, filter, wrap) = found.unwrap_or_else(|| panic!("no sampler `{name}` in {seen:?}"));
    (*filter, *wrap)
}

#[test]
fn an_unset_filter_is_nearest() {
    let first = seen_by(0);
    let pass0 = (Filter::Nearest, Wrap::ClampToBorder);
    assert_eq!(settings_of(&first, "source"), pass0);
    assert_eq!(settings_of(&first, "IN.texture"), pass0);
}

#[test]
fn a_pass_output_named_later_is_sampled_as_the_pass_after_it_samples_it() {
    let last = seen_by(2);
    let pass1 = (Filter::Linear, Wrap::ClampToEdge);
    // Pass 0's output under each of its names, read by pass 2.
    for name in ["PASS1.texture", "PASSPREV2.texture", "FIRST.texture"] {
        assert_eq!(settings_of(&last, name), pass1, "{name}");
    }
    // Pass 2's source (pass 1's output) is pass 2's own.
    let pass2 = (Filter::Nearest, Wrap::MirroredRepeat);
    for name in ["source", "IN.texture", "PASS2.texture", "PASSPREV1.texture"] {
        assert_eq!(settings_of(&last, name), pass2, "{name}");
    }
}

#[test]
fn the_input_and_its_history_are_sampled_as_pass_0_samples_them() {
    let last = seen_by(2);
    let pass0 = (Filter::Nearest, Wrap::ClampToBorder);
    for name in [
        "ORIG.texture",
        "PASSPREV3.texture",
        "PREV.texture",
        "PREV6.texture",
    ] {
        assert_eq!(settings_of(&last, name), pass0, "{name}");
    }
}
