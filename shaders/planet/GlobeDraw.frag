#version 460
// The globe's surface under its atmosphere: land coloured by its height and
// slope (lowland green, highland brown, rock, snow) and lit by the sun through the
// air and by the sky; the sea a water surface at sea level over the
// bathymetry, its colour from the depth below it and the angle it is seen
// at (Fresnel's law: the sky's reflection at grazing angles, a glint of the
// sun); then the air between the camera and the surface. Where the planet
// hides the sun the ground gets no sunlight and little skylight: the night
// side is dark and the terminator follows the sun's horizon. With the
// wireframe on, the triangles' edges darken the result.
// The ground is lit by the surface's normal, not its triangles' planes (see
// groundNormal): the data's normal, interpolated between the vertices, tilted
// by the detail's slope where the pixel lies.
#extension GL_GOOGLE_include_directive : require
#define ATMOSPHERE_SET 1
#define GLOBE_DRAW_FRAGMENT
#include "planet/GlobeAtmosphere.glsl"
#include "planet/GlobeDraw.glsl"
#include "planet/SeaSurface.glsl"
#include "planet/SurfaceDetail.glsl"
#include "display/HdrOutput.glsl"
#define DISPLAY_WIREFRAME_FRAGMENT
#include "display/Wireframe.glsl"

layout(location = 0) in vec3 inFromCamera;
layout(location = 1) in float inHeight;
layout(location = 2) noperspective in vec3 inBarycentric;
layout(location = 3) in vec3 inCubeFromCamera;
layout(location = 4) in vec3 inDataNormal;
layout(location = 5) flat in uint inDetailGrid;
layout(location = 0) out vec4 outColour;

// The permanent snow line at a latitude (terrain::permanentSnowLineMetres):
// 4800 m at the equator, 5600 m at 25 degrees, 5200 m at 35, 2730 m at 45,
// sea level at 75, linear in between.
float snowLineMetres(float latitudeDegrees)
{
    float latitude = abs(latitudeDegrees);
    if (latitude <= 25.0) {
        return mix(4800.0, 5600.0, latitude / 25.0);
    }
    if (latitude <= 35.0) {
        return mix(5600.0, 5200.0, (latitude - 25.0) / 10.0);
    }
    if (latitude <= 45.0) {
        return mix(5200.0, 2730.0, (latitude - 35.0) / 10.0);
    }
    return mix(2730.0, 0.0, min((latitude - 45.0) / 30.0, 1.0));
}

// The land's colour by its height, its slope (`flatness`: the cosine of
// the ground's tilt) and its latitude: vegetation low and on gentle slopes,
// bare ground higher, rock on steep slopes, snow above the latitude's snow
// line on all but the steepest.
vec3 landAlbedo(float height, float flatness, float latitudeDegrees)
{
    vec3 lowland = vec3(0.08, 0.16, 0.05);
    vec3 highland = vec3(0.24, 0.19, 0.13);
    vec3 rock = vec3(0.20, 0.19, 0.18);
    vec3 snow = vec3(0.80, 0.82, 0.86);
    vec3 land = mix(lowland, highland, smoothstep(300.0, 2500.0, height));
    land = mix(rock, land, smoothstep(0.75, 0.92, flatness));
    float snowLine = snowLineMetres(latitudeDegrees);
    float snowCover = smoothstep(snowLine, snowLine + 600.0, height) * smoothstep(0.6, 0.8, flatness);
    return mix(land, snow, snowCover);
}

// Lambertian ground with unit normal `normal` under vertical `up`.
vec3 litGround(vec3 albedo, vec3 normal, vec3 up, vec3 sun, globeAtmosphere_Daylight light)
{
    vec3 sunlight = light.sunlight * max(dot(normal, sun), 0.0);
    vec3 skylight = light.skylight * (0.5 + 0.5 * dot(normal, up));
    return albedo / ATMOSPHERE_PI * (sunlight + skylight);
}

