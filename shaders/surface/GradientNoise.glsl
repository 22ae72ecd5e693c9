// Gradient noise over a plane (Perlin's, with the quintic fade): smooth,
// with no value of its own at the lattice's points, so its contours do not
// follow the lattice's axes as value noise's do. The flat terrain's waves
// and the materials' patches (surface/MaterialVariation.glsl) use it.
#ifndef SURFACE_GRADIENT_NOISE_GLSL
#define SURFACE_GRADIENT_NOISE_GLSL

// 32 well-mixed bits for an integer cell.
uint surface_CellBits(ivec2 cell)
{
    uvec2 q = uvec2(cell) * uvec2(1597334677u, 3812015801u);
    uint n = (q.x ^ q.y) * 1597334677u;
    return n ^ (n >> 16u);
}

// A gradient for an integer cell, uniform over [-1, 1]^2: the two halves of
// one integer hash (no sine and cosine: the noise needs random directions,
// not unit ones).
vec2 surface_CellGradient(ivec2 cell)
{
    uint n = surface_CellBits(cell + ivec2(7919, 104729));
    return vec2(float(n >> 16u), float(n & 0xffffu)) * (2.0 / 65535.0) - 1.0;
}

// Gradient noise with a unit cell and quintic fade: its value (about -1
// .. 1, mean 0) and its exact derivative along x and y.
vec3 surface_GradientNoise(vec2 p)
{
    vec2 cellCorner = floor(p);
    vec2 f = p - cellCorner;
    ivec2 cell = ivec2(cellCorner);
    vec2 u = f * f * f * (f * (f * 6.0 - 15.0) + 10.0);
    vec2 du = 30.0 * f * f * (f * (f - 2.0) + 1.0);
    vec2 ga = surface_CellGradient(cell);
    vec2 gb = surface_CellGradient(cell + ivec2(1, 0));
    vec2 gc = surface_CellGradient(cell + ivec2(0, 1));
    vec2 gd = surface_CellGradient(cell + ivec2(1, 1));
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

#endif  // SURFACE_GRADIENT_NOISE_GLSL
