#version 460
// Sky background: one triangle covering the whole viewport (drawn first,
// without depth test), passing its normalised device coordinates on.
layout(location = 0) out vec2 deviceCoordinates;

void main()
{
    vec2 corner = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2));
    deviceCoordinates = corner * 2.0 - 1.0;
    gl_Position = vec4(deviceCoordinates, 0.0, 1.0);
}
