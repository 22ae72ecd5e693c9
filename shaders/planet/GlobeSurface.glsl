// The globe's surface under its atmosphere, as one pixel sees it
// (globeSurface_Luminance): land coloured by the one palette of the flat
// terrain and the globe (surface/GroundAlbedo.glsl: by its height, its slope
// and its latitude's snow line), or by the imagery draped over it where it
// lies (globeSurface_Imagery), and lit by the sun through the air and
// by the sky; the sea a water surface at sea level over the bathymetry, its
// colour from the depth below it and the angle it is seen at (Fresnel's law:
// the sky's reflection at grazing angles, a glint of the sun); then the air
// between the camera and the surface. Where the planet hides the sun the
// ground gets no sunlight and little skylight: the night side is dark and
// the terminator follows the sun's horizon; where a map of night lights is
// draped, its towns glow there (globeSurface_NightLights).
// The ground is lit by the surface's normal, not its triangles' planes (see
// globeSurface_GroundNormal): the data's normal, interpolated between the
// vertices, tilted by the detail's slope where the pixel lies.
// Seen from far away the pixel reads the heights itself, and a pixel across a
// coast mixes land and sea (globeSurface_GroundOf).
// The includer binds planet/GlobeDraw.glsl and the atmosphere's set
// (planet/GlobeAtmosphere.glsl).
#ifndef PLANET_GLOBE_SURFACE_GLSL
#define PLANET_GLOBE_SURFACE_GLSL

#include "planet/GlobeAtmosphere.glsl"
#include "planet/GlobeDraw.glsl"
#define PLANET_ELEVATION_SET 0
#define PLANET_ELEVATION_BINDING GLOBE_DRAW_ELEVATION_BINDING
#include "planet/CubeElevation.glsl"
#define PLANET_GEOID_SET 0
#define PLANET_GEOID_BINDING GLOBE_DRAW_GEOID_BINDING
#include "planet/CubeGeoid.glsl"
#include "planet/CubeSphere.glsl"
#include "planet/SeaSurface.glsl"
#include "planet/SurfaceDetail.glsl"
#include "planet/GlobeSunHorizon.glsl"
#include "surface/Contours.glsl"
#include "surface/GroundAlbedo.glsl"
#include "surface/Imagery.glsl"
#include "surface/StreamedImagery.glsl"
#include "surface/NightLights.glsl"
#include "surface/MaterialVariation.glsl"
#include "surface/SnowLine.glsl"
#include "surface/SunVisibility.glsl"

// What the shading knows of the surface at a pixel: its point and the
// pixel's steps to the next pixel right (alongX) and down (alongY) on the
// triangle's plane, relative to the camera (ECEF metres); its exact cube
// point (globeSurface_CubePointAt) and the steps of the cube point; and,
// interpolated from the vertices, the height and the data's normal, with the
// detail's grid of the triangle's first vertex.
struct globeSurface_Point {
    vec3 fromCamera;
    vec3 alongX;
    vec3 alongY;
    dvec3 cube;
    vec3 cubeAlongX;
    vec3 cubeAlongY;
    float height;
    vec3 dataNormal;
    uint detailGrid;
    vec3 centreFromCamera;  // the triangle's centroid
    float triangleMetres;   // the square root of twice its area: a leg's length
    float heightAcross;     // the height's change to the next pixels, right plus down (metres, absolute)
    float heightChange;     // the same where a coast can cross the triangle; else 0
};

// The pixel's exact cube point, found once per shaded value: the one under
// the camera, exact, plus the pixel's offset from it.
dvec3 globeSurface_CubePointAt(vec3 cubeFromCamera)
{
    return planet_CubePointOf(globeDraw_cameraCube.xyz) + dvec3(cubeFromCamera);
}

// What the land's colour depends on (surface/GroundAlbedo.glsl) at the
// pixel: its height, its slope (`flatness`: the cosine of the ground's
// tilt), its latitude's snow line, the materials' variation at its ground
// point (ECEF metres, from the exact cube point) and the spacing of the data
// that gave its height (heights are above sea level, and a fine enough grid
// draws the shore's sand).
surface_Ground globeSurface_LandGround(globeSurface_Point surface, float height, float flatness,
                                       float latitudeDegrees)
{
    dvec3 cube = surface.cube;
    vec3 ground = vec3(planet_CubeToEcef(cube, double(height)));
    float footprint = sqrt(length(surface.alongX) * length(surface.alongY));
    float variation = surface_MaterialVariationAround(ground, normalize(ground), footprint);
    float spacing = float(planet_DetailCellMetres(surface.detailGrid));
    return surface_Ground(height, 1.0 - flatness, surface_PermanentSnowLineMetres(latitudeDegrees), variation,
                          surface_ShoreWeight(true, spacing));
}

