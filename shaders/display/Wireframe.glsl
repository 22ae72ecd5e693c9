// The wireframe drawn over a shaded triangle in one pass: lines about one
// pixel wide along its edges, found from its barycentric coordinates (each
// vertex 1 in its own component, interpolated without perspective).
#ifndef DISPLAY_WIREFRAME_GLSL
#define DISPLAY_WIREFRAME_GLSL

// 1 on the triangle's edges (shared by the two triangles of an edge), 0
// inside.
float display_WireframeCoverage(vec3 barycentric)
{
    vec3 width = fwidth(barycentric);
    vec3 inside = smoothstep(vec3(0.0), width, barycentric);
    return 1.0 - min(min(inside.x, inside.y), inside.z);
}

// `colour` with the edges darkened.
vec3 display_WithWireframe(vec3 colour, vec3 barycentric)
{
    return mix(colour, vec3(0.0), 0.85 * display_WireframeCoverage(barycentric));
}

#endif  // DISPLAY_WIREFRAME_GLSL
