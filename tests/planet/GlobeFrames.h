// Frames of the globe the planet GPU tests render: one frame recorded into
// slot 0 of a scene::GlobeSceneRenderer, submitted and waited for.
#pragma once

#include "scene/GlobeSceneRenderer.h"

namespace vk {
class Device;
}

namespace planet::test {

void renderGlobeFrame(vk::Device& device, scene::GlobeSceneRenderer& globe, const scene::GlobeFrameView& frame);

}  // namespace planet::test