// Where the pixel's ground lies on a grid of WGS 84 degrees over `bounds`
// (west, south, east, north): the geodetic latitude and longitude of the
// pixel's exact cube point (float from there: about a metre), and the
// pixel's steps to the next pixels taken east and north into the grid's
// coordinates, so that a sampler filters the grid over the pixel's
// footprint, anisotropically where the device can.
struct globeSurface_GridPoint {
    vec2 point;  // x from west to east, y from north to south: [0, 1] inside
    vec2 alongX;
    vec2 alongY;
};

globeSurface_GridPoint globeSurface_GeographicGridPoint(globeSurface_Point surface, vec4 bounds)
{
    dvec3 cube = surface.cube;
    vec3 direction = vec3(normalize(planet_CubeToSphere(cube)));
    // The ellipsoid's point along the direction has tan(latitude) =
    // z a^2 / (r b^2).
    const float polarSquared = float(PLANET_SEMI_MINOR_AXIS * PLANET_SEMI_MINOR_AXIS * PLANET_INVERSE_A_SQUARED);
    float radial = length(direction.xy);
    float latitude = degrees(atan(direction.z, polarSquared * radial));
    float longitude = degrees(atan(direction.y, direction.x));
    vec3 east = radial > 1.0e-6 ? vec3(-direction.y, direction.x, 0.0) / radial : vec3(0.0, 1.0, 0.0);
    vec3 north = cross(direction, east);
    const float metresPerDegree = float(PLANET_SEMI_MAJOR_AXIS) * radians(1.0);
    vec2 perMetre = vec2(1.0 / (metresPerDegree * max(cos(radians(latitude)), 1.0e-3) * (bounds.z - bounds.x)),
                         -1.0 / (metresPerDegree * (bounds.w - bounds.y)));
    globeSurface_GridPoint grid;
    grid.point = surface_GeographicGridPoint(latitude, longitude, bounds);
    grid.alongX = perMetre * vec2(dot(surface.alongX, east), dot(surface.alongX, north));
    grid.alongY = perMetre * vec2(dot(surface.alongY, east), dot(surface.alongY, north));
    return grid;
}

// One imagery layer at the pixel's ground (`imagery`, a grid of WGS 84
// degrees over `bounds`, layer `index` of the stack), with the detail of
// `ground` its texels are too coarse to hold (surface_DetailedImagery);
// transparent outside the grid. The streamed layer reads its tiles
// (surface/StreamedImagery.glsl), its texels those of its finest level.
vec4 globeSurface_ImageryLayer(sampler2D imagery, uint index, vec4 bounds, globeSurface_Point surface,
                               surface_Ground ground)
{
    globeSurface_GridPoint grid = globeSurface_GeographicGridPoint(surface, bounds);
    if (any(lessThan(grid.point, vec2(0.0))) || any(greaterThan(grid.point, vec2(1.0)))) {
        return vec4(0.0);
    }
    vec4 colour;
    vec2 texels;
    if (globeDraw_imageryStream.x == index + 1u) {
        surface_ImageryPyramid pyramid = surface_ImageryPyramid(globeDraw_imageryStream.y, globeDraw_imageryStream.zw);
        colour = surface_StreamedImagery(imagery, pyramid, grid.point, grid.alongX, grid.alongY);
        texels = vec2(pyramid.texels);
    } else {
        colour = textureGrad(imagery, grid.point, grid.alongX, grid.alongY);
        texels = vec2(textureSize(imagery, 0));
    }
    float coarseness = surface_ImageryCoarseness(grid.alongX * texels, grid.alongY * texels);
    return vec4(surface_DetailedImagery(colour.rgb, ground, coarseness), colour.a);
}

// The imagery layers shown (globeDraw_options.z of them, bottom first), each
// laid over those below by its alpha (surface_ImageryOver); transparent
// while none is shown, and then nothing of them is computed. Each layer is
// named by a constant index, which needs no descriptor indexing.
#define GLOBE_SURFACE_LAY_OVER(index)                                                                                 \
    if (layers > uint(index)) {                                                                                       \
        stacked = surface_ImageryOver(                                                                                \
            globeSurface_ImageryLayer(globeDraw_imagery[index], uint(index), globeDraw_imageryBounds[index], surface, \
                                      ground),                                                                        \
            stacked);                                                                                                 \
    }

