#version 460
// The flat terrain's visibility pass (raster::gpu::VisibilityRasterPass):
// the triangles its draw would draw (terrain/TerrainTriangles.glsl; the
// pool's with TERRAIN_POOL) rasterized in compute
// (raster/VisibilityRaster.glsl; with RASTER_VISIBILITY_LARGE, the kernel
// for the large list). The invocations stride over the triangles, so any
// number of workgroups covers them.
#extension GL_GOOGLE_include_directive : require
#define TERRAIN_DRAW_SET_IN_COMPUTE
#include "terrain/TerrainTriangles.glsl"

uint rasterSource_TriangleCount()
{
    return terrain_DrawTriangleCount();
}

// The clip-space corners of triangle `triangle`, as the draw's vertex
// shader places them; false for an empty one, and for a back face, which
// the draw culls (terrain::makeTerrainDrawPipeline: front faces wind
// clockwise on the screen, y down): with every corner in front of the
// camera, the determinant of the corners' (x, y, w) has the sign of their
// winding. One that crosses the camera's plane is kept; the depth test
// sorts it.
bool rasterSource_Corners(uint triangle, out vec4 clip[3])
{
    terrain_DrawTriangle shape = terrain_DrawTriangleOf(triangle, triangle);
    if (!shape.valid) {
        return false;
    }
    for (uint corner = 0u; corner < 3u; ++corner) {
        clip[corner] = terrain_DrawVertexOf(shape, corner, triangle, true).clip;
    }
    bool inFront = clip[0].w > 0.0 && clip[1].w > 0.0 && clip[2].w > 0.0;
    float orientation = determinant(mat3(clip[0].xyw, clip[1].xyw, clip[2].xyw));
    return !(inFront && orientation < 0.0);
}

#include "raster/VisibilityRaster.glsl"
