//! A real OpenGL implementation used as an oracle: Mesa's llvmpipe through a surfaceless EGL context.
