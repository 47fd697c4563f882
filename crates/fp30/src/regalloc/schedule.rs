//! Scheduling for register pressure: before allocation, each instruction moves down to just
//! before the first instruction that depends on it, as long as that lengthens no source's life
//! (its register sources are read again at least that late; attributes, parameters and literals
//! live anyway), or (when the [`Trade`] allows) but that of one source dying at it, in exchange for
//! the result's. No choice is always better: allocation tries each and the original order. Values
//! are then computed where they are used: `RCP`s, `RSQ`s and their `ADD` sit together instead of
//! four vectors of scalar functions all live at once, and a texture sample sits by its first use
//! instead of thirty of them live at once.

use crate::mir::*;

/// Whether [`sink`] may move an instruction past the last read of one of its sources (the only
/// one dying there), lengthening that source's life to shorten the result's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trade {
    /// Never.
    Never,
    /// Whatever the widths.
    Always,
    /// When the result is at least as wide, in register units (components, R counting two and H
    /// one), as the source: a `DP3` of a dying vector stays by it (one component would be
    /// traded for three), a `TEX` of a dying coordinate moves by its first use (three or four
    /// for two).
    NotWider,
}

/// Whether `b` (later) must stay after `a`.
fn depends(a: &MInst, b: &MInst) -> bool {
    let a_dst = a.dst_vreg();
    let reads_a = a_dst.is_some_and(|v| b.reads(v));
    let writes_a_src = b.dst_vreg().is_some_and(|v| a.reads(v));
    let same_dst = a.dst.is_some() && a.dst == b.dst && !matches!(a.dst, Some(Dst::Cc(_)));
    let cc =
        (a.update_cc && (b.cond.is_some() || b.update_cc)) || (a.cond.is_some() && b.update_cc);
    reads_a || writes_a_src || same_dst || cc
}

/// The components each virtual register is written in (a source's reads of others, such as a
/// 2D `TEX`'s of its coordinate's `zw`, carry no value).
fn written(mir: &Mir) -> Vec<u8> {
    let mut written = vec![0u8; mir.vregs.len()];
    for inst in &mir.insts {
        if let Some(v) = inst.dst_vreg() {
            written[v.0 as usize] |= inst.mask;
        }
    }
    written
}

/// The register units of `components` components of a register of `file`.
fn units(file: File, components: u8) -> u32 {
    components.count_ones()
        * match file {
            File::R => 2,
            File::H => 1,
        }
}

