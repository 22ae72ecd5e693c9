#include "GlobeFrames.h"

#include "scene/FrameSlot.h"
#include "vk/Commands.h"
#include "vk/Device.h"

namespace planet::test {

void renderGlobeFrame(vk::Device& device, scene::GlobeSceneRenderer& globe, const scene::GlobeFrameView& frame)
{
    scene::FrameSlot& slot = globe.slot(0);
    slot.inFlight.wait();
    slot.inFlight.reset();
    vk::beginCommandBuffer(slot.commands);
    globe.recordFrame(0, frame);
    vk::endCommandBuffer(slot.commands);
    scene::submitFrameSlot(device, slot);
    slot.inFlight.wait();
}

}  // namespace planet::test