// The ground's unit normal (ECEF) at the fragment, facing away from the
// Earth's centre (`position`: the fragment's ECEF, roughly):
// - the data's normal (planet/SurfaceNormal.glsl), interpolated between the
//   vertices: smooth at the data's spacing. Triangles are about as many
//   pixels across as the level of detail's target (7 to 10), so from the
//   pixel's footprint on the ground: where they grow from half a data
//   cell to two, their vertices sample the data's normal too sparsely, and
//   their own planes take over;
// - tilted by the detail's slope (planet_SurfaceDetailSumGradient) at the
//   pixel's exact cube point, every octave whose lattice spans 4 pixels or
//   more, fading out at 2 (Mikkelsen's surface gradient, with the cube
//   point's and the position's screen derivatives).
vec3 groundNormal(vec3 position)
{
    vec3 alongX = dFdx(inFromCamera);
    vec3 alongY = dFdy(inFromCamera);
    vec3 cubeAlongX = dFdx(inCubeFromCamera);
    vec3 cubeAlongY = dFdy(inCubeFromCamera);
    vec3 geometric = normalize(cross(alongX, alongY));
    geometric = dot(geometric, position) < 0.0 ? -geometric : geometric;
    float footprint = sqrt(length(alongX) * length(alongY));
    float cell = float(planet_DetailCellMetres(inDetailGrid));
    float coarse = smoothstep(cell / 16.0, cell / 4.0, footprint);
    vec3 base = normalize(mix(normalize(inDataNormal), geometric, coarse));
    // Where a pixel resolves only the detail's first octaves, their lattice
    // would show as a regular pattern: the detail comes in over a few.
    float roughness = float(planet_DetailRoughness(double(inHeight))) *
                      (1.0 - smoothstep(cell / 64.0, cell / 16.0, footprint));
    if (roughness <= 0.0) {
        return base;
    }
    dvec3 cube = planet_CubePointOf(globeDraw_cameraCube.xyz) + dvec3(inCubeFromCamera);
    vec3 gradient = roughness * planet_SurfaceDetailSumGradient(cube, inDetailGrid, 2.0 * footprint);
    float slopeX = dot(gradient, cubeAlongX);
    float slopeY = dot(gradient, cubeAlongY);
    vec3 r1 = cross(alongY, base);
    vec3 r2 = cross(base, alongX);
    float determinant = dot(alongX, r1);
    vec3 surfaceGradient = sign(determinant) * (slopeX * r1 + slopeY * r2);
    return normalize(abs(determinant) * base - surfaceGradient);
}

void main()
{
    vec3 sun = globeDraw_sunAtmosphere.xyz;
    vec3 camera = globeDraw_cameraAtmosphere.xyz;
    float cameraAltitude = globeDraw_cameraAtmosphere.w;
    vec3 offset = globeAtmosphere_Offset(inFromCamera);
    float distance = length(offset);
    vec3 towards = offset / max(distance, 1.0e-9);

    vec3 normalEcef = groundNormal(globeDraw_cameraEcef.xyz + inFromCamera);
    vec3 normal = globeAtmosphere_Direction(vec3(normalEcef.xy, normalEcef.z / (GLOBE_POLAR_STRETCH * GLOBE_POLAR_STRETCH)));
    vec3 point = camera + offset;

    // Under the sea, the view ray meets sea level before the seabed (at the
    // seabed itself where the float sphere misses it by a rounding), and
    // the shading happens there.
    bool sea = inHeight < 0.0 && cameraAltitude > 0.0;
    vec2 seaLevel = globeAtmosphere_SphereCrossing(camera, towards, atmosphere_BottomRadius(), cameraAltitude);
    float seen = sea && seaLevel.x > 0.0 && seaLevel.x < distance ? seaLevel.x : distance;
    vec3 shaded = sea ? camera + towards * seen : point;
    float r = length(shaded);
    vec3 up = shaded / r;
    globeAtmosphere_Daylight light = globeAtmosphere_DaylightAt(r, dot(up, sun));
    vec3 colour;
    if (sea) {
        colour = seaSurface_Luminance(globeDraw_seaLevelSky, up, towards, -inHeight, sun, light);
    } else {
        // Atmosphere space keeps the polar stretch: asin of up.z is the
        // geocentric latitude there, within 0.2 degrees of the geodetic one.
        float latitude = degrees(asin(clamp(up.z, -1.0, 1.0)));
        colour = litGround(landAlbedo(inHeight, dot(normal, up), latitude), normal, up, sun, light);
    }
    atmosphere_Gathered air = globeAtmosphere_Gather(camera, cameraAltitude, towards, seen, sun, 10, 4.0);
    vec3 luminance = colour * air.transmittance + air.luminance;
    if (globeDraw_options.x != 0u) {
        luminance = display_WithWireframe(luminance, inBarycentric);
    }
    outColour = display_HdrOutput(luminance, true);
}
