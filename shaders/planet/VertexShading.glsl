// What the globe's draw lights a vertex by, in 32 bits, as the geometry
// stores it per vertex (planet/GlobeGeometry.glsl): the data's unit normal,
// octahedral (the vector over its L1 norm, the lower half folded over the
// upper), 13 bits a coordinate, within about 3e-4 radians; and the base-2
// logarithm of the intervals a face side of the grid whose detail lies
// under the vertex (a power of two), in the top 5 bits.
#ifndef PLANET_VERTEX_SHADING_GLSL
#define PLANET_VERTEX_SHADING_GLSL

const float PLANET_SHADING_STEPS = 8191.0;  // 13 bits

vec2 planet_SignNotZero(vec2 v)
{
    return vec2(v.x >= 0.0 ? 1.0 : -1.0, v.y >= 0.0 ? 1.0 : -1.0);
}

uint planet_PackVertexShading(vec3 normal, uint gridIntervals)
{
    normal /= abs(normal.x) + abs(normal.y) + abs(normal.z);
    vec2 folded = normal.z >= 0.0 ? normal.xy : (1.0 - abs(normal.yx)) * planet_SignNotZero(normal.xy);
    uvec2 steps = uvec2(round(clamp(folded * 0.5 + 0.5, 0.0, 1.0) * PLANET_SHADING_STEPS));
    return steps.x | (steps.y << 13u) | (uint(findLSB(gridIntervals)) << 27u);
}

vec3 planet_VertexShadingNormal(uint bits)
{
    vec2 folded = vec2(bits & 0x1FFFu, (bits >> 13u) & 0x1FFFu) / PLANET_SHADING_STEPS * 2.0 - 1.0;
    vec3 normal = vec3(folded, 1.0 - abs(folded.x) - abs(folded.y));
    if (normal.z < 0.0) {
        normal.xy = (1.0 - abs(normal.yx)) * planet_SignNotZero(normal.xy);
    }
    return normalize(normal);
}

uint planet_VertexShadingGrid(uint bits)
{
    return 1u << (bits >> 27u);
}

#endif  // PLANET_VERTEX_SHADING_GLSL
