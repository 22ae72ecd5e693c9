// How the flat terrain's ground looks, for its fragment shader
// (terrain/TerrainDraw.frag) and for its shading in compute
// (terrain/TerrainShade.comp) alike: normals from the heightmap (central
// differences at the mip level matching the pixel's footprint) and, in close
// views, procedural detail below the data's spacing, three shading modes
// (lit by the physically based atmosphere, normals, subdivision depth) and
// an optional wireframe overlay from the barycentrics. What a fragment
// shader reads from its derivatives comes in terrain_Fragment: the steps of
// the interpolated values to the next pixels right and down.
//
// The includer has included terrain/TerrainDrawSet.glsl (set 0) and binds
// the atmosphere (atmosphere::Atmosphere) as set 1.
#ifndef TERRAIN_TERRAIN_SHADING_GLSL
#define TERRAIN_TERRAIN_SHADING_GLSL

#include "display/HdrOutput.glsl"
#include "display/Wireframe.glsl"
#include "surface/Contours.glsl"
#include "surface/DetailNoise.glsl"
#include "surface/GroundAlbedo.glsl"
#include "surface/Imagery.glsl"
#include "surface/StreamedImagery.glsl"
#include "surface/MaterialVariation.glsl"
#include "surface/SunVisibility.glsl"
#include "surface/Water.glsl"

#define ATMOSPHERE_SET 1
#include "atmosphere/AtmosphereCommon.glsl"

// What the shading of one point of a triangle reads.
struct terrain_Fragment {
    vec3 worldPosition;        // world metres
    vec3 worldAlongX;          // its steps to the next pixel right (dFdx) and down (dFdy)
    vec3 worldAlongY;
    vec2 heightmapCoordinate;  // interpolated from the corners'
    vec2 heightmapAlongX;
    vec2 heightmapAlongY;
    vec3 barycentric;          // in screen space (noperspective), for the wireframe
    vec3 barycentricWidth;     // how much it changes over one pixel (fwidth)
    uint leafDepth;            // the triangle's depth in the tessellation
    uint lane;                 // the invocation's value for vk_PerInvocation
};

// The size of a pixel's footprint whose two axes are `alongX` and `alongY`
// (a screen pixel's steps in some 2D domain) as anisotropic filtering sees
// it: the major axis over at most 4, or the minor axis (the area over the
// major axis).
float filteredFootprint(vec2 alongX, vec2 alongY)
{
    float major = max(max(length(alongX), length(alongY)), 1.0e-20);
    float minor = abs(alongX.x * alongY.y - alongX.y * alongY.x) / major;
    return max(major * 0.25, minor);
}

// The heightmap surface around a texture coordinate whose steps to the next
// pixels right and down are `alongX` and `alongY`, sampled at the mip level
// matching the pixel's footprint.
struct SurfaceSample {
    vec3 normal;       // world-space unit normal (central differences)
    float crestSlope;  // on convex ground, the steepest one-sided slope (rise over run); else 0
};

// The surface from the heights at a point and one step either side along x
// (left, right) and z (up, down), `run` world metres away.
SurfaceSample surfaceFromSamples(float centre, float left, float right, float up, float down, vec2 run)
{
    vec2 slope = terrainFrame.heightScaleMetres * vec2(right - left, down - up) / (2.0 * run);
    // On a crest the central difference is near zero while both sides are
    // steep; the one-sided slopes see it. (Also true of a gully, but there
    // the flat reading is wanted: grass and scree gather in valley floors.)
    vec2 oneSided = terrainFrame.heightScaleMetres *
                    vec2(max(abs(right - centre), abs(centre - left)), max(abs(down - centre), abs(centre - up))) / run;
    bool convex = centre > 0.25 * (left + right + up + down);
    return SurfaceSample(normalize(vec3(-slope.x, 1.0, -slope.y)), convex ? length(oneSided) : 0.0);
}