vec4 globeSurface_Imagery(globeSurface_Point surface, surface_Ground ground)
{
    uint layers = globeDraw_options.z;
    if (layers == 0u) {
        return vec4(0.0);
    }
    vec4 stacked = globeSurface_ImageryLayer(globeDraw_imagery[0], 0u, globeDraw_imageryBounds[0], surface, ground);
    GLOBE_SURFACE_LAY_OVER(1)
    GLOBE_SURFACE_LAY_OVER(2)
    GLOBE_SURFACE_LAY_OVER(3)
    GLOBE_SURFACE_LAY_OVER(4)
    return stacked;
}

// The light of towns the pixel's ground emits (surface/NightLights.glsl)
// where the sun's cosine of zenith is `sunCosZenith`, from the night-lights
// map of the whole Earth (globeDraw_nightLightsMap); none while it is not
// shown (globeDraw_surfaceOptions.x), or by day.
vec3 globeSurface_NightLights(globeSurface_Point surface, float sunCosZenith)
{
    if (globeDraw_surfaceOptions.x == 0.0 || surface_NightLightsShare(sunCosZenith) == 0.0) {
        return vec3(0.0);
    }
    globeSurface_GridPoint grid = globeSurface_GeographicGridPoint(surface, vec4(-180.0, -90.0, 180.0, 90.0));
    vec3 lights = textureGrad(globeDraw_nightLightsMap, grid.point, grid.alongX, grid.alongY).rgb;
    return surface_NightLightsLuminance(lights, sunCosZenith);
}

// The share of the sun's disc the ground at the pixel sees over the
// terrain (surface/SunVisibility.glsl, the horizon from
// planet/GlobeSunHorizon.glsl), where the shadows are on (globeDraw_options.w)
// and the sun stands low enough for relief to hide it: the steepest slopes
// a model's grid holds, averaged over its cells, stay under 35 degrees.
float globeSurface_SunVisibility(globeSurface_Point surface)
{
    if (globeDraw_options.w == 0u) {
        return 1.0;
    }
    dvec3 cube = surface.cube;
    vec3 sun = globeDraw_sunDirection.xyz;
    vec3 up = globeSunHorizon_Up(cube);
    float sunElevation = asin(clamp(dot(sun, up), -1.0, 1.0));
    if (sunElevation > radians(35.0) || sunElevation < -2.0 * SURFACE_SUN_ANGULAR_RADIUS) {
        return 1.0;
    }
    return surface_SunVisibility(globeSunHorizon_Elevation(cube, up, sun, globeDraw_options.y), sunElevation);
}

// Lambertian ground with unit normal `normal` under vertical `up`, of which
// `sunVisible` of the sun's disc stands above the terrain's horizon.
vec3 globeSurface_LitGround(vec3 albedo, vec3 normal, vec3 up, vec3 sun, globeAtmosphere_Daylight light, float sunVisible)
{
    vec3 sunlight = light.sunlight * max(dot(normal, sun), 0.0) * sunVisible;
    vec3 skylight = light.skylight * (0.5 + 0.5 * dot(normal, up));
    return albedo / ATMOSPHERE_PI * (sunlight + skylight);
}