/// Moves instructions down towards their first dependent; `trade` says when one dying source may
/// live longer in exchange for the result.
pub fn sink(mir: &mut Mir, trade: Trade) {
    let written = written(mir);
    for i in (0..mir.insts.len()).rev() {
        let a = &mir.insts[i];
        if !matches!(a.dst, Some(Dst::V(_)) | Some(Dst::Cc(_))) {
            continue;
        }
        let first_dependent = (i + 1..mir.insts.len())
            .find(|&j| depends(a, &mir.insts[j]))
            .unwrap_or(mir.insts.len());
        // The last later reader of each register source bounds the move; one source that dies
        // here may live longer instead of the result (no worse, and its writer may follow).
        let last_reads: Vec<Option<usize>> = a
            .srcs
            .iter()
            .filter_map(Src::vreg)
            .map(|v| {
                (i + 1..mir.insts.len())
                    .rev()
                    .find(|&j| mir.insts[j].reads(v))
            })
            .collect();
        let dying: Vec<VReg> = a
            .srcs
            .iter()
            .filter_map(Src::vreg)
            .zip(&last_reads)
            .filter(|(_, r)| r.is_none())
            .map(|(v, _)| v)
            .collect();
        let may_trade = match (trade, dying.as_slice()) {
            (Trade::Always, [_]) => true,
            (Trade::NotWider, [v]) => {
                let result = a.dst_vreg().map_or(0, |d| units(mir.file(d), a.mask));
                units(mir.file(*v), written[v.0 as usize]) <= result
            }
            _ => false,
        };
        let bound = if !dying.is_empty() && !may_trade {
            i
        } else {
            last_reads
                .iter()
                .flatten()
                .copied()
                .min()
                .unwrap_or(usize::MAX)
        };
        let target = first_dependent.min(bound.saturating_add(1));
        if target > i + 1 {
            let inst = mir.insts.remove(i);
            mir.insts.insert(target - 1, inst);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nvfp::isa::{AttribReg, Opcode, OutputReg, Precision, TexTarget};

    fn reg(v: u32) -> Src {
        Src::plain(Base::V(VReg(v)))
    }

    fn attr() -> Src {
        Src::plain(Base::Attr(AttribReg::Tex(0)))
    }

    fn inst(op: Opcode, dst: Dst, mask: u8, srcs: Vec<Src>) -> MInst {
        MInst::new(op, Some(Precision::R), dst, mask, srcs)
    }

    fn tex(dst: u32, coord: u32) -> MInst {
        MInst {
            texture: Some((0, TexTarget::D2)),
            precision: None,
            ..inst(Opcode::Tex, Dst::V(VReg(dst)), 0b0111, vec![reg(coord)])
        }
    }

    fn order(mir: &Mir) -> Vec<Option<Dst>> {
        mir.insts.iter().map(|i| i.dst).collect()
    }

    fn v(n: u32) -> Option<Dst> {
        Some(Dst::V(VReg(n)))
    }

    /// `v0.xy = f[TEX0]; v1.xyz = TEX v0; v2 = f[TEX0]; o = v1 * v2`: the sample (three
    /// components, two R units each) may move past `v2` to its use, keeping its coordinate (two
    /// components) alive instead, and the coordinate's writer follows it; without trading it
    /// cannot, as its only source dies there.
    #[test]
    fn a_sample_wider_than_its_coordinate_moves_to_its_use() {
        let program = Mir {
            insts: vec![
                inst(Opcode::Mov, Dst::V(VReg(0)), 0b0011, vec![attr()]),
                tex(1, 0),
                inst(Opcode::Mov, Dst::V(VReg(2)), 0b1111, vec![attr()]),
                inst(
                    Opcode::Mul,
                    Dst::Out(OutputReg::Colr),
                    0b0111,
                    vec![reg(1), reg(2)],
                ),
            ],
            vregs: vec![File::R; 3],
            ..Mir::default()
        };
        let mut never = program.clone();
        sink(&mut never, Trade::Never);
        assert_eq!(order(&never), order(&program));
        let mut not_wider = program.clone();
        sink(&mut not_wider, Trade::NotWider);
        assert_eq!(
            order(&not_wider),
            vec![v(2), v(0), v(1), Some(Dst::Out(OutputReg::Colr))]
        );
    }

    /// `v1.xyz = f[TEX0]; v0.x = DP3 v1, f[TEX0]; v2 = f[TEX0]; o = v0.x * v2`: moving the `DP3`
    /// down would keep three components alive for one; `Always` does (and `v1`'s writer follows
    /// it), `NotWider` does not.
    #[test]
    fn a_dot_product_of_a_dying_vector_stays_by_it() {
        let program = Mir {
            insts: vec![
                inst(Opcode::Mov, Dst::V(VReg(1)), 0b0111, vec![attr()]),
                inst(Opcode::Dp3, Dst::V(VReg(0)), 0b0001, vec![reg(1), attr()]),
                inst(Opcode::Mov, Dst::V(VReg(2)), 0b1111, vec![attr()]),
                inst(
                    Opcode::Mul,
                    Dst::Out(OutputReg::Colr),
                    0b1111,
                    vec![reg(0), reg(2)],
                ),
            ],
            vregs: vec![File::R; 3],
            ..Mir::default()
        };
        let mut always = program.clone();
        sink(&mut always, Trade::Always);
        assert_eq!(
            order(&always),
            vec![v(2), v(1), v(0), Some(Dst::Out(OutputReg::Colr))]
        );
        let mut not_wider = program.clone();
        sink(&mut not_wider, Trade::NotWider);
        assert_eq!(order(&not_wider), order(&program));
    }

    /// An H result is half as wide as an R source of as many components.
    #[test]
    fn units_count_r_components_twice() {
        assert_eq!(units(File::R, 0b0111), 6);
        assert_eq!(units(File::H, 0b0111), 3);
        assert_eq!(units(File::H, 0), 0);
    }
}
