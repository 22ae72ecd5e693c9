// The request bits of a tile atlas (tiles::gpu::TileAtlas): one bit a tile
// of the pyramid, set by the shaders that want it, read back by the host.
#ifndef TILES_TILE_REQUESTS_GLSL
#define TILES_TILE_REQUESTS_GLSL

// Sets the request bit of page-table `entry` in `words` (a buffer's uint
// array): most invocations find it set already, so it is read before the
// atomic. For every atlas's request bits: the heights' (tiles/TileAtlas.glsl) and
// the imagery's (surface/StreamedImagery.glsl).
#define TILES_SET_REQUEST_BIT(words, entry)                                                                            \
    {                                                                                                                  \
        uint tilesWord_ = (entry) >> 5u;                                                                               \
        uint tilesBit_ = 1u << ((entry)&31u);                                                                          \
        if ((words[tilesWord_] & tilesBit_) == 0u) {                                                                   \
            atomicOr(words[tilesWord_], tilesBit_);                                                                    \
        }                                                                                                              \
    }

#endif  // TILES_TILE_REQUESTS_GLSL
