// Per-frame data of the terrain on the bisector pool (terrain::PoolTerrainFrame
// in src/terrain/PoolTerrain.h, std430), written by the terrain once per
// frame slot. Positions of the pool terrain are kept relative to an origin
// (a dyadic point of the unit square, moved in steps of 1/64 of it as the
// camera travels) and drawn relative to the camera, so float precision
// follows the camera down to the deepest level:
//   position from the origin = ((u, v) - origin) * extent, y absolute;
//   position from the camera = that - cameraFromOrigin.
// The including shader defines POOL_TERRAIN_FRAME_SET and _BINDING.
#ifndef TERRAIN_POOL_TERRAIN_FRAME_GLSL
#define TERRAIN_POOL_TERRAIN_FRAME_GLSL

#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(std430, set = POOL_TERRAIN_FRAME_SET, binding = POOL_TERRAIN_FRAME_BINDING) readonly buffer PoolTerrainFrame {
    mat4 viewProjectionFromCamera;    // the view's rotation, then the projection
    vec4 frustumPlanesFromCamera[6];  // clip planes in positions from the camera
    vec4 cameraFromOrigin;            // xyz: the camera's position from the origin (y: world height)
    i64vec2 originUnits;              // the origin in the unit square, units of 2^-34
    uint backFaceCulling;             // 1: the index pass leaves out triangles facing away
    float focalPixels;                // pixels a metre covers one metre ahead of the camera
    float nearMetres;                 // distance of the near clip plane
} poolFrame;

// Unit-square coordinates are 64-bit integers in units of 2^-34.
const float POOL_TERRAIN_UNIT = 1.0 / 17179869184.0;  // 2^-34

#endif  // TERRAIN_POOL_TERRAIN_FRAME_GLSL
