// Detail below the data: deterministic fractal relief finer than the
// elevation data's sample spacing, for the shading only (normals and albedo;
// the mesh keeps the data's heights). Everything is in metres over the
// ground, so any surface that knows its position, its data spacing and the
// pixel's footprint can use it. Include after terrain/GroundMaterials.glsl
// (its cell bits).
//
// The relief is a sum of octaves of gradient noise. The coarsest is as long
// as the data's spacing, each next one half as long, and each octave's
// height is a fixed fraction (the roughness) of its wavelength, slightly
// less for the finer ones. Slopes then stay of the same order at every
// scale, as on natural ground. An octave fades in as its wavelength drops
// below the data's spacing (so the data's own shape is never doubled) and
// fades out below four pixels' footprint (so nothing finer than the pixels
// can resolve shimmers). A view whose pixels are coarser than the data sees
// no detail at all.
#ifndef TERRAIN_SURFACE_DETAIL_GLSL
#define TERRAIN_SURFACE_DETAIL_GLSL

// Seven octaves reach 1/64 of the data's spacing (8 cm for 5 m data).
const int DETAIL_MAX_OCTAVES = 7;

// A gradient for an integer cell, uniform over [-1, 1]^2: the two halves of
// one integer hash (no sine and cosine: the noise needs random directions,
// not unit ones).
vec2 detail_CellGradient(ivec2 cell)
{
    uint n = material_CellBits(cell + ivec2(7919, 104729));
    return vec2(float(n >> 16u), float(n & 0xffffu)) * (2.0 / 65535.0) - 1.0;
}

// Gradient noise with a unit cell and quintic fade: its value (about -1
// .. 1, mean 0) and its exact derivative along x and y.
vec3 detail_GradientNoise(vec2 p)
{
    vec2 cellCorner = floor(p);
    vec2 f = p - cellCorner;
    ivec2 cell = ivec2(cellCorner);
    vec2 u = f * f * f * (f * (f * 6.0 - 15.0) + 10.0);
    vec2 du = 30.0 * f * f * (f * (f - 2.0) + 1.0);
    vec2 ga = detail_CellGradient(cell);
    vec2 gb = detail_CellGradient(cell + ivec2(1, 0));
    vec2 gc = detail_CellGradient(cell + ivec2(0, 1));
    vec2 gd = detail_CellGradient(cell + ivec2(1, 1));
    float va = dot(ga, f);
    float vb = dot(gb, f - vec2(1.0, 0.0));
    float vc = dot(gc, f - vec2(0.0, 1.0));
    float vd = dot(gd, f - vec2(1.0, 1.0));
    float cross = va - vb - vc + vd;
    float value = va + u.x * (vb - va) + u.y * (vc - va) + u.x * u.y * cross;
    vec2 derivative = ga + u.x * (gb - ga) + u.y * (gc - ga) + u.x * u.y * (ga - gb - gc + gd) +
                      du * (vec2(vb - va, vc - va) + u.yx * cross);
    return vec3(value, derivative);
}

// The detail relief at `metres` over the ground: its height in metres (x)
// and its gradient (yz: rise over run along the two ground axes), for data
// sampled every `spacingMetres`, seen with a pixel footprint of
// `footprintMetres`, on ground of `roughness` (height over wavelength of the
// coarsest octave: about 0.05 for meadow, 0.2 for rock). All zero where the
// pixels are coarser than half the data's spacing.
vec3 detail_Relief(vec2 metres, float spacingMetres, float footprintMetres, float roughness)
{
    // Each octave's grid is turned by about 37 degrees from the last and
    // shifted, so that no grid axis or cell corner lines up across octaves.
    const mat2 turn = mat2(0.8, 0.6, -0.6, 0.8);
    mat2 rotation = mat2(1.0);
    vec3 relief = vec3(0.0);
    float wavelength = spacingMetres;
    float amplitude = roughness * spacingMetres;
    for (int octave = 0; octave < DETAIL_MAX_OCTAVES; ++octave) {
        float resolved = 1.0 - smoothstep(0.25, 0.5, footprintMetres / wavelength);
        if (resolved <= 0.0) {
            break;
        }
        // The first octave eases in as its wavelength falls below the data's.
        float weight = resolved * (octave == 0 ? 0.5 : 1.0);
        vec2 p = rotation * metres / wavelength + vec2(13.7, 71.3) * float(octave);
        vec3 noise = detail_GradientNoise(p);
        relief.x += weight * amplitude * noise.x;
        // d/d(metres) = rotation^T * d/dp / wavelength
        relief.yz += weight * amplitude / wavelength * (transpose(rotation) * noise.yz);
        rotation = turn * rotation;
        wavelength *= 0.5;
        amplitude *= 0.5 * 0.85;
    }
    return relief;
}

// The ground's normal with the detail relief's slopes added: `normal` is the
// data's (a height field's unit normal, y up), `gradient` detail_Relief().yz.
vec3 detail_PerturbedNormal(vec3 normal, vec2 gradient)
{
    vec2 slope = -normal.xz / max(normal.y, 1.0e-3) + gradient;
    return normalize(vec3(-slope.x, 1.0, -slope.y));
}

#endif  // TERRAIN_SURFACE_DETAIL_GLSL
