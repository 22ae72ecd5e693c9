#version 460
// The globe's visibility pass: each sample the nearest triangle covers gets
// its index in the visible list plus one (0, the clear value, is the sky).
layout(location = 0) flat in uint inTriangle;
layout(location = 0) out uint outVisibility;

void main()
{
    outVisibility = inTriangle + 1u;
}
