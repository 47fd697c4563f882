//! The standard library's signatures (cg-stdlib.md), one pattern per line.
//!
//! `RETURN NAME(PARAM, ...)`, a parameter optionally `out`. Type variables expand to every
//! combination of their values (see `expand.rs`):
//! * `$T`: float, half, fixed (cg-stdlib.md "Conventions");
//! * `$N`: a scalar or a vector size: nothing, 1, 2, 3, 4 (so `$T$N` is the 15 `TN` types);
//! * `$V`, `$R`, `$C`, `$K`: 1, 2, 3, 4 (vector sizes, matrix rows, columns, inner size);
//! * `$B`: bool, float, half, fixed, int (the reductions' argument types).
//!
//! A trailing `[needs fp40]` marks functions that fp30 and older fragment profiles lack
//! (cg-stdlib.md §6: "tex*lod ... fp40+/vp40+ only").

pub const SIGNATURES: &str = "
# 1. Scalar/vector math
$T$N abs($T$N)
$T$N sign($T$N)
$T$N min($T$N, $T$N)
$T$N max($T$N, $T$N)
$T$N clamp($T$N, $T$N, $T$N)
$T$V clamp($T$V, $T, $T)
$T$N saturate($T$N)
$T$N floor($T$N)
$T$N ceil($T$N)
$T$N round($T$N)
$T$N trunc($T$N)
$T$N frac($T$N)
$T$N fmod($T$N, $T$N)
$T$N modf($T$N, out $T$N)
$T$N frexp($T$N, out $T$N)
$T$N ldexp($T$N, $T$N)
$T$N lerp($T$N, $T$N, $T$N)
$T$V lerp($T$V, $T$V, $T)
$T$N step($T$N, $T$N)
$T$N smoothstep($T$N, $T$N, $T$N)
# cgc smears scalar arguments of step and smoothstep to the vector's width, wherever they stand:
# smoothstep(0.0, 0.2, v2) and step(x, v2) compute two components (cgc 3.1 -profile fp30).
$T$V step($T, $T$V)
$T$V step($T$V, $T)
$T$V smoothstep($T, $T, $T$V)
$T$V smoothstep($T, $T$V, $T)
$T$V smoothstep($T$V, $T, $T)
$T$V smoothstep($T, $T$V, $T$V)
$T$V smoothstep($T$V, $T, $T$V)
$T$V smoothstep($T$V, $T$V, $T)
$T$N sqrt($T$N)
$T$N rsqrt($T$N)
$T$N exp($T$N)
$T$N exp2($T$N)
$T$N log($T$N)
$T$N log2($T$N)
$T$N log10($T$N)
$T$N pow($T$N, $T$N)
$T$N sin($T$N)
$T$N cos($T$N)
$T$N tan($T$N)
void sincos($T$N, out $T$N, out $T$N)
$T$N asin($T$N)
$T$N acos($T$N)
$T$N atan($T$N)
$T$N atan2($T$N, $T$N)
$T$N sinh($T$N)
$T$N cosh($T$N)
$T$N tanh($T$N)
$T$N degrees($T$N)
$T$N radians($T$N)
bool$N isnan($T$N)
bool$N isinf($T$N)
bool$N isfinite($T$N)
$T noise($T)
$T noise($T2)
$T noise($T3)

# 2. Boolean reductions
bool all($B$N)
bool any($B$N)

# 3. Geometric functions
$T dot($T$N, $T$N)
$T3 cross($T3, $T3)
$T length($T$N)
$T distance($T$N, $T$N)
$T$N normalize($T$N)
$T$N reflect($T$N, $T$N)
$T$N refract($T$N, $T$N, $T)
$T$N faceforward($T$N, $T$N, $T$N)
$T4 lit($T, $T, $T)

# 4. Matrix functions
$T$R mul($T$Rx$C, $T$C)
$T$C mul($T$R, $T$Rx$C)
$T$Rx$C mul($T$Rx$K, $T$Kx$C)
$T$Cx$R transpose($T$Rx$C)
$T determinant($T$Vx$V)
$T$Vx$V inverse($T$Vx$V)