SurfaceSample sampleSurface(vec2 coordinate, vec2 alongX, vec2 alongY)
{
    vec2 texels = vec2(terrainFrame.heightmapTexels);
    // The mip level of the pixel's footprint as anisotropic filtering picks
    // it. The isotropic level (major axis) flattens crests seen at grazing
    // angles into plateaus.
    float texelsFootprint = filteredFootprint(alongX * texels, alongY * texels);
    float lod = clamp(log2(texelsFootprint), 0.0, float(textureQueryLevels(heightmap) - 1));
    vec2 step = exp2(lod) / texels;
    float centre = textureLod(heightmap, coordinate, lod).r;
    float left = textureLod(heightmap, coordinate - vec2(step.x, 0.0), lod).r;
    float right = textureLod(heightmap, coordinate + vec2(step.x, 0.0), lod).r;
    float up = textureLod(heightmap, coordinate - vec2(0.0, step.y), lod).r;
    float down = textureLod(heightmap, coordinate + vec2(0.0, step.y), lod).r;
    // Metres of world per unit of texture coordinate (see terrain_HeightmapCoordinate).
    vec2 metresPerCoordinate = terrainFrame.worldExtentMetres * texels / max(texels - 1.0, vec2(1.0));
    return surfaceFromSamples(centre, left, right, up, down, step * metresPerCoordinate);
}

// The same for a streamed elevation model (terrain/StreamedHeights.glsl),
// at a level-0 position whose screen derivatives are `alongX` and `alongY`:
// the level of the pixel's footprint, fine tiles where they are resident.
SurfaceSample sampleStreamedSurface(vec2 levelZero, vec2 alongX, vec2 alongY, uint levelCount)
{
    // The pixel's own footprint, as the heightmap's mips are chosen.
    float lod = max(log2(filteredFootprint(alongX, alongY)), 0.0);
    float step = exp2(lod);
    float centre = terrain_StreamedHeight(levelZero, lod, levelCount, true);
    float left = terrain_StreamedHeight(levelZero - vec2(step, 0.0), lod, levelCount, true);
    float right = terrain_StreamedHeight(levelZero + vec2(step, 0.0), lod, levelCount, true);
    float up = terrain_StreamedHeight(levelZero - vec2(0.0, step), lod, levelCount, true);
    float down = terrain_StreamedHeight(levelZero + vec2(0.0, step), lod, levelCount, true);
    vec2 metresPerSample = terrainFrame.worldExtentMetres / max(vec2(terrainFrame.fullResolutionTexels) - 1.0, vec2(1.0));
    return surfaceFromSamples(centre, left, right, up, down, step * metresPerSample);
}

// The point of the unit square (the LEB domain) under a world position.
vec2 unitSquarePoint(vec3 worldPosition)
{
    return worldPosition.xz / terrainFrame.worldExtentMetres + 0.5;
}

// Metres between the heightmap's samples (the coarser of the two axes).
float dataSpacingMetres()
{
    vec2 texels = vec2(terrainFrame.fullResolutionTexels);
    vec2 spacing = terrainFrame.worldExtentMetres / max(texels - 1.0, vec2(1.0));
    return max(spacing.x, spacing.y);
}

// Lambertian reflectance of the ground: the imagery's colour where it is
// shown and lies, with the ground's detail where its texels are coarser than
// the pixels (surface_DetailedImagery), else the materials
// (surface/GroundAlbedo.glsl). A
// crest counts as steep as its flanks: by the central difference alone a
// knife-edge ridge is flat, which painted a one-pixel line of snow or grass
// along every ridge seen at a grazing angle. The imagery is sampled at the
// heightmap's coordinate of the point (its texels cover the heightmap's
// ground), over the pixel's footprint.
vec3 groundAlbedoUnderContours(terrain_Fragment fragment, SurfaceSample surface, float footprint)
{
    float steepness = max(1.0 - surface.normal.y, 1.0 - inversesqrt(1.0 + surface.crestSlope * surface.crestSlope));
    surface_Ground ground =
        surface_Ground(fragment.worldPosition.y * terrainFrame.elevationPerWorldHeight, steepness,
                       terrainFrame.snowLineMetres,
                       surface_MaterialVariationAround(fragment.worldPosition, vec3(0.0, 1.0, 0.0), footprint),
                       surface_ShoreWeight(terrainFrame.seaLevelKnown != 0u, dataSpacingMetres()));
    vec3 materials = surface_GroundAlbedo(ground);
    if (terrainFrame.imagery == 0u) {
        return materials;
    }
    vec2 point = terrain_HeightmapCoordinate(unitSquarePoint(fragment.worldPosition));
    vec4 image;
    vec2 texels;
    if (terrainFrame.imageryStream.x != 0u) {
        surface_ImageryPyramid pyramid = surface_ImageryPyramid(terrainFrame.imageryStream.y,
                                                                terrainFrame.imageryStream.zw);
        image = surface_StreamedImagery(imagery, pyramid, point, fragment.heightmapAlongX, fragment.heightmapAlongY);
        texels = vec2(pyramid.texels);
    } else {
        image = textureGrad(imagery, point, fragment.heightmapAlongX, fragment.heightmapAlongY);
        texels = vec2(textureSize(imagery, 0));
    }
    float coarseness =
        surface_ImageryCoarseness(fragment.heightmapAlongX * texels, fragment.heightmapAlongY * texels);
    image.rgb = surface_DetailedImagery(image.rgb, ground, coarseness);
    return surface_DrapedAlbedo(materials, image);
}

