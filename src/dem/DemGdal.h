// RAII over the two GDAL resources the DEM loader and its tests hold: an open
// dataset, and a scope in which GDAL's error messages are captured (instead
// of printed to stderr) so that a failure can become a one-line message.
#pragma once

#include <gdal_priv.h>

#include <memory>
#include <string>

namespace dem {

struct GdalDatasetCloser {
    void operator()(GDALDataset* dataset) const noexcept { GDALClose(GDALDataset::ToHandle(dataset)); }
};
using GdalDatasetHandle = std::unique_ptr<GDALDataset, GdalDatasetCloser>;

// While alive, GDAL errors and warnings raised on this thread are kept here
// rather than printed. Not copyable: GDAL holds a pointer to it.
class GdalErrorCapture {
public:
    GdalErrorCapture();
    ~GdalErrorCapture();
    GdalErrorCapture(const GdalErrorCapture&) = delete;
    GdalErrorCapture& operator=(const GdalErrorCapture&) = delete;

    // The first error (CE_Failure or worse) raised since construction, on one
    // line; empty when there was none.
    const std::string& firstError() const noexcept { return firstError_; }
    // " (GDAL: <first error>)" or "" when there was none.
    std::string detail() const;

private:
    static void CPL_STDCALL record(CPLErr severity, CPLErrorNum number, const char* message);
    std::string firstError_;
};

// While alive, GDAL writes no auxiliary .aux.xml file (its "PAM") for the
// datasets this thread opens and closes: statistics computed on a read-only
// source stay in memory instead of landing beside it.
class GdalAuxiliaryFilesOff {
public:
    GdalAuxiliaryFilesOff();
    ~GdalAuxiliaryFilesOff();
    GdalAuxiliaryFilesOff(const GdalAuxiliaryFilesOff&) = delete;
    GdalAuxiliaryFilesOff& operator=(const GdalAuxiliaryFilesOff&) = delete;

private:
    std::string previous_;
    bool hadPrevious_ = false;
};

// Remote sources (/vsicurl/ and GDAL's other network file systems) give up
// on a server that stops answering instead of waiting forever: unless the
// user set them (environment or GDAL config), a connection must open within
// kRemoteTimeoutSeconds, and a transfer that stays below 1 byte/s for
// kRemoteTimeoutSeconds fails. Called before GDAL opens anything.
inline constexpr int kRemoteTimeoutSeconds = 30;
void setRemoteReadTimeouts();

}  // namespace dem
