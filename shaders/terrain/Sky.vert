#version 460
// Sky background: one triangle covering the whole viewport, passing its
// normalised device coordinates on. At depth 0: with a depth buffer the pass
// draws it after the terrain with a viewport depth range that moves it to the
// cleared far value and an EQUAL test, so only uncovered pixels are shaded
// (terrain::TerrainDrawPass::recordSky); without one, first, everywhere.
layout(location = 0) out vec2 deviceCoordinates;

void main()
{
    vec2 corner = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2));
    deviceCoordinates = corner * 2.0 - 1.0;
    gl_Position = vec4(deviceCoordinates, 0.0, 1.0);
}
