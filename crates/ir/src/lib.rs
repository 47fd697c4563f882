//! Pigment's shading IR: the one representation every front end (Cg; later ISL, Parasol) lowers into and
//! every back end (NV_fragment_program `fp30`; later ARB, GLSL, SPIR-V/WGSL through naga) consumes.
//!
//! This documentation is the IR's specification. The verifier ([`verify`]) checks every rule marked
//! **(V)**; the reference interpreter ([`interp`]) and [`eval`] define what every instruction computes.
//!
//! # Entities
//!
//! A [`Module`] holds entry-point [`Function`]s (front ends inline calls; there is no call instruction).
//! Each function is an entry point of one [`Stage`] (see *Stages* below): a fragment function (the
//! default, [`Function::new`]) or a vertex function.
//! A function owns, each in its own [`Arena`] addressed by typed [`Handle`]s:
//!
//! * **inputs** ([`Input`]): per-vertex attributes of a vertex function, per-fragment varyings of a
//!   fragment function; a type and an optional semantic (`TEXCOORD0`);
//! * **uniforms** ([`Uniform`]): values shared by all vertices or fragments, a type, an optional array length
//!   (`n ≥ 1` **(V)**) and an optional semantic. Arrays may be indexed by a constant (`< n` **(V)**) or at
//!   run time by an int scalar **(V)**; run-time indices clamp to `[0, n-1]`. Non-arrays take no index,
//!   arrays need one **(V)**. An array may be marked `matrix` **(V)**: its elements are the rows of one
//!   source matrix (for reflection). A uniform may have a *default*, one constant per element, each
//!   of the uniform's type and canonical **(V)**: the value it holds when the application sets none
//!   (the source's initializer); without one it holds 0 (false). A uniform's name may be a path
//!   whose parts are joined with `$`, a part of digits being an array index: `IN$video_size` is the
//!   source's `IN.video_size`, `lights$0$color` its `lights[0].color`;
//! * **samplers** ([`Sampler`]): a dimension (`sampler1d`, `sampler2d`, `sampler3d`, `samplercube`, `samplerrect`) and an optional texture unit;
//! * **outputs** ([`Output`]): a type and a semantic (`POSITION`, `TEXCOORD0`; `COLOR`, `DEPTH`),
//!   written with `store`; a vertex output cgc packs into a set another output uses starts at a
//!   component of it (`@TEXCOORD0.z`, [`varyings`]);
//! * **values** ([`ValueInfo`]): the type of every SSA value.
//!
//! What a back end made of a function's interface — names, types, semantics and the target's
//! bindings — is reported in one schema for every target, [`reflect::Reflection`].
//!
//! Interface names are unique within a function across all four kinds **(V)**; function names are unique
//! in a module **(V)**. Instructions carry an optional [`SourceLoc`] (file and byte span) so back-end
//! errors point at the source.
//!
//! # Stages
//!
//! [`Stage::Vertex`] functions run once per vertex. Their inputs are the vertex's attributes, by
//! semantic: `POSITION`, `NORMAL`, `COLOR0`, `COLOR1`, `TEXCOORD0`-`TEXCOORD7`, `ATTR0`-`ATTR15`,
//! `BLENDWEIGHT`, `TANGENT`, ... (upper case, a digit suffix as written). Their outputs are the clip
//! position (semantic `POSITION`, float4) and the varyings, by semantic (`TEXCOORD0`-`7`, `COLOR0`,
//! `COLOR1`, `FOG`, `PSIZE`, ...), which the rasterizer interpolates into the fragment function's
//! inputs of the same semantic. An output the function never writes binds nothing: it may lack a
//! semantic or share one with a written output (a Cg struct member the program never assigns keeps
//! its declared semantic; cgc gives its set to another member), so back ends bind written outputs.
//!
//! [`Stage::Fragment`] functions run once per fragment, in 2x2 quads. Their inputs are varyings by
//! semantic (`TEXCOORD0`, `COLOR0`, `WPOS`, ...); their outputs `COLOR`/`COLOR0`-`COLOR3` and `DEPTH`.
//!
//! A vertex has no neighbours, so a vertex function may not use what needs a fragment's quad: `ddx`,
//! `ddy`, `discard`, and the lookups whose level of detail comes from derivatives (`tex`, `texproj`,
//! `texbias`) are errors in it **(V)**. `texlod` and `texgrad` are valid in both stages.
//!
//! # Types
//!
//! A [`Type`] is a [`ScalarKind`] and a width of 1-4 **(V)**; `float` is `float1`. Kinds:
//!
//! | kind | values |
//! |---|---|
//! | `float` | IEEE binary32 **without denormals**: arithmetic reads denormal operands as ±0 and flushes denormal results to ±0 |
//! | `half` | IEEE binary16 with denormals |
//! | `fixed` | fx12: multiples of 1/1024 in [-2, 2047/1024] |
//! | `bool` | true / false |
//! | `int` | 32-bit two's complement |
//!
//! There are no implicit conversions: operands of an operation have exactly the types its signature
//! asks for **(V)**, and front ends insert `cvt` and `swizzle` (to splat a scalar) themselves. Matrices,
//! structs and arrays of values do not exist in the IR; front ends split them into vectors.
//!
//! # Values and scoping
//!
//! Every value is defined exactly once **(V)**: by an instruction's result, by a region's result, or as
//! a loop parameter. A use must be *in scope* at its point **(V)**: defined earlier in the same block
//! or in an enclosing block (the definitions of an enclosing block that precede the region). Values
//! defined inside a region are invisible outside it; they leave only through `yield`/`break`. A
//! region's results are defined after the region (not inside it); loop parameters are defined at the top
//! of the loop body. Each instruction's declared result types must equal what its operands give **(V)**.
//!
//! # Control flow
//!
//! Structured only; there are no gotos. A [`Block`] is a list of instructions; a terminator (`yield`,
//! `break`, `continue`, `return`) may only be a block's last instruction **(V)**.
//!
//! * `if %c { A } else { B }` — `%c` is a `bool` scalar **(V)**. Runs A when true, else B. Its results
//!   are the operands of the `yield` that ends the branch taken.
//! * `switch %s { case 1, 2 { A } ... default { D } }` — `%s` is an `int` scalar **(V)**, case values are
//!   distinct and every case has at least one **(V)**. Runs the arm listing `%s`, else the default. No
//!   fall-through (C's `break` out of a switch arm is a `yield`).
//! * `loop (%p: T = %init, ...) { body }` — the parameters take the init values (same types **(V)**),
//!   then the body runs; `continue %v, ...` starts the next iteration with new parameter values,
//!   `break %r, ...` leaves the loop with its results. Both target the innermost loop, from any depth of
//!   nested `if`/`switch` **(V)**: outside a loop they are errors **(V)**.
//! * `yield %v, ...` ends an `if` branch or `switch` arm and must be directly in one **(V)**.
//! * A block whose last instruction is not a terminator ends with an implicit `yield` (in an arm) or
//!   `continue` (in a loop body) without operands; that is valid only if the region has no results
//!   (arm) or no parameters (loop) **(V)**. Operands of `yield`/`break`/`continue` match the region's
//!   result (or parameter) types in number and type **(V)**.
//! * `return` ends the vertex's or fragment's program (from any depth). `discard` marks the fragment discarded
//!   and execution goes on ("demote" semantics, as NV_fragment_program's KIL): its outputs are thrown
//!   away and it keeps serving as a helper for derivatives.
//! * `store $out.mask, %v` writes `%v`'s components, in order, to the output components enabled by the
//!   mask (listed in xyzw order, within the output's width); `%v` has the output's kind and as many
//!   components as the mask enables **(V)**. Later stores override earlier ones per component. Outputs
//!   never written read as 0 and are reported as unwritten.
//!
//! # Meaning of instructions
//!
//! The scalar arithmetic is `pigment_numeric`'s: the same functions the NV_fragment_program machine
//! (nvfp) computes with, so that an operation that maps to an NV instruction gives its bits exactly.
//! [`numeric`] adds the few rules the IR defines on its own; [`eval::eval`] applies them. For the real
//! kinds (float, half, fixed) every operation **computes in its result's kind**: it takes its operands'
//! values (exact in f32; float denormals read as 0), evaluates its formula in IEEE fp32 with every step's
//! denormal results flushed to ±0 (round to nearest even; a result that rounds beyond the largest finite
//! value is ±INF), then converts the fp32 result once to the result kind ([`numeric::to_kind`]): float
//! makes NaN the canonical 0x7fc00000; half rounds nearest-even to fp16 with IEEE overflow (|x| ≥ 65520
//! → ±INF, so 65504 < |x| < 65520 → ±65504; denormals kept); fixed maps NaN to 0, clamps to
//! [-2, 2047/1024] and rounds to the nearest 1/1024 (ties to even), and has no −0. So a `half` `add`
//! rounds to fp16 once, after the fp32 sum. Int operations wrap; `div` truncates toward zero and
//! `x / 0 = 0`.
//!
//! **Multi-step operations round every step to the kind.** `mad`, `dot` and `lerp` are computed the
//! way NV_fragment_program's instructions of the kind's precision (R for float, H for half, X for
//! fixed) compute them: each elementary multiply, add or subtract is converted to the result kind
//! before the next step reads it (NV 3.11.4.2: H "calculations are carried out using 16-bit floating
//! point operands and results"), in this order:
//!
//! * `mad a, b, c` = k(k(a·b) + c), NV MAD;
//! * `dot a, b` = k(…k(k(k(a.x·b.x) + k(a.y·b.y)) + k(a.z·b.z))…), the products summed x to w, NV DP3
//!   / DP4 (a width-2 `dot` is MUL then MAD, width 1 a MUL);
//! * `lerp a, b, w` = k(k(w·k(b − a)) + a): an ADD and a MAD, as cgc computes Cg's `lerp` (not NV LRP,
//!   whose formula t·a + (1−t)·b rounds differently);
//!
//! where k is the conversion to the kind. For float, k flushes denormals (NaN is made canonical at the
//! end), which is the fp32 rule above; for half an intermediate tie or overflow is rounded where it
//! happens (half `mad 300, 300, -60000` is +INF, not 30000); for fixed an intermediate clamps
//! (fixed `lerp -1.5, 1.5, 1` = −1.5 + 2047/1024, since b − a = 3 clamps). The shared definitions are
//! `pigment_numeric::steps`'.
//!
//! **Which operations are NV instructions bit for bit.** On operands of every real kind these give
//! exactly what nvfp's instruction at the kind's precision (R, H, X) gives: `add sub mul` (ADD SUB
//! MUL), `min max` (MIN MAX: −0 counts below +0, so both are commutative bit for bit), `sat` (MOV_SAT:
//! NaN passes through), `floor fract` (FLR FRC), `dot` (DP3/DP4, summed x to w, every step rounded),
//! `mad` (MAD, product rounded first); and on float and half: `rcp rsqrt exp2 log2 sin cos` (RCP RSQ
//! EX2 LG2 SIN COS, deterministic approximations), `lit dst` (LIT DST),
//! `eq ne lt le gt ge` (SEQ SNE SLT SLE SGT SGE), `pack_*` / `unpack_*` (PK2H PK2US PK4B PK4UB, UP2H
//! UP2US UP4B UP4UB). Defined by the IR and different from the nearest NV sequence: `div` and `sqrt`
//! (correctly rounded; fp30 uses RCP·MUL and RCP(RSQ), within 2^-22 relative per approximation), `pow`
//! (the product y·log2 x rounded to fp32 before EX2; NV POW keeps it wider, so they differ by up to
//! |y·log2 x|·2^-24 relatively). `ceil trunc round clamp lerp` have no NV instruction; fp30's
//! sequences for them (−FLR(−x), ADD·MAD, ...) are exact.
//!
//! | instruction | operands → result | meaning |
//! |---|---|---|
//! | `const` | → T | the literal components (canonical for the kind **(V)**) |
//! | `neg abs` | T → T (numeric) | −x, \|x\| |
//! | `add sub mul div min max` | T, T → T (numeric) | componentwise; min/max give NaN if either is NaN, and −0 < +0 |
//! | `mad` | T, T, T → T (numeric) | a·b + c, the product rounded (to the kind) first |
//! | `clamp` | x, lo, hi: T → T (numeric) | min(max(x, lo), hi) |
//! | `sat` | T → T (real) | clamp to [0, 1] (NV `_SAT`: NaN stays NaN) |
//! | `floor ceil trunc fract` | T → T (real) | fract = x − floor(x) |
//! | `round` | T → T (real) | nearest integer, halves toward +INF (Cg's floor(x + 0.5), exactly: floor(x) + (fract(x) ≥ 0.5)) |
//! | `rcp rsqrt sqrt exp2 log2 sin cos` | T → T (real) | componentwise, with NV's special cases (see [`numeric`]) |
//! | `pow` | T, T → T (real) | exp2(b · log2(a)), the product rounded to fp32: NV's ApproxPower special cases (0^0 = NaN, negative bases NaN, +INF^(b<0) = +INF) |
//! | `lerp` | a, b, w: T → T (real) | a + w·(b − a), each step rounded to the kind |
//! | `dot` | T, T → scalar (real) | Σ aᵢ·bᵢ summed x to w, each step rounded to the kind |
//! | `lit` | T4 → T4 (real) | NV LIT: (1, max(x,0), x > 0 ? ApproxPower(max(y,0), w) : 0, 1), POW's own approximation |
//! | `dst` | T4, T4 → T4 (real) | NV DST: (1, a.y·b.y, a.z, b.w) |
//! | `ddx ddy` | T → T (real) | quad derivatives (see [`interp`]): right − left, top − bottom |
//! | `eq ne` | T, T → boolN (any kind) | IEEE: −0 = +0; NaN unequal to all (`ne` true) |
//! | `lt le gt ge` | T, T → boolN (numeric) | false with NaN |
//! | `and or xor not` | bool → bool | logic |
//! | `bitand bitor bitxor` | T, T → T (int) | two's complement `&`, `\|`, `^` |
//! | `bitnot` | T → T (int) | `~x` (= −x − 1) |
//! | `shl shr` | T, T → T (int) | `x << n` (bits shifted out lost), `x >> n` (arithmetic: the sign copied); n's low 5 bits (GLSL leaves n outside 0..31 undefined) |
//! | `any all` | boolN → bool | reductions |
//! | `select` | boolN, T, T → T | per component: first where true, else second (bits copied) |
//! | `cvt` | T → T' (same width) | real→real rounds to the kind (float→float keeps bits); real→int truncates toward 0, saturating, NaN → 0; int→real rounds; any→bool is ≠ 0 (NaN → true); bool→numeric 1/0 |
//! | `swizzle %v.zyx` | T → T' | any 1-4 components of `%v` (indices < width **(V)**), bits copied |
//! | `construct` | T..., one kind → sum of widths ≤ 4 | concatenation |
//! | `pack_2half pack_2ushort` | float2/half2 → float | NV PK2H / PK2US: the raw 32-bit pattern as a float's bits (C `round`: halves up) |
//! | `pack_4byte pack_4ubyte` | float4/half4 → float | NV PK4B / PK4UB |
//! | `unpack_2half unpack_2ushort` | float → float2 | NV UP2H / UP2US of the operand's raw bits |
//! | `unpack_4byte unpack_4ubyte` | float → float4 | NV UP4B / UP4UB |
//! | `round_half round_fixed` | T → T (real) | x rounded to fp16 / fx12 (`fp30_precision` pass: what every half / fixed result already is, made explicit) |
//! | `nv_min nv_max nv_clamp nv_sat nv_pow nv_rsqrt nv_sin nv_cos` | as the plain operation (real) | the plain operation's value; written by the `fp30_precision` pass where a back end must keep NV's rule (`pigment_numeric::exact`) |
//! | `input $i` | → input's type | the vertex's attribute / the fragment's varying |
//! | `uniform $u` / `$u[3]` / `$u[%i]` | → element type | the uniform (element) |
//! | `tex $s, %c` | float(n..n+1) → float4 | lookup; n = coordinates of the dimension (1d 1, 2d/rect 2, 3d/cube 3); one extra component is the shadow-compare value **(V)** |
//! | `texproj $s, %c` | float(n+1..n+2) → float4 | projective: the last component is q **(V)** |
//! | `texgrad $s, %c, %dx, %dy` | coords, floatN, floatN → float4 | explicit derivatives **(V)** |
//! | `texlod $s, %c, %lod` | coords, float → float4 | explicit level of detail (`lod` a float scalar **(V)**) |
//! | `texbias $s, %c, %bias` | coords, float → float4 | the derivatives' level of detail plus `bias` (a float scalar **(V)**) |
//! | `texfetch $s, %c, %lod` | intN, int → float4 | GLSL's `texelFetch`: texel %c (int indices, N the dimension's coordinates **(V)**) of level `lod`, unfiltered; the interpreter hands it to the embedder as integer coordinates with `fetch_level` |
//!
//! The coordinates of `tex`, `texgrad`, `texlod` and `texbias` are float(n..n+1) as for `tex`. How a
//! level of detail selects and filters texels is the embedder's (the interpreter hands every lookup
//! to [`interp::Textures`] with its coordinates, derivatives, `lod` or `bias`).
//!
//! Data movement (`swizzle`, `construct`, `select`, `store`, region results, pack results and unpack
//! operands) copies bit patterns untouched: a packed word survives even when its pattern is an fp32
//! denormal or NaN (specs/nv-fragment-program-notes.md item 3). Constants of kind half or fixed must be
//! values of that kind; float constants may be any pattern.
//!
//! # Text form
//!
//! Printed by `print`, read by [`parse`]; `parse(print(m))` prints identically. `;` starts a comment.
//! Whitespace is free except that the operands of `yield`, `break` and `continue` must be on their line.
//!
//! ```text
//! module    := function*
//! function  := "vertex"? "fn" NAME                     ; no stage word: a fragment function
//!               "(" (param ("," param)* ","?)? ")" "{" inst* "}"
//! param     := "in" ENTITY ":" TYPE semantic?
//!            | "uniform" ENTITY ":" TYPE ("[" INT "]" "matrix"?)? semantic? ("=" element+)?
//!            | "sampler" ENTITY ":" SAMPLER ("unit" INT)?
//!            | "out" ENTITY ":" TYPE semantic?
//! semantic  := "@" NAME
//! element   := "[" literal ("," literal)* "]"          ; a default: one per array element
//! inst      := (def ("," def)* "=")? body loc?  region-blocks
//! def       := VALUE ":" TYPE
//! body      := "const" literal ("," literal)*          ; one literal per component of the def's type
//!            | OP VALUE ("," VALUE)*                   ; add, mul, dot, pack_2half, ...
//!            | "swizzle" VALUE "." LETTERS             ; xyzw letters, 1-4
//!            | "cvt" VALUE                             ; target kind from the def's type
//!            | "input" ENTITY | "uniform" ENTITY ("[" (INT | VALUE) "]")?
//!            | ("tex" | "texproj") ENTITY "," VALUE | "texgrad" ENTITY "," VALUE "," VALUE "," VALUE
//!            | ("texlod" | "texbias" | "texfetch") ENTITY "," VALUE "," VALUE
//!            | "store" ENTITY ("." MASK)? "," VALUE    ; no mask: the output's full width
//!            | "discard" | "return" | ("yield" | "break" | "continue") (VALUE ("," VALUE)*)?
//!            | "if" VALUE | "switch" VALUE | "loop" ("(" def "=" VALUE ("," def "=" VALUE)* ")")?
//! region-blocks (after if)     := "{" inst* "}" ("else" "{" inst* "}")?
//! region-blocks (after loop)   := "{" inst* "}"
//! region-blocks (after switch) := "{" ("case" INT ("," INT)* "{" inst* "}")* "default" "{" inst* "}" "}"
//! loc       := "!" INT ":" INT ".." INT                ; file id : byte start .. byte end
//! literal   := decimal | "nan" | "inf" | "-inf" | 0xHHHHHHHH (raw f32 bits) | INT | "true" | "false"
//! TYPE      := ("float"|"half"|"fixed"|"bool"|"int") ("1".."4")?
//! SAMPLER   := "sampler1d" | "sampler2d" | "sampler3d" | "samplercube" | "samplerrect"
//! VALUE     := "%" [A-Za-z0-9_]+
//! ENTITY    := "$" [A-Za-z0-9_$]+ | "$" '"' (any character but '"', '\\' and a line break | '\\' any)* '"'
//!              ; the quoted form for any other name (`$"IN.uv"`): `\"`, `\\` and `\n` stand for
//!              ; `"`, `\` and a line break, `\` before another character for that character
//! ```
//!
//! The printer numbers values `%0, %1, ...` in the order their definitions appear (a region's results
//! before its loop parameters and contents) and prints real constants as the shortest decimal that
//! reads back to the same f32, `nan` for 0x7fc00000, and other NaN patterns in hex. Example:
//!
//! ```text
//! fn main(
//!     in $uv: float2 @TEXCOORD0,
//!     uniform $tint: float4,
//!     sampler $s: sampler2d unit 0,
//!     out $color: float4 @COLOR,
//! ) {
//!   %0: float2 = input $uv
//!   %1: float4 = tex $s, %0
//!   %2: float4 = uniform $tint
//!   %3: float4 = mul %1, %2
//!   %4: float = swizzle %3.w
//!   %5: float = const 0.5
//!   %6: bool = lt %4, %5
//!   if %6 {
//!     discard
//!   }
//!   store $color.xyzw, %3
//! }
//! ```
//!
//! # Using the crate
//!
//! Front ends build with [`FunctionBuilder`]; passes implement [`pass::Pass`] and run through
//! [`pass::run_pass`], which re-verifies in debug and test builds; back ends read the [`Function`] tree
//! directly (walk helpers: [`walk`], [`walk_mut`]).
#![forbid(unsafe_code)]

mod arena;
mod builder;
mod dense_map;
pub mod eval;
mod function;
pub mod interp;
pub mod libm;
pub mod numeric;
mod op;
pub mod pass;
pub mod reflect;
pub mod slots;
pub mod text;
mod types;
pub mod varyings;
mod vector;
mod verify;

pub use arena::{Arena, Handle};
pub use builder::FunctionBuilder;
pub use dense_map::DenseMap;
pub use function::*;
pub use op::{Op, PackFormat, Rule};
pub use text::{parse, parse_with_file, print, print_function};
pub use types::{ScalarKind, Swizzle, Type, WriteMask, COMPONENT_LETTERS};
pub use vector::Vector;
pub use verify::{verify, verify_function, VerifyError};
