#version 460
// The sky: one triangle covering the whole viewport, passing its normalised
// device coordinates on. At depth 0: atmosphere::SkyPass draws it after the
// opaque geometry with a viewport depth range that moves it to the cleared
// far value and an EQUAL test, so only the pixels nothing covered are shaded.
layout(location = 0) out vec2 deviceCoordinates;

void main()
{
    vec2 corner = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2));
    deviceCoordinates = corner * 2.0 - 1.0;
    gl_Position = vec4(deviceCoordinates, 0.0, 1.0);
}