// The ground's unit normal (ECEF) at `surface`, facing away from the
// Earth's centre (`position`: its ECEF, roughly):
// - the data's normal (planet/SurfaceNormal.glsl), interpolated between the
//   vertices: smooth at the data's spacing. Triangles are about as many
//   pixels across as the level of detail's target (7 to 10), so from the
//   pixel's footprint on the ground: where they grow from half a data
//   cell to two, their vertices sample the data's normal too sparsely, and
//   their own planes take over;
// - tilted by the detail's slope (planet_SurfaceDetailSumGradient) at the
//   pixel's exact cube point, every octave whose lattice spans 4 pixels or
//   more, fading out at 2 (Mikkelsen's surface gradient, with the steps of
//   the cube point and of the position to the next pixels).
vec3 globeSurface_GroundNormal(globeSurface_Point surface, vec3 position)
{
    vec3 alongX = surface.alongX;
    vec3 alongY = surface.alongY;
    vec3 geometric = normalize(cross(alongX, alongY));
    geometric = dot(geometric, position) < 0.0 ? -geometric : geometric;
    // A triangle's plane is a chord of the curved ground: level ground
    // would show its facets. Turned from the vertical at its centroid to the
    // vertical here, the plane keeps only the relief's tilt.
    vec3 upHere = normalize(position);
    vec3 upAtCentre = normalize(globeDraw_cameraEcef.xyz + surface.centreFromCamera);
    geometric = normalize(geometric + upHere - upAtCentre);
    float footprint = sqrt(length(alongX) * length(alongY));
    float cell = float(planet_DetailCellMetres(surface.detailGrid));
    float coarse = smoothstep(cell / 16.0, cell / 4.0, footprint);
    vec3 base = normalize(mix(normalize(surface.dataNormal), geometric, coarse));
    // Where a pixel resolves only the detail's first octaves, their lattice
    // would show as a regular pattern: the detail comes in over a few.
    float roughness = float(planet_DetailRoughness(double(surface.height))) * surface_DetailShownShare(footprint, cell);
    if (roughness <= 0.0) {
        return base;
    }
    dvec3 cube = surface.cube;
    vec3 gradient = roughness * planet_SurfaceDetailSumGradient(cube, surface.detailGrid, 2.0 * footprint);
    float slopeX = dot(gradient, surface.cubeAlongX);
    float slopeY = dot(gradient, surface.cubeAlongY);
    vec3 r1 = cross(alongY, base);
    vec3 r2 = cross(base, alongX);
    float determinant = dot(alongX, r1);
    vec3 surfaceGradient = sign(determinant) * (slopeX * r1 + slopeY * r2);
    return normalize(abs(determinant) * base - surfaceGradient);
}

// The ground a pixel shows: its height, and the share of the pixel that is
// land (the rest is sea).
struct globeSurface_Ground {
    float height;
    float landShare;
};

// Whether a coast can cross ground whose heights around lie from `lowest`
// to `highest`: on both sides of sea level (0 m is land). Elsewhere the
// height's change across a pixel, extrapolated, would reach sea level only
// beyond the ground it was taken from (a flat at 0 m meeting a rise, a plane
// seen at a grazing angle).
bool globeSurface_CoastCrosses(float lowest, float highest)
{
    return lowest < 0.0 && highest >= 0.0;
}

// The share of a pixel that is land (at or above sea level), from the
// height at its centre and the height's change across the pixel (along x
// plus along y, absolute; 0 where no coast crosses it): a coast across the
// pixel mixes land and sea rather than stepping from pixel to pixel.
float globeSurface_LandShare(float height, float change)
{
    if (change <= 0.0) {
        return height >= 0.0 ? 1.0 : 0.0;
    }
    return clamp(0.5 + height / change, 0.0, 1.0);
}

// Where a triangle is no larger than a cell of the model's base grid, the
// height interpolated from its vertices, which sample the data (and the
// detail) finely, and its change across the pixel. Where triangles span
// several cells (from far away: hundreds of kilometres from orbit, a few
// pixels each), their corners sample the coasts and the heights sparsely:
// the pixel reads the grid itself there (bilinear, as the vertices do), at
// its centre and at the pixels around it.
globeSurface_Ground globeSurface_GroundOf(globeSurface_Point surface)
{
    globeSurface_Ground ground =
        globeSurface_Ground(surface.height, globeSurface_LandShare(surface.height, surface.heightChange));
    uint intervals = globeDraw_options.y;
    float cell = float(planet_DetailCellMetres(intervals));
    float own = smoothstep(cell, 4.0 * cell, surface.triangleMetres);
    if (own > 0.0) {
        dvec3 cube = surface.cube;
        dvec3 alongX = dvec3(surface.cubeAlongX);
        dvec3 alongY = dvec3(surface.cubeAlongY);
        float here = float(planet_HeightAt(cube, intervals));
        float left = float(planet_HeightAt(cube - alongX, intervals));
        float right = float(planet_HeightAt(cube + alongX, intervals));
        float up = float(planet_HeightAt(cube - alongY, intervals));
        float down = float(planet_HeightAt(cube + alongY, intervals));
        // Land that meets sea level and stays there (flat ground at 0 m, as
        // around the Caspian) is land where it meets a rise.
        float lowest = min(here, min(min(left, right), min(up, down)));
        float highest = max(here, max(max(left, right), max(up, down)));
        float change =
            globeSurface_CoastCrosses(lowest, highest) ? 0.5 * (abs(right - left) + abs(down - up)) : 0.0;
        float share = globeSurface_LandShare(here, change);
        ground = globeSurface_Ground(mix(surface.height, here, own), mix(ground.landShare, share, own));
    }
    return ground;
}

