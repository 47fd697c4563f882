// An atmosphere over the rendered frame: the colour of the hour, taken from a Catmull-Rom spline
// through four sky colours (`spline` is a parameter operation, so `--param hour=...` moves along
// it without recompiling), blended over the picture by `haze`.
atmosphere dusk(parameter float hour = 0.6; parameter float haze = 0.25) {
    parameter color sky[4];
    sky[0] = color(0.55, 0.7, 1, 1);
    sky[1] = color(1, 0.85, 0.6, 1);
    sky[2] = color(0.9, 0.4, 0.3, 1);
    sky[3] = color(0.2, 0.15, 0.35, 1);
    parameter color tint = spline(hour; sky) * haze;
    FB = blend(tint);
}
