// Lights for the examples: a warm key light shining down its z axis (turn it with
// `--light-param shadermatrix=...`), a cool ambient fill, and a point light.
distantlight key(parameter color warm = color(1, 0.92, 0.8, 1)) {
    FB = warm;
}

ambientlight fill(parameter color cool = color(0.12, 0.14, 0.2, 1)) {
    FB = cool;
}

pointlight bulb(parameter color c = color(0.6, 0.6, 0.5, 1)) {
    FB = c;
}