// The ground's albedo with the contour lines (surface/Contours.glsl) inked
// in, from the elevation at the point and its change to the next pixels.
vec3 groundAlbedo(terrain_Fragment fragment, SurfaceSample surface, float footprint)
{
    vec3 albedo = groundAlbedoUnderContours(fragment, surface, footprint);
    float perWorld = terrainFrame.elevationPerWorldHeight;
    float change = (abs(fragment.worldAlongX.y) + abs(fragment.worldAlongY.y)) * perWorld;
    // Rise over run of the data in real metres.
    float slope = length(surface.normal.xz) / max(surface.normal.y, 1.0e-3) * perWorld;
    return surface_WithContours(albedo, fragment.worldPosition.y * perWorld, change, slope,
                                terrainFrame.contourIntervalMetres);
}

// The fraction of the sun's disc above the terrain's horizon at this point
// (surface/SunVisibility.glsl), the horizon from the horizon map.
float sunVisibility(vec3 worldPosition)
{
    if (terrainFrame.shadows == 0u) {
        return 1.0;
    }
    float horizon = textureLod(sunHorizon, unitSquarePoint(worldPosition), 0.0).r;
    return surface_SunVisibility(horizon, asin(clamp(terrainFrame.sunDirection.y, -1.0, 1.0)));
}

// The detail's lattices on the flat terrain, as on the globe: two cells per
// data sample first (surface/DetailNoise.glsl), halving down to 5 cm.
const float TERRAIN_DETAIL_SHORTEST_CELL_METRES = 0.05;
// How much of the noise's relief the ground takes, level and steep (the
// globe's land takes up to 1).
const float TERRAIN_DETAIL_ROUGHNESS_LEVEL = 1.5;
const float TERRAIN_DETAIL_ROUGHNESS_STEEP = 4.0;

// The ground's normal with a height field's slopes added: `normal` is the
// data's (a unit normal, y up), `gradient` the added relief's rise over run
// along x and z.
vec3 perturbedNormal(vec3 normal, vec2 gradient)
{
    vec2 slope = -normal.xz / max(normal.y, 1.0e-3) + gradient;
    return normalize(vec3(-slope.x, 1.0, -slope.y));
}

