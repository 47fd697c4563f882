// A glaze over whatever the frame buffer holds: tinted, then brightened three times over with a
// uniform loop the compiler unrolls.
// Render: pigment render examples/isl/glaze.isl --clear 0.4,0.3,0.2,1 -o glaze.png
surface glaze(parameter color tint = color(0.9, 0.8, 1.0, 1); uniform float coats = 3) {
    FB *= tint;
    repeat (coats) {
        FB += color(0.05, 0.05, 0.08, 0);
    }
}
