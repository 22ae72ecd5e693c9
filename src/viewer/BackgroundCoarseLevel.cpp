#include "viewer/BackgroundCoarseLevel.h"

#include "scene/SceneRenderer.h"

#include <string>
#include <utility>

namespace viewer {

std::unique_ptr<BackgroundCoarseLevel> BackgroundCoarseLevel::startFor(const dem::TerrainSource& terrain)
{
    if (!terrain.streamed || !terrain.streamed->pendingBase) {
        return nullptr;
    }
    return std::make_unique<BackgroundCoarseLevel>(terrain.streamed);
}

BackgroundCoarseLevel::BackgroundCoarseLevel(std::shared_ptr<const dem::StreamedDem> streamed)
    : streamed_(std::move(streamed)),
      reader_(*streamed_->pendingBase)
{
}

CoarseLevelRead BackgroundCoarseLevel::takeInto(scene::SceneRenderer& scene, std::optional<dem::DemMetadata>& dem,
                                                std::uint64_t framesDrawnBefore, std::ostream& err)
{
    const dem::DemTerrain base = reader_.take();
    // The reader fills from the coarse level before the tiles filled from
    // the placeholder are dropped (and read again).
    streamed_->fillSamples->replace(base.heightmap.samples);
    scene.replaceBaseHeightmap(base.heightmap);
    if (dem) {
        dem->noDataCount = base.metadata.noDataCount;
    }
    for (const std::string& warning : base.metadata.warnings) {
        err << "cbt-terrain: warning: elevation model '" << base.heightmap.sourcePath << "': " << warning << "\n";
    }
    const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start_;
    return CoarseLevelRead{seconds.count(), framesDrawnBefore};
}

}  // namespace viewer
