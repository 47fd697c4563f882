// A glazed, tiled surface lit by the scene's lights: the tile texture (tiles.png, beside this file)
// modulated by diffuse and ambient light, with a specular highlight on top.
// Render (two lights from lights.isl, on a sphere, with the dusk atmosphere):
//   pigment render examples/isl/ball.isl --light examples/isl/lights.isl \
//       --light examples/isl/lights.isl:fill --scene sphere \
//       --atmosphere examples/isl/dusk.isl -o ball.png
surface ball(uniform string tiles = "tiles.png";
             parameter float shine = 24;
             parameter color gloss = color(0.8, 0.8, 0.75, 1)) {
    FB = diffuse();
    FB += ambient();
    FB *= texture(tiles);
    varying color lit;
    lit = FB;
    FB = specular(shine);
    FB *= gloss;
    FB += lit;
}
