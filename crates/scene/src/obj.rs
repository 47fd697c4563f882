//! Wavefront OBJ files: the geometry statements `v`, `vn`, `vt` and `f`.
//!
//! A face lists three or more corners, each `v`, `v/vt`, `v//vn` or `v/vt/vn`: 1-based indices
//! into the positions, texture coordinates and normals read so far, a negative one counting back
//! from the last (−1 is the latest). Polygons are fanned into triangles from their first corner.
//! A corner without a texture coordinate gets (0, 0); one without a normal gets the normalised
//! sum of the area-weighted normals of the faces sharing its position (a smooth surface), (0, 0, 1)
//! when those faces are all degenerate. `v` takes x y z and an optional w (divided out; colours
//! some exporters append as three more numbers are ignored), `vt` u and optional v and w, `vn`
//! x y z. The grouping and material statements (`o`, `g`, `s`, `usemtl`, `mtllib`) and the other
//! element kinds (`l`, `p`) are skipped; any other statement is skipped with a warning. `#` starts
//! a comment.
//!
//! The parser never panics: every malformed line is a located error and the rest of the file is
//! still read, so that one pass reports every problem.

use crate::math::{add, normalize, Vec3};
use crate::mesh::{face_normal, Mesh};
use pigment_diag::{Diagnostic, FileId, Span};
use std::collections::HashMap;

/// Statements that carry no geometry Pigment draws, skipped silently.
const SKIPPED: [&str; 7] = ["o", "g", "s", "usemtl", "mtllib", "l", "p"];

/// Parses an OBJ file into one mesh. The mesh holds what was read well (a face with a bad corner
/// is left out); the diagnostics say what was not. A file without faces is an error: there is
/// nothing to draw.
pub fn parse(file: FileId, text: &str) -> (Mesh, Vec<Diagnostic>) {
    let mut reader = Reader {
        file,
        ..Reader::default()
    };
    // A byte-order mark some editors write is not part of the first statement.
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut offset = text.len() - body.len();
    for line in body.split_inclusive('\n') {
        reader.line(line, offset);
        offset += line.len();
    }
    reader.finish(text.len())
}

/// One whitespace-separated word of a line and where it starts in the file.
#[derive(Clone, Copy)]
struct Word<'t> {
    text: &'t str,
    start: usize,
}

impl Word<'_> {
    fn span(&self) -> Span {
        Span::new(self.start, self.start + self.text.len())
    }
}

/// One corner of a face: indices (0-based, checked) into what was read.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Corner {
    position: usize,
    texcoord: Option<usize>,
    normal: Option<usize>,
}

#[derive(Default)]
struct Reader {
    file: FileId,
    positions: Vec<Vec3>,
    texcoords: Vec<[f32; 2]>,
    normals: Vec<Vec3>,
    /// Each distinct corner once, as the mesh vertex it became.
    vertices: HashMap<Corner, u32>,
    /// The corner each mesh vertex came from.
    corners: Vec<Corner>,
    triangles: Vec<[u32; 3]>,
    diagnostics: Vec<Diagnostic>,
}

