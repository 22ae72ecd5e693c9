// The wireframe drawn over a shaded triangle in one pass: lines about one
// pixel wide along its edges, found from its barycentric coordinates (each
// vertex 1 in its own component, interpolated without perspective). The
// vertex shader writes display_CornerBarycentric; a fragment shader defines
// DISPLAY_WIREFRAME_FRAGMENT before including this for the derivatives'
// forms; a compute shader passes the width it computed.
#ifndef DISPLAY_WIREFRAME_GLSL
#define DISPLAY_WIREFRAME_GLSL

// The barycentric coordinates of a triangle's corner 0, 1 or 2.
vec3 display_CornerBarycentric(uint corner)
{
    return vec3(corner == 0u ? 1.0 : 0.0, corner == 1u ? 1.0 : 0.0, corner == 2u ? 1.0 : 0.0);
}

// 1 on the triangle's edges (shared by the two triangles of an edge), 0
// inside; `width`: how much the barycentric coordinates change over one
// pixel (fwidth).
float display_WireframeCoverageOver(vec3 barycentric, vec3 width)
{
    vec3 inside = smoothstep(vec3(0.0), width, barycentric);
    return 1.0 - min(min(inside.x, inside.y), inside.z);
}

// `colour` with the edges darkened, `width` as for display_WireframeCoverageOver.
vec3 display_WithWireframeOver(vec3 colour, vec3 barycentric, vec3 width)
{
    return mix(colour, vec3(0.0), 0.85 * display_WireframeCoverageOver(barycentric, width));
}

#ifdef DISPLAY_WIREFRAME_FRAGMENT
// display_WireframeCoverageOver with the width from the fragment's derivatives.
float display_WireframeCoverage(vec3 barycentric)
{
    return display_WireframeCoverageOver(barycentric, fwidth(barycentric));
}

// `colour` with the edges darkened.
vec3 display_WithWireframe(vec3 colour, vec3 barycentric)
{
    return display_WithWireframeOver(colour, barycentric, fwidth(barycentric));
}
#endif

#endif  // DISPLAY_WIREFRAME_GLSL
