// Lacquer: a picture under hundreds of thin coats, each tinting and brightening it a little.
// The unrolled coats make a program longer than fp30's 1024 instructions, so Pigment splits it
// into passes that hand their colour on through float render targets; the result is what one pass
// would give. `pigment compile examples/isl/lacquer.isl -o DIR` writes each pass and their
// description.
//   pigment render examples/isl/lacquer.isl --scene sphere --light examples/isl/lights.isl -o lacquer.png
surface lacquer(uniform string picture = "tiles.png";
                parameter color tint = color(0.999, 0.998, 0.996, 1);
                parameter color glow = color(0.0012, 0.0009, 0.0004, 0);
                uniform float coats = 600) {
    FB = texture(picture);
    FB *= diffuse();
    repeat (coats) {
        FB *= tint;
        FB += glow;
    }
}