# 5. Derivatives
$T$N ddx($T$N)
$T$N ddy($T$N)
$T$N fwidth($T$N)

# 6. Texture lookups: plain, shadow compare (one more coordinate), explicit derivatives,
#    projective, LOD bias, explicit LOD.
float4 tex1D(sampler1D, float)
float4 tex1D(sampler1D, float2)
float4 tex1D(sampler1D, float, float, float)
float4 tex1Dproj(sampler1D, float2)
float4 tex1Dproj(sampler1D, float3)
float4 tex1Dbias(sampler1D, float4)
float4 tex1Dlod(sampler1D, float4) [needs fp40]
float4 tex2D(sampler2D, float2)
float4 tex2D(sampler2D, float3)
float4 tex2D(sampler2D, float2, float2, float2)
float4 tex2Dproj(sampler2D, float3)
float4 tex2Dproj(sampler2D, float4)
float4 tex2Dbias(sampler2D, float4)
float4 tex2Dlod(sampler2D, float4) [needs fp40]
float4 tex3D(sampler3D, float3)
float4 tex3D(sampler3D, float3, float3, float3)
float4 tex3Dproj(sampler3D, float4)
float4 tex3Dbias(sampler3D, float4)
float4 tex3Dlod(sampler3D, float4) [needs fp40]
float4 texCUBE(samplerCUBE, float3)
float4 texCUBE(samplerCUBE, float4)
float4 texCUBE(samplerCUBE, float3, float3, float3)
float4 texCUBEproj(samplerCUBE, float4)
float4 texCUBEbias(samplerCUBE, float4)
float4 texCUBElod(samplerCUBE, float4) [needs fp40]
float4 texRECT(samplerRECT, float2)
float4 texRECT(samplerRECT, float3)
float4 texRECT(samplerRECT, float2, float2, float2)
float4 texRECTproj(samplerRECT, float3)
float4 texRECTproj(samplerRECT, float4)
float4 texRECTbias(samplerRECT, float4)
float4 texRECTlod(samplerRECT, float4) [needs fp40]
# GLSL's texel fetches, which libretro's shaders for NVIDIA's compiler call (cgc takes them in its
# GLSL-based profiles): int texel indices, a level, and an offset added to the indices.
float4 texelFetch(sampler1D, int, int)
float4 texelFetch(sampler2D, int2, int)
float4 texelFetch(sampler3D, int3, int)
float4 texelFetch(samplerRECT, int2)
float4 texelFetchOffset(sampler1D, int, int, int)
float4 texelFetchOffset(sampler2D, int2, int, int2)
float4 texelFetchOffset(sampler3D, int3, int, int3)
float4 texelFetchOffset(samplerRECT, int2, int2)

# 7. Pack / unpack
float pack_2half(float2)
float pack_2half(half2)
half2 unpack_2half(float)
float pack_2ushort(float2)
float pack_2ushort(half2)
float2 unpack_2ushort(float)
float pack_4byte(float4)
float pack_4byte(half4)
half4 unpack_4byte(float)
float pack_4ubyte(float4)
float pack_4ubyte(half4)
half4 unpack_4ubyte(float)

# 8. Fragment-only helpers
void clip($T$N)
void debug(float4)

# 9. cgc's GLSL-style functions that are not another name for a Cg one (those are in
#    `GLSL_ALIASES`): mod(x, y) = x - y * floor(x / y), the floored remainder.
$T$N mod($T$N, $T$N)
";

/// The texture families that also have precision-prefixed variants (`h4tex2D`, `x3texRECTproj`,
/// `f1tex1D`; cg-stdlib.md §6): the prefix picks the result's base type, the digit its width.
pub const PRECISION_PREFIXES: &[(char, &str)] = &[('f', "float"), ('h', "half"), ('x', "fixed")];