// The luminance reaching the camera from `surface`: the ground or the sea,
// lit, seen through the air.
vec3 globeSurface_Luminance(globeSurface_Point surface)
{
    vec3 sun = globeDraw_sunAtmosphere.xyz;
    vec3 camera = globeDraw_cameraAtmosphere.xyz;
    float cameraAltitude = globeDraw_cameraAtmosphere.w;
    vec3 offset = globeAtmosphere_Offset(surface.fromCamera);
    // A triangle is a chord under the curved ground: its middle lies up to
    // its sagitta lower (5 km for one 500 km across, seen from 20,000 km),
    // where the air would be denser and the sun's light would cross the
    // ground. On land the air and the light are those at the ground's height
    // there (the sea is shaded where the ray meets sea level, above it).
    globeSurface_Ground ground = globeSurface_GroundOf(surface);
    // Sea level (the geoid) stands this many kilometres above the
    // ellipsoid, which atmosphere space's bottom sphere is.
    float seaLevelKm = float(planet_GeoidAt(surface.cube)) * 0.001;
    vec3 onChord = camera + offset;
    float chordRadius = length(onChord);
    float groundRadius = atmosphere_BottomRadius() + seaLevelKm + ground.height * 0.001;
    if (ground.height >= 0.0 && chordRadius < groundRadius) {
        offset = onChord * (groundRadius / chordRadius) - camera;
    }
    float distance = length(offset);
    vec3 towards = offset / max(distance, 1.0e-9);

    vec3 normalEcef = globeSurface_GroundNormal(surface, globeDraw_cameraEcef.xyz + surface.fromCamera);
    vec3 normal = globeAtmosphere_Direction(vec3(normalEcef.xy, normalEcef.z / (GLOBE_POLAR_STRETCH * GLOBE_POLAR_STRETCH)));
    vec3 point = camera + offset;

    // Under the sea, the view ray meets sea level before the seabed (at the
    // seabed itself where the float sphere misses it by a rounding), and
    // the shading happens there; a pixel across a coast is shaded where
    // the larger share lies, as both land and sea.
    float landShare = cameraAltitude > seaLevelKm ? ground.landShare : 1.0;
    bool sea = landShare < 0.5;
    vec2 seaLevel = globeAtmosphere_SphereCrossing(camera, towards, atmosphere_BottomRadius() + seaLevelKm,
                                                   cameraAltitude - seaLevelKm);
    float seen = sea && seaLevel.x > 0.0 && seaLevel.x < distance ? seaLevel.x : distance;
    vec3 shaded = sea ? camera + towards * seen : point;
    float r = length(shaded);
    vec3 up = shaded / r;
    globeAtmosphere_Daylight light = globeAtmosphere_DaylightAt(r, dot(up, sun));
    vec3 colour = vec3(0.0);
    if (landShare < 1.0) {
        colour += (1.0 - landShare) *
                  seaSurface_Luminance(globeDraw_seaLevelSky, up, towards, max(-ground.height, 0.0), sun, light);
    }
    if (landShare > 0.0) {
        // Atmosphere space keeps the polar stretch: asin of up.z is the
        // geocentric latitude there, within 0.2 degrees of the geodetic one.
        float latitude = degrees(asin(clamp(up.z, -1.0, 1.0)));
        surface_Ground land = globeSurface_LandGround(surface, ground.height, dot(normal, up), latitude);
        vec3 albedo = surface_DrapedAlbedo(surface_GroundAlbedo(land), globeSurface_Imagery(surface, land));
        // Contours follow the data's slope, not the detail's below it.
        vec3 dataNormal = globeAtmosphere_Direction(vec3(
            surface.dataNormal.xy, surface.dataNormal.z / (GLOBE_POLAR_STRETCH * GLOBE_POLAR_STRETCH)));
        float level = max(dot(dataNormal, up), 1.0e-3);
        albedo = surface_WithContours(albedo, ground.height, surface.heightAcross,
                                      sqrt(max(1.0 - level * level, 0.0)) / level, globeDraw_surfaceOptions.y);
        colour += landShare * globeSurface_LitGround(albedo, normal, up, sun, light, globeSurface_SunVisibility(surface));
    }
    colour += globeSurface_NightLights(surface, dot(up, sun));
    atmosphere_Gathered air = globeAtmosphere_Gather(camera, cameraAltitude, towards, seen, sun, 10, 4.0);
    return colour * air.transmittance + air.luminance;
}

#endif  // PLANET_GLOBE_SURFACE_GLSL
