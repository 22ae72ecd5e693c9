// The ground's albedo from physical quantities (included by TerrainDraw.frag
// after the terrain uniforms): elevation above sea level (real metres: a
// vertical exaggeration is undone), slope, and the snow line, which the C++
// side derives from the terrain's latitude (terrain::permanentSnowLineMetres)
// or takes from --snow-line. Grass on gentle ground, soil where it steepens,
// rock on steep slopes and, thinning the vegetation, in the alpine band below
// the snow line; sand on the shore (a few metres either side of sea level)
// when heights have a vertical datum; snow above the snow line where the
// ground is gentle enough to hold it. The
// boundaries wander with deterministic value noise in world metres, so the
// materials blend in patches rather than in bands.
#ifndef TERRAIN_GROUND_MATERIALS_GLSL
#define TERRAIN_GROUND_MATERIALS_GLSL

// 32 well-mixed bits for an integer cell.
uint material_CellBits(ivec2 cell)
{
    uvec2 q = uvec2(cell) * uvec2(1597334677u, 3812015801u);
    uint n = (q.x ^ q.y) * 1597334677u;
    return n ^ (n >> 16u);
}

// A hash of an integer cell to [0, 1).
float material_CellHash(ivec2 cell)
{
    return float(material_CellBits(cell) >> 8u) * (1.0 / 16777216.0);
}

// Smooth value noise in [0, 1] with a unit cell.
float material_ValueNoise(vec2 p)
{
    vec2 cell = floor(p);
    vec2 f = p - cell;
    vec2 w = f * f * f * (f * (6.0 * f - 15.0) + 10.0);
    ivec2 c = ivec2(cell);
    float a = material_CellHash(c);
    float b = material_CellHash(c + ivec2(1, 0));
    float d = material_CellHash(c + ivec2(0, 1));
    float e = material_CellHash(c + ivec2(1, 1));
    return mix(mix(a, b, w.x), mix(d, e, w.x), w.y);
}

// Four octaves of value noise over the ground (wavelengths 640 to 40 m), in
// [-0.5, 0.5]. An octave finer than two pixels' footprint (`footprintMetres`)
// fades to its mean, so distant ground does not shimmer.
float material_Variation(vec2 metres, float footprintMetres)
{
    // Each octave's grid is turned by about 37 degrees from the last, so that
    // no grid axis shows through the sum.
    const mat2 turn = mat2(0.8, 0.6, -0.6, 0.8);
    float sum = 0.0;
    float weight = 0.5;
    float wavelength = 640.0;
    vec2 p = metres;
    for (int octave = 0; octave < 4; ++octave) {
        float resolved = 1.0 - smoothstep(0.25, 0.5, footprintMetres / wavelength);
        sum += weight * resolved * (material_ValueNoise(p / wavelength) - 0.5);
        weight *= 0.5;
        wavelength *= 0.25;
        p = turn * p + vec2(17.0, 43.0) * wavelength;
    }
    return sum / 0.9375;
}

// Lambertian albedo of the ground at `position` (world metres), of
// steepness 0 (flat) .. 1 (vertical), seen with a pixel footprint of
// `footprintMetres`.
vec3 material_GroundAlbedo(vec3 position, float steepness, float footprintMetres)
{
    const vec3 grass = vec3(0.060, 0.105, 0.035);
    const vec3 soil = vec3(0.160, 0.120, 0.075);
    const vec3 rock = vec3(0.150, 0.135, 0.120);
    const vec3 sand = vec3(0.300, 0.260, 0.190);
    const vec3 snow = vec3(0.800, 0.820, 0.860);
    float variation = material_Variation(position.xz, footprintMetres);
    float elevation = position.y * terrainFrame.elevationPerWorldHeight;
    float snowLine = terrainFrame.snowLineMetres;

    vec3 albedo = mix(grass, soil, smoothstep(0.05, 0.15, steepness + 0.08 * variation));
    // The alpine band: vegetation gives way to scree over the 900 m below the snow line.
    float alpine = smoothstep(snowLine - 1200.0, snowLine - 300.0, elevation + 400.0 * variation);
    albedo = mix(albedo, mix(soil, rock, 0.7), 0.8 * alpine);
    albedo = mix(albedo, rock, smoothstep(0.18, 0.35, steepness + 0.10 * variation));
    if (terrainFrame.seaLevelKnown != 0u) {
        float shore = elevation + 8.0 * variation;
        float beach = smoothstep(-30.0, -5.0, shore) * (1.0 - smoothstep(2.0, 12.0, shore));
        albedo = mix(albedo, sand, beach * (1.0 - smoothstep(0.08, 0.2, steepness)));
    }
    float snowCover = smoothstep(snowLine - 100.0, snowLine + 200.0, elevation + 400.0 * variation);
    return mix(albedo, snow, snowCover * (1.0 - smoothstep(0.2, 0.4, steepness)));
}

#endif  // TERRAIN_GROUND_MATERIALS_GLSL
