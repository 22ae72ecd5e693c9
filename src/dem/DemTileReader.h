// The tile reader of a streamed elevation model (dem/DemStreaming.h): one
// GDAL dataset, read one tile window at a time at the tile's level.
#pragma once

#include "dem/DemGdal.h"
#include "dem/DemReadScale.h"
#include "dem/DemSampleRules.h"
#include "dem/DemStreaming.h"

#include <gdal_priv.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace dem {

class DemTileReader final : public tiles::TileReader {
public:
    // Opens `path`. Throws HeightmapError.
    DemTileReader(const std::filesystem::path& path, const StreamedDem& dem);

    // Throws std::invalid_argument for a key outside the layout.
    tiles::Tile read(const tiles::TileKey& key) override;
    std::vector<std::string> takeWarnings() override;

private:
    // The part of a window GDAL could not give.
    struct Damage {
        HeightmapWindow bounds;  // of the unreadable blocks, level samples in the file's orientation
        std::string reason;      // GDAL's first error
    };
    // The samples of `window` at `scale` (file orientation) into `values` and
    // `validity` (0: masked out); `readable` 0 where GDAL could not give them.
    std::optional<Damage> readWindowAroundDamage(const ReadScale& scale, const HeightmapWindow& window,
                                                 std::vector<double>& values, std::vector<std::uint8_t>& validity,
                                                 std::vector<std::uint8_t>& readable);
    // Why a read failed: GDAL's first error, or, when a transfer got no
    // answer at all (a server that stopped answering), what the network
    // said (transferFailureProblem).
    struct ReadFailure {
        std::string reason;
        bool noAnswer = false;
    };
    // Reads `window` into the front of `values` and `validity`; why not when
    // it fails.
    std::optional<ReadFailure> readPart(const ReadScale& scale, const HeightmapWindow& window, double* values,
                                        std::uint8_t* validity);
    // The base's height (quantised) under sample (column, row) of `level`,
    // bilinear with clamp to edge, of the base samples `base`.
    std::uint16_t baseSampleUnder(const std::vector<std::uint16_t>& base, std::uint32_t level, std::uint32_t column,
                                  std::uint32_t row) const;
    std::string tileText(const ReadScale& scale, const HeightmapWindow& window) const;

    // The samples around a tile of a model without bathymetry, in metres
    // (heightmap orientation), 0 in `valid` for no-data.
    struct SeaWindow {
        std::uint32_t columns = 0;
        std::uint32_t rows = 0;
        std::vector<float> metres;
        std::vector<std::uint8_t> valid;
        std::vector<std::uint8_t> knownSea;  // 1 where the base under a sample is sea
        double marginDepthMetres = 0.0;      // the shelf's depth at the margin
    };
    // Samples of `level` read around a tile to place the sea from its coast;
    // 0 for a model with bathymetry.
    std::uint32_t seaMarginAt(std::uint32_t level) const;
    // Marks the no-data of `window` that meets a coast, or lies over the
    // base's sea, as sea (dem/DemLandOnlySea.h), its shelf stopping at the
    // margin's depth.
    void placeSea(std::uint32_t level, SeaWindow& window) const;
    // The sample of no-data at `at` of a placed window, over base sample
    // `under`: the sea from the window's coast while shallower than the
    // margin's depth, else that depth or the base's sea, whichever is
    // deeper; a void on land (under the base's land) takes `under`.
    std::uint16_t seaSample(const SeaWindow& window, std::size_t at, std::uint16_t under) const;

    std::filesystem::path path_;
    // Declared first: GDAL writes nothing beside the file, up to the close.
    GdalAuxiliaryFilesOff noAuxiliaryFiles_;
    GdalDatasetHandle dataset_;
    GDALRasterBand* band_ = nullptr;
    SampleRules rules_;
    bool independentBlocks_ = false;  // GeoTIFF: a failed window is read again block by block
    tiles::TilePyramidLayout layout_;
    std::uint32_t baseColumns_ = 0;
    std::uint32_t baseRows_ = 0;
    std::shared_ptr<const StreamedBaseSamples> baseSamples_;
    double minimumMetres_ = 0.0;
    double maximumMetres_ = 0.0;
    // Set for a model without bathymetry whose base has sea
    // (StreamedDem::landOnlySea): the tiles place their sea from their coasts.
    std::optional<LandOnlySea> landOnlySea_;
    double metresPerFileRow_ = 0.0;          // on level 0
    std::uint32_t noDataDistanceReach_ = 0;  // StreamedDem::noDataDistanceReach
    std::vector<std::string> warnings_;
    bool warnedUnreadable_ = false;  // the warning for unreadable tiles is given once
};

}  // namespace dem
