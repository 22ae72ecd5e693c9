#include "dem/DemPrepare.h"

#include "dem/DemDataset.h"
#include "dem/DemGdal.h"
#include "heightmap/Heightmap.h"

#include <cpl_string.h>
#include <cpl_vsi.h>
#include <gdal_priv.h>

#include <unistd.h>
#include <string_view>
#include <system_error>

namespace dem {

namespace {

[[noreturn]] void failOutput(const std::filesystem::path& path, std::string_view problem)
{
    throw heightmap::HeightmapError("output '" + path.string() + "' " + std::string(problem));
}

// Whether `output` names the same file as `input`: the same name, or two
// local names of one file (links, "./", "..").
bool isSameFile(const std::filesystem::path& input, const std::filesystem::path& output)
{
    if (input.native() == output.native())
        return true;
    if (isGdalVirtualName(input) || isGdalVirtualName(output))
        return false;
    std::error_code error;
    if (std::filesystem::equivalent(input, output, error) && !error)
        return true;
    std::error_code inputError;
    std::error_code outputError;
    const std::filesystem::path canonicalInput = std::filesystem::weakly_canonical(input, inputError);
    const std::filesystem::path canonicalOutput = std::filesystem::weakly_canonical(output, outputError);
    return !inputError && !outputError && canonicalInput == canonicalOutput;
}

// A local output must be a file name in a folder that exists and that this
// process may write to.
void checkOutputFolder(const std::filesystem::path& output)
{
    if (isGdalVirtualName(output))
        return;
    std::error_code error;
    if (std::filesystem::is_directory(output, error))
        failOutput(output, "is a directory; give the name of the GeoTIFF file to write");
    const std::filesystem::path folder = output.has_parent_path() ? output.parent_path() : ".";
    const auto status = std::filesystem::status(folder, error);
    if (status.type() == std::filesystem::file_type::not_found)
        failOutput(output, "can not be written: folder '" + folder.string() + "' does not exist");
    if (error)
        failOutput(output, "can not be written: folder '" + folder.string() + "': " + error.message());
    if (!std::filesystem::is_directory(status))
        failOutput(output, "can not be written: '" + folder.string() + "' is not a folder");
    if (::access(folder.c_str(), W_OK) != 0)
        failOutput(output, "can not be written: folder '" + folder.string() + "' is not writable");
}

// GDAL's progress callback: forwards the fraction to the PrepareProgress.
int CPL_STDCALL reportProgress(double fraction, const char* /*message*/, void* progress)
{
    const auto& callback = *static_cast<const PrepareProgress*>(progress);
    if (callback) {
        try {
            callback(fraction);
        } catch (...) {
            return FALSE;  // nothing may cross GDAL's C code: stop the copy instead
        }
    }
    return TRUE;
}

// `dataset` as an in-memory VRT whose band carries its exact lowest and
// highest value as STATISTICS_MINIMUM / STATISTICS_MAXIMUM, which the COG
// keeps: a viewer streaming the file takes its height range from them instead
// of reading every sample (dem/DemStreaming.h). Empty when GDAL can not say.
GdalDatasetHandle withHeightStatistics(GDALDataset& dataset)
{
    GDALRasterBand* band = dataset.GetRasterBand(1);
    double range[2] = {0.0, 0.0};
    if (band == nullptr || band->ComputeRasterMinMax(FALSE, range) != CE_None) {
        return nullptr;
    }
    GDALDriver* vrt = GetGDALDriverManager()->GetDriverByName("VRT");
    if (vrt == nullptr) {
        return nullptr;
    }
    GdalDatasetHandle wrapped(vrt->CreateCopy("", &dataset, FALSE, nullptr, nullptr, nullptr));
    if (!wrapped) {
        return nullptr;
    }
    GDALRasterBand* wrappedBand = wrapped->GetRasterBand(1);
    wrappedBand->SetMetadataItem("STATISTICS_MINIMUM", CPLSPrintf("%.17g", range[0]));
    wrappedBand->SetMetadataItem("STATISTICS_MAXIMUM", CPLSPrintf("%.17g", range[1]));
    return wrapped;
}

PreparedElevationModel describe(GDALDataset& written, const std::filesystem::path& output)
{
    PreparedElevationModel prepared;
    prepared.columns = static_cast<std::uint32_t>(written.GetRasterXSize());
    prepared.rows = static_cast<std::uint32_t>(written.GetRasterYSize());
    prepared.smallestOverviewColumns = prepared.columns;
    prepared.smallestOverviewRows = prepared.rows;
    GDALRasterBand& band = *written.GetRasterBand(1);
    prepared.overviewCount = band.GetOverviewCount();
    if (prepared.overviewCount > 0) {
        GDALRasterBand& smallest = *band.GetOverview(prepared.overviewCount - 1);
        prepared.smallestOverviewColumns = static_cast<std::uint32_t>(smallest.GetXSize());
        prepared.smallestOverviewRows = static_cast<std::uint32_t>(smallest.GetYSize());
    }
    VSIStatBufL status{};
    if (VSIStatL(output.c_str(), &status) == 0)
        prepared.bytes = static_cast<std::uint64_t>(status.st_size);
    return prepared;
}

}  // namespace

PreparedElevationModel prepareCloudOptimizedGeoTiff(const std::filesystem::path& input,
                                                    const std::filesystem::path& output,
                                                    const PrepareProgress& progress)
{
    if (output.empty())
        failOutput(output, "is an empty name");
    if (isSameFile(input, output))
        failOutput(output, "is the input itself; write the Cloud-Optimized GeoTIFF to another file");
    // Nothing beside the input: the statistics computed for the output stay
    // in memory (the handles below close before this does).
    const GdalAuxiliaryFilesOff noAuxiliaryFiles;
    const GdalDatasetHandle dataset = openElevationDataset(input);
    (void)elevationBand(input, *dataset);
    checkOutputFolder(output);

    GDALDriver* driver = GetGDALDriverManager()->GetDriverByName("COG");
    if (driver == nullptr)
        failOutput(output, "can not be written: this GDAL has no COG driver (GDAL 3.1 or later has one)");
    CPLStringList options;
    for (const char* option : kCloudOptimizedGeoTiffOptions)
        options.AddString(option);
    const GdalErrorCapture errors;
    const GdalDatasetHandle withStatistics = withHeightStatistics(*dataset);
    GDALDataset& source = withStatistics ? *withStatistics : *dataset;
    GdalDatasetHandle written(driver->CreateCopy(output.c_str(), &source, FALSE, options.List(), &reportProgress,
                                                 const_cast<PrepareProgress*>(&progress)));
    if (!written || !errors.firstError().empty()) {
        written.reset();
        VSIUnlink(output.c_str());
        const std::string reason = errors.detail();
        failOutput(output, "could not be written from '" + input.string() + "'" +
                               (reason.empty() ? std::string(" (GDAL gave no reason)") : reason));
    }
    return describe(*written, output);
}

}  // namespace dem
