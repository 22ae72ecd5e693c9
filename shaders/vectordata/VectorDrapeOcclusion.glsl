// Whether a point of the vector drape is hidden by the scene's surface, and
// the colour a drape pixel blends over the display colour. The surface at
// the pixel is read from the frame's depth image, or, with
// DRAPE_VISIBILITY_BUFFER, from sample 0 of its visibility buffer
// (raster/TriangleRaster.h). A point is hidden where no surface lies under
// it, or where it lies, along its view ray, behind that surface by more than
// the tolerance measured along the up direction: a ridge in front hides it,
// the surface's own level of detail does not. Needs VectorDrape.glsl.

// Whether the shader writes sRGB itself (a UNORM target) or the target
// encodes the linear colour (an SRGB one).
layout(constant_id = 0) const bool kShaderEncodesSrgb = false;

#ifdef DRAPE_VISIBILITY_BUFFER
layout(std430, set = 0, binding = 2) readonly buffer Visibility {
    uint visibilityWords[];
};
#else
layout(set = 0, binding = 2) uniform sampler2D sceneDepth;
#endif

// The scene's depth at a pixel, or the cleared depth where it has none.
float drape_SceneDepth(ivec2 pixel)
{
#ifdef DRAPE_VISIBILITY_BUFFER
    const uint samples = uint(drapeFrame.tolerance.z);
    const uint index = (uint(pixel.y) * uint(drapeFrame.depthTerms.z) + uint(pixel.x)) * samples * 2u;
    const uint high = visibilityWords[index + 1u];
    return high == 0u && visibilityWords[index] == 0u ? drapeFrame.depthTerms.y : uintBitsToFloat(high);
#else
    return texelFetch(sceneDepth, pixel, 0).r;
#endif
}

// Whether a point seen at `pixel`, `axialDistance` along the view's axis
// (its clip w), is hidden. `relative`: the point less the camera's position;
// `up`: the scene's up direction there.
bool drape_HiddenAt(ivec2 pixel, float axialDistance, vec3 relative, vec3 up)
{
    const float depth = drape_SceneDepth(pixel);
    if (depth == drapeFrame.depthTerms.y) {
        return true;  // no surface under the point here
    }
    const vec3 ray = normalize(relative);
    const float cosine = max(dot(ray, drapeFrame.forward.xyz), 1e-3);
    const float sceneAxial = drapeFrame.depthTerms.x / (depth + drapeFrame.forward.w);
    const float behind = (axialDistance - sceneAxial) / cosine;
    const float allowed = drapeFrame.tolerance.x + drapeFrame.tolerance.y * sceneAxial / cosine;
    return behind * abs(dot(ray, up)) > allowed;
}

#ifndef DRAPE_COMPUTE
// The same for the fragment being shaded.
bool drape_HiddenBySurface(vec3 relative, vec3 up)
{
    return drape_HiddenAt(ivec2(gl_FragCoord.xy), 1.0 / gl_FragCoord.w, relative, up);
}
#endif

vec3 drape_DecodeSrgb(vec3 coded)
{
    return mix(coded / 12.92, pow((coded + 0.055) / 1.055, vec3(2.4)), greaterThan(coded, vec3(0.04045)));
}

// The premultiplied colour of `srgb` at `alpha` for the display colour.
vec4 drape_Output(vec3 srgb, float alpha)
{
    const vec3 rgb = kShaderEncodesSrgb ? srgb : drape_DecodeSrgb(srgb);
    return vec4(rgb * alpha, alpha);
}