// Luminance of the ground towards the camera, before the air between them:
// sunlight through the air above the point, skylight from the atmosphere's
// tables, a Lambertian material. Where the pixels resolve finer than the
// data, the surface library's detail noise (surface/DetailNoise.glsl, the
// globe's) over the ground's metres tilts the normal, as on the globe:
// rougher on steep ground. `sunVisible`: sunVisibility(); `footprint`: the
// pixel's footprint on the ground in metres; `detailFootprint`: the same as
// anisotropic filtering sees it; `sunIlluminance`:
// atmosphere_SunIlluminanceAt(fragment.worldPosition).
vec3 litGround(terrain_Fragment fragment, SurfaceSample surface, float sunVisible, float footprint,
               float detailFootprint, vec3 sunIlluminance)
{
    vec3 normal = surface.normal;
    vec3 albedo = groundAlbedo(fragment, surface, footprint);
    if (terrainFrame.detail != 0u) {
        float spacing = dataSpacingMetres();
        // The relief lies over the ground's plane: on near-vertical faces it
        // would stretch into streaks, so it fades out there.
        float shown = surface_DetailShownShare(detailFootprint, spacing) * smoothstep(0.25, 0.6, normal.y);
        if (shown > 0.0) {
            float cell = 0.5 * spacing;
            int octaves = surface_DetailOctaves(cell, TERRAIN_DETAIL_SHORTEST_CELL_METRES);
            vec3 relief = surface_DetailNoisePlaneFloat(fragment.worldPosition.xz, 1.0 / cell, cell, octaves,
                                                        2.0 * detailFootprint);
            float roughness = mix(TERRAIN_DETAIL_ROUGHNESS_LEVEL, TERRAIN_DETAIL_ROUGHNESS_STEEP,
                                  smoothstep(0.08, 0.35, 1.0 - normal.y));
            normal = perturbedNormal(normal, shown * roughness * relief.yz);
        }
    }
    float facingSun = max(dot(normal, terrainFrame.sunDirection), 0.0) * sunVisible;
    vec3 skyIrradiance = atmosphere_SkyIrradiance(normal);
    return albedo / ATMOSPHERE_PI * (sunIlluminance * facingSun + skyIrradiance);
}

// Sea water over the bathymetry, seen through its surface at sea level,
// before the air between the surface and the camera (applied at
// `surface`, the point where the view ray meets the water): `seabed` is
// the lit seabed's luminance (before the air). The water's optics are
// surface/Water.glsl's; the light's path under the surface runs down the
// view ray to the seabed and straight back up. Waves tilt the normal with
// two octaves of gradient noise (surface/GradientNoise.glsl) 12 m and 3 m
// long, each faded out where the pixels cannot resolve it.
// `sunIlluminance`: the sun's illuminance above the ground (the air's
// transmittance differs by nothing that shows between the seabed and the
// surface); `sunVisible` and `footprint` as for litGround.
vec3 seaWater(vec3 worldPosition, vec3 seabed, vec3 sunIlluminance, float sunVisible, float footprint,
              out vec3 surface)
{
    vec3 towardsPoint = normalize(worldPosition - terrainFrame.cameraPosition);
    float seaY = terrainFrame.seaLevelWorldY;
    float along = (seaY - terrainFrame.cameraPosition.y) / min(towardsPoint.y, -1.0e-6);
    surface = terrainFrame.cameraPosition + towardsPoint * along;
    float depth = max(seaY - worldPosition.y, 0.0);
    float underwater = length(worldPosition - surface) + depth;
    vec3 transmitted = surface_WaterTransmittance(underwater);
    vec3 skyIrradiance = atmosphere_SkyIrradiance(vec3(0.0, 1.0, 0.0));
    vec3 sunIrradiance = sunIlluminance * max(terrainFrame.sunDirection.y, 0.0);
    vec3 body = surface_WaterBody(seabed, transmitted, sunIrradiance + skyIrradiance);
    vec2 slope = vec2(0.0);
    for (int octave = 0; octave < 2; ++octave) {
        float wavelength = octave == 0 ? 12.0 : 3.0;
        float resolved = 1.0 - smoothstep(0.25, 0.5, footprint / wavelength);
        slope += 0.025 * resolved * surface_GradientNoise(surface.xz / wavelength + float(octave) * 17.3).yz;
    }
    vec3 normal = normalize(vec3(-slope.x, 1.0, -slope.y));
    vec3 reflected = reflect(towardsPoint, normal);
    reflected.y = abs(reflected.y);
    vec3 sky = atmosphere_SkyLuminance(reflected);
    float halfwayCos = dot(normalize(terrainFrame.sunDirection - towardsPoint), normal);
    return surface_WaterLuminance(body, sky, dot(-towardsPoint, normal), halfwayCos, sunIlluminance * sunVisible);
}

