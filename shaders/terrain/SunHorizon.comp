#version 460
// The sun's horizon map (terrain::SunShadowMap): for each texel of a grid
// over the unit square (texel i at u = (i + 0.5) / width, as the draw's
// fragment shader samples it), the highest elevation angle (radians) at
// which the terrain stands, seen from the surface there, along the sun's
// horizontal direction, out to the edge of the map. Heights in world metres,
// as the draw displaces them. The march takes steps of one heightmap texel,
// growing by 6 % a step once far away, and reads the heightmap's mip level
// whose texels match the step, so a march across a 4096-texel map takes
// about 110 samples.
layout(local_size_x = 8, local_size_y = 8) in;

layout(set = 0, binding = 0, r32f) uniform writeonly image2D sunHorizon;
layout(set = 0, binding = 1) uniform sampler2D heightmap;

layout(push_constant) uniform HorizonPushConstants {
    vec2 towardsSun;  // unit horizontal direction towards the sun (x, z); zero with the sun at the zenith
    vec2 worldExtentMetres;
    float heightScaleMetres;
    float heightOffsetMetres;
} horizonFrame;

const int kMaxSteps = 256;
const float kStepGrowth = 0.06;
// Far below any sun: nothing stands above the horizon (radians).
const float kNoHorizon = -3.14159265;

// World height (metres) of the terrain at unit-square point `uv`, from the
// heightmap's level `lod` (terrain_HeightmapCoordinate's texel-centre mapping).
float heightAt(vec2 uv, float lod)
{
    vec2 texels = vec2(textureSize(heightmap, 0));
    vec2 coordinate = (uv * (texels - 1.0) + 0.5) / texels;
    return horizonFrame.heightOffsetMetres + textureLod(heightmap, coordinate, lod).r * horizonFrame.heightScaleMetres;
}

void main()
{
    ivec2 texel = ivec2(gl_GlobalInvocationID.xy);
    ivec2 size = imageSize(sunHorizon);
    if (any(greaterThanEqual(texel, size))) {
        return;
    }
    if (horizonFrame.towardsSun == vec2(0.0)) {
        imageStore(sunHorizon, texel, vec4(kNoHorizon));
        return;
    }
    vec2 uv = (vec2(texel) + 0.5) / vec2(size);
    vec2 texels = vec2(textureSize(heightmap, 0));
    vec2 texelMetres = horizonFrame.worldExtentMetres / max(texels - 1.0, vec2(1.0));
    float stepMetres = max(min(texelMetres.x, texelMetres.y), 1.0e-3);
    float maxLod = float(textureQueryLevels(heightmap) - 1);
    float base = heightAt(uv, 0.0);
    vec2 uvPerMetre = horizonFrame.towardsSun / horizonFrame.worldExtentMetres;
    float horizon = -1.0e30;  // the tangent of the angle, while marching
    float distance = stepMetres;
    for (int step = 0; step < kMaxSteps; ++step) {
        vec2 sampleUv = uv + uvPerMetre * distance;
        if (any(lessThan(sampleUv, vec2(0.0))) || any(greaterThan(sampleUv, vec2(1.0)))) {
            break;
        }
        float advance = max(stepMetres, distance * kStepGrowth);
        float lod = clamp(log2(advance / stepMetres), 0.0, maxLod);
        horizon = max(horizon, (heightAt(sampleUv, lod) - base) / distance);
        distance += advance;
    }
    // The angle, once here rather than per pixel drawn.
    imageStore(sunHorizon, texel, vec4(horizon > -1.0e29 ? atan(horizon) : kNoHorizon));
}
