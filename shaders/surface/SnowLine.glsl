// The permanent snow line at a latitude, as surface::permanentSnowLineMetres
// gives it on the CPU (src/surface/SnowLine.h; tests/surface compares the
// two): 4800 m at the equator, 5600 m at 25 degrees, 5200 m at 35, 2730 m at
// 45, sea level at 75 and poleward, linear in between.
#ifndef SURFACE_SNOW_LINE_GLSL
#define SURFACE_SNOW_LINE_GLSL

float surface_PermanentSnowLineMetres(float latitudeDegrees)
{
    const float knotLatitudes[5] = float[5](0.0, 25.0, 35.0, 45.0, 75.0);
    const float knotMetres[5] = float[5](4800.0, 5600.0, 5200.0, 2730.0, 0.0);
    float latitude = abs(latitudeDegrees);
    for (int i = 1; i < 5; ++i) {
        if (latitude <= knotLatitudes[i]) {
            float t = (latitude - knotLatitudes[i - 1]) / (knotLatitudes[i] - knotLatitudes[i - 1]);
            return knotMetres[i - 1] + t * (knotMetres[i] - knotMetres[i - 1]);
        }
    }
    return 0.0;
}

#endif  // SURFACE_SNOW_LINE_GLSL
