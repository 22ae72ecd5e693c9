// Pieces of the terrain's level-of-detail criterion shared by the heap
// backend's (terrain/TerrainCriterion.glsl) and the bisector pool's
// (terrain/PoolTerrainCriterion.glsl): the frustum test of a box, the
// projected length of an edge, and the flatness test. The including shader
// has included terrain/TerrainUniforms.glsl and terrain/HeightStatistics.glsl.
#ifndef TERRAIN_LEVEL_OF_DETAIL_GLSL
#define TERRAIN_LEVEL_OF_DETAIL_GLSL

// Projected lengths beyond this count as "at or behind the camera".
const float TERRAIN_UNBOUNDED_PIXELS = 3.0e38;
// Clip w (distance along the view axis, metres) under which a point is
// treated as being at the camera plane.
const float TERRAIN_MIN_CLIP_W = 1.0e-3;

// Whether the box [lowest, highest] meets the space inside all six planes
// (a, b, c, d): a point p is inside when dot(plane, vec4(p, 1)) >= 0.
bool terrain_BoxIntersectsPlanes(vec4 planes[6], vec3 lowest, vec3 highest)
{
    for (int i = 0; i < 6; ++i) {
        vec4 plane = planes[i];
        // The box corner farthest along the plane's normal.
        vec3 corner = vec3(plane.x >= 0.0 ? highest.x : lowest.x, plane.y >= 0.0 ? highest.y : lowest.y,
                           plane.z >= 0.0 ? highest.z : lowest.z);
        if (dot(plane.xyz, corner) + plane.w < 0.0) {
            return false;
        }
    }
    return true;
}

// Pixels the segment a-b covers on screen under `viewProjection`.
float terrain_ProjectedLengthPixels(mat4 viewProjection, vec3 a, vec3 b)
{
    vec4 clipA = viewProjection * vec4(a, 1.0);
    vec4 clipB = viewProjection * vec4(b, 1.0);
    if (clipA.w <= TERRAIN_MIN_CLIP_W || clipB.w <= TERRAIN_MIN_CLIP_W) {
        return TERRAIN_UNBOUNDED_PIXELS;
    }
    vec2 halfViewport = 0.5 * terrainFrame.viewportPixels;
    return length((clipA.xy / clipA.w - clipB.xy / clipB.w) * halfViewport);
}

// Whether heights of standard deviation `deviation` (normalised, as the
// moments chain gives it) vary less than the flatness threshold (never, for a
// zero threshold).
bool terrain_IsFlatDeviation(float deviation)
{
    float flatness = terrainFrame.flatnessMetres;
#ifdef CBT_CPU_DRIVER_PATH
    // No test of the threshold alone: a branch on uniform data alone makes
    // lavapipe compile a new variant of the kernel every frame
    // (vk/DriverPath.glsl). A zero threshold fails the comparison anyway.
    return deviation * terrainFrame.heightScaleMetres < flatness;
#else
    return flatness > 0.0 && deviation * terrainFrame.heightScaleMetres < flatness;
#endif
}

#endif  // TERRAIN_LEVEL_OF_DETAIL_GLSL