impl Reader {
    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.diagnostics
            .push(Diagnostic::error(message).at(self.file, span));
    }

    /// Reads one line (with its end of line) starting at byte `offset` of the file.
    fn line(&mut self, line: &str, offset: usize) {
        let content = line.split('#').next().unwrap_or("");
        let words = words(content, offset);
        let Some((keyword, args)) = words.split_first() else {
            return;
        };
        match keyword.text {
            "v" => self.vertex(keyword, args),
            "vt" => self.texcoord(keyword, args),
            "vn" => self.normal(keyword, args),
            "f" => self.face(keyword, args),
            k if SKIPPED.contains(&k) => {}
            k => self.diagnostics.push(
                Diagnostic::warning(format!("unknown OBJ statement `{k}` ignored"))
                    .at(self.file, keyword.span()),
            ),
        }
    }

    /// The numbers of a statement, or `None` after reporting the first word that is not a finite
    /// number, or a count outside `counts`.
    fn numbers(&mut self, keyword: &Word, args: &[Word], counts: &[usize]) -> Option<Vec<f32>> {
        if !counts.contains(&args.len()) {
            let at = args
                .get(counts.iter().max().copied().unwrap_or(0))
                .unwrap_or(keyword);
            let expected = counts
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(" or ");
            self.error(
                at.span(),
                format!(
                    "`{}` takes {expected} numbers, not {}",
                    keyword.text,
                    args.len()
                ),
            );
            return None;
        }
        let mut values = Vec::with_capacity(args.len());
        for word in args {
            match word.text.parse::<f32>() {
                Ok(x) if x.is_finite() => values.push(x),
                _ => {
                    self.error(
                        word.span(),
                        format!("expected a finite number, found `{}`", word.text),
                    );
                    return None;
                }
            }
        }
        Some(values)
    }

    fn vertex(&mut self, keyword: &Word, args: &[Word]) {
        // x y z, x y z w, and either followed by an r g b colour.
        let Some(v) = self.numbers(keyword, args, &[3, 4, 6, 7]) else {
            // Still count it, so that later indices mean what the author meant.
            self.positions.push([0.0; 3]);
            return;
        };
        let w = if v.len() == 4 || v.len() == 7 {
            v[3]
        } else {
            1.0
        };
        if w == 0.0 {
            self.error(args[3].span(), "a vertex's w must not be 0");
        }
        let w = if w == 0.0 { 1.0 } else { w };
        self.positions.push([v[0] / w, v[1] / w, v[2] / w]);
    }

    fn texcoord(&mut self, keyword: &Word, args: &[Word]) {
        let t = self.numbers(keyword, args, &[1, 2, 3]).unwrap_or_default();
        self.texcoords.push([
            t.first().copied().unwrap_or(0.0),
            t.get(1).copied().unwrap_or(0.0),
        ]);
    }

    fn normal(&mut self, keyword: &Word, args: &[Word]) {
        let n = self
            .numbers(keyword, args, &[3])
            .unwrap_or_else(|| vec![0.0; 3]);
        let n = [n[0], n[1], n[2]];
        // A zero normal has no direction: keep it as given (the lights normalise).
        self.normals.push(normalize(n).unwrap_or(n));
    }

    fn face(&mut self, keyword: &Word, args: &[Word]) {
        if args.len() < 3 {
            let at = args.last().unwrap_or(keyword);
            self.error(
                at.span(),
                format!(
                    "a face needs at least 3 corners, this one has {}",
                    args.len()
                ),
            );
            return;
        }
        let corners: Vec<Option<Corner>> = args.iter().map(|w| self.corner(w)).collect();
        let Some(corners) = corners.into_iter().collect::<Option<Vec<_>>>() else {
            return;
        };
        let indices: Vec<u32> = corners.iter().map(|c| self.vertex_of(*c)).collect();
        for k in 1..indices.len() - 1 {
            self.triangles
                .push([indices[0], indices[k], indices[k + 1]]);
        }
    }

    /// One corner `v`, `v/vt`, `v//vn` or `v/vt/vn`, its indices resolved and checked.
    fn corner(&mut self, word: &Word) -> Option<Corner> {
        let parts: Vec<&str> = word.text.split('/').collect();
        let empty_last = parts.len() > 1 && parts[parts.len() - 1].is_empty();
        if parts.len() > 3 || parts[0].is_empty() || empty_last {
            self.error(
                word.span(),
                format!(
                    "malformed face corner `{}`: expected v, v/vt, v//vn or v/vt/vn",
                    word.text
                ),
            );
            return None;
        }
        // Where each part starts, for errors pointing at the faulty index.
        let mut starts = vec![word.start];
        for p in &parts[..parts.len() - 1] {
            starts.push(starts[starts.len() - 1] + p.len() + 1);
        }
        let at = |k: usize| Word {
            text: parts[k],
            start: starts[k],
        };
        let position = self.index(at(0), self.positions.len(), "vertex")?;
        let texcoord = match parts.get(1) {
            Some(t) if !t.is_empty() => {
                Some(self.index(at(1), self.texcoords.len(), "texture coordinate")?)
            }
            _ => None,
        };
        let normal = match parts.get(2) {
            Some(_) => Some(self.index(at(2), self.normals.len(), "normal")?),
            None => None,
        };
        Some(Corner {
            position,
            texcoord,
            normal,
        })
    }

    /// A 1-based (or negative, relative) index into `count` items read so far, 0-based.
    fn index(&mut self, word: Word, count: usize, what: &str) -> Option<usize> {
        let Ok(i) = word.text.parse::<i64>() else {
            self.error(
                word.span(),
                format!("expected a {what} index, found `{}`", word.text),
            );
            return None;
        };
        let resolved = match i {
            0 => None,
            i if i > 0 => usize::try_from(i - 1).ok(),
            // -1 is the last one read.
            i => usize::try_from(i.unsigned_abs())
                .ok()
                .and_then(|back| count.checked_sub(back)),
        };
        match resolved {
            Some(r) if r < count => Some(r),
            _ if i == 0 => {
                self.error(
                    word.span(),
                    format!("{what} indices start at 1; 0 names no {what}"),
                );
                None
            }
            _ => {
                self.error(
                    word.span(),
                    format!("{what} index {i} is out of range: {count} read so far"),
                );
                None
            }
        }
    }

    /// The mesh vertex of a corner, added the first time it is seen.
    fn vertex_of(&mut self, corner: Corner) -> u32 {
        if let Some(&v) = self.vertices.get(&corner) {
            return v;
        }
        let v = self.corners.len() as u32;
        self.corners.push(corner);
        self.vertices.insert(corner, v);
        v
    }

    /// The mesh, normals computed where the file gave none.
    fn finish(mut self, len: usize) -> (Mesh, Vec<Diagnostic>) {
        if self.triangles.is_empty() && !pigment_diag::has_errors(&self.diagnostics) {
            self.error(Span::new(len, len), "the OBJ file has no faces to draw");
        }
        let smooth = self.smooth_normals();
        let mut mesh = Mesh::default();
        for c in &self.corners {
            let normal = match c.normal {
                Some(n) => self.normals[n],
                None => smooth[c.position],
            };
            let texcoord = c.texcoord.map_or([0.0, 0.0], |t| self.texcoords[t]);
            mesh.push_vertex(self.positions[c.position], normal, texcoord);
        }
        mesh.triangles = self.triangles;
        (mesh, self.diagnostics)
    }

    /// Per position: the normalised sum of the area-weighted normals of the faces using it.
    fn smooth_normals(&self) -> Vec<Vec3> {
        let mut sums = vec![[0.0f32; 3]; self.positions.len()];
        for t in &self.triangles {
            let p = t.map(|v| self.corners[v as usize].position);
            let n = face_normal(
                self.positions[p[0]],
                self.positions[p[1]],
                self.positions[p[2]],
            );
            for &i in &p {
                sums[i] = add(sums[i], n);
            }
        }
        sums.into_iter()
            .map(|n| normalize(n).unwrap_or([0.0, 0.0, 1.0]))
            .collect()
    }
}

/// The whitespace-separated words of `text`, which starts at byte `offset` of the file.
fn words(text: &str, offset: usize) -> Vec<Word<'_>> {
    let mut words = Vec::new();
    let mut start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                words.push(Word {
                    text: &text[s..i],
                    start: offset + s,
                });
                start = None;
            }
            _ => {}
        }
    }
    words
}
