// A duotone print: the picture's red channel decides, per pixel, between two inks.
// Render: pigment render examples/isl/duotone.isl --texture picture=examples/isl/tiles.png -o duotone.png
surface duotone(uniform string picture = "picture";
                parameter color dark = color(0.1, 0.15, 0.35, 1);
                parameter color light = color(0.95, 0.85, 0.6, 1);
                uniform float threshold = 0.5) {
    FB = texture(picture);
    if (FB[0] > threshold) {
        FB = light;
    } else {
        FB = dark;
    }
}