// Whether a world position lies under the sea, seen from above it.
bool underSea(vec3 worldPosition)
{
    if (terrainFrame.sea == 0u || worldPosition.y >= terrainFrame.seaLevelWorldY ||
        terrainFrame.cameraPosition.y <= terrainFrame.seaLevelWorldY) {
        return false;
    }
    // A streamed elevation model's mask is as coarse as its heightmap: there
    // the mask says where the sea is near, and the fragment's own height
    // (below sea level here) draws the coast.
    // (Arithmetic, not a branch on the uniform: vk/DriverPath.glsl.)
    float threshold = 0.5 - 0.5 * float(min(terrainFrame.streamLevelCount, 1u));
    return textureLod(seaMask, terrain_HeightmapCoordinate(unitSquarePoint(worldPosition)), 0.0).r > threshold;
}

// A ramp from blue (depth 0) through green and yellow to red (depth D).
vec3 depthColour(uint depth)
{
    float t = clamp(float(depth) / max(float(terrainFrame.maxDepth), 1.0), 0.0, 1.0);
    vec3 cold = vec3(0.05, 0.15, 0.85);
    vec3 middle = vec3(0.10, 0.80, 0.25);
    vec3 warm = vec3(0.95, 0.85, 0.10);
    vec3 hot = vec3(0.90, 0.10, 0.05);
    if (t < 1.0 / 3.0) {
        return mix(cold, middle, t * 3.0);
    }
    if (t < 2.0 / 3.0) {
        return mix(middle, warm, t * 3.0 - 1.0);
    }
    return mix(warm, hot, t * 3.0 - 2.0);
}

// The terrain's colour at a fragment (display/HdrOutput.glsl's form).
vec4 terrain_ShadeFragment(terrain_Fragment fragment)
{
    vec2 levelZero = terrain_LevelZeroPosition(unitSquarePoint(fragment.worldPosition));
    // Level-0 samples per world metre along x and z.
    vec2 levelZeroPerMetre = (vec2(terrainFrame.fullResolutionTexels) - 1.0) / terrainFrame.worldExtentMetres;
    uint streamLevels = terrain_StreamLevelCount(fragment.lane);
    SurfaceSample surface =
        streamLevels == 0u
            ? sampleSurface(fragment.heightmapCoordinate, fragment.heightmapAlongX, fragment.heightmapAlongY)
            : sampleStreamedSurface(levelZero, fragment.worldAlongX.xz * levelZeroPerMetre,
                                    fragment.worldAlongY.xz * levelZeroPerMetre, streamLevels);
    vec3 normal = surface.normal;
    vec3 result;
    uint mode = terrainFrame.shadingMode;
    if (mode == TERRAIN_SHADING_NORMALS) {
        // Decoded so that the displayed (sRGB) colour is the usual n * 0.5 + 0.5.
        result = pow(normal * 0.5 + 0.5, vec3(2.2));
    } else if (mode == TERRAIN_SHADING_DEPTH) {
        result = depthColour(fragment.leafDepth);
    } else {
        vec2 alongX = fragment.worldAlongX.xz;
        vec2 alongY = fragment.worldAlongY.xz;
        float footprint = max(length(abs(alongX) + abs(alongY)), 1.0e-3);
        float detailFootprint = max(filteredFootprint(alongX, alongY), 1.0e-3);
        float sunVisible = sunVisibility(fragment.worldPosition);
        vec3 sunIlluminance = atmosphere_SunIlluminanceAt(fragment.worldPosition);
        vec3 ground = litGround(fragment, surface, sunVisible, footprint, detailFootprint, sunIlluminance);
        // The air last, once: the water's surface or the ground is what the
        // camera sees through it.
        vec3 seen = fragment.worldPosition;
        if (underSea(fragment.worldPosition)) {
            ground = seaWater(fragment.worldPosition, ground, sunIlluminance, sunVisible, footprint, seen);
        }
        result = atmosphere_ApplyAerialPerspective(ground, seen);
    }
    if (terrainFrame.wireframe != 0u) {
        result = display_WithWireframeOver(result, fragment.barycentric, fragment.barycentricWidth);
    }
    return display_HdrOutput(result, mode == TERRAIN_SHADING_LIT);
}

#endif  // TERRAIN_TERRAIN_SHADING_GLSL
