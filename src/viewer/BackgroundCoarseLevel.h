// The coarse level of a streamed elevation model read while the window
// already draws: a model without overviews has its coarse level averaged from
// every sample of the file (dem::StreamedBaseTiming::LaterWhenCostly), which
// takes as long as the file is large. The window starts on a placeholder
// (the middle of the height range), streams the tiles the view asks for
// meanwhile, and takes the coarse level into the scene once it is read. A
// headless run reads it while it sets up the device and the scene, and
// takes it in before its first frame.
#pragma once

#include "dem/DemLoader.h"
#include "dem/DemStreaming.h"
#include "viewer/RunStatistics.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>

namespace scene {
class SceneRenderer;
}

namespace viewer {

class BackgroundCoarseLevel {
public:
    // Starts reading the pending base of `terrain`; none when its base was
    // read already (or it does not stream).
    static std::unique_ptr<BackgroundCoarseLevel> startFor(const dem::TerrainSource& terrain);

    explicit BackgroundCoarseLevel(std::shared_ptr<const dem::StreamedDem> streamed);

    // The share of the coarse level's rows read (0..1).
    [[nodiscard]] double progress() const { return reader_.progress(); }
    [[nodiscard]] bool done() const { return reader_.done(); }
    // Blocks until done or `timeout` passed; true when done.
    [[nodiscard]] bool waitUntilDone(std::chrono::milliseconds timeout) const { return reader_.waitUntilDone(timeout); }

    // Once done: the tile reader fills from the coarse level, the scene
    // draws it, `dem` counts its filled no-data samples, and its warnings
    // go to `err` ("cbt-terrain: warning: ..."); `framesDrawnBefore` frames
    // were drawn without it. Throws heightmap::HeightmapError (one line
    // naming the file) when the read failed.
    CoarseLevelRead takeInto(scene::SceneRenderer& scene, std::optional<dem::DemMetadata>& dem,
                             std::uint64_t framesDrawnBefore, std::ostream& err);

private:
    std::shared_ptr<const dem::StreamedDem> streamed_;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    dem::StreamedBaseReader reader_;
};

}  // namespace viewer
