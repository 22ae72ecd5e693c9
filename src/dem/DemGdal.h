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
    // What the network layer said of the first transfer that got no HTTP
    // answer at all ("Operation too slow...", "Couldn't connect..."), on
    // one line; empty when every transfer got one. Heard only inside a
    // GdalTransferDiagnostics scope.
    const std::string& transferFailure() const noexcept { return transferFailure_; }

private:
    static void CPL_STDCALL record(CPLErr severity, CPLErrorNum number, const char* message);
    std::string firstError_;
    std::string transferFailure_;
};

// While alive, GDAL's configuration option `key` has `value` on this thread;
// its earlier thread-local value (or none) comes back after.
class GdalThreadOption {
public:
    GdalThreadOption(const char* key, const char* value);
    ~GdalThreadOption();
    GdalThreadOption(const GdalThreadOption&) = delete;
    GdalThreadOption& operator=(const GdalThreadOption&) = delete;

private:
    const char* key_;
    std::string previous_;
    bool hadPrevious_ = false;
};

// While alive, GDAL's network layer reports on this thread why a transfer
// got no answer (its debug messages, which a GdalErrorCapture hears), so
// that a source that timed out can be told from one that is not data.
class GdalTransferDiagnostics {
public:
    GdalTransferDiagnostics() : debug_("CPL_DEBUG", "VSICURL") {}

private:
    GdalThreadOption debug_;
};

// While alive, GDAL writes no auxiliary .aux.xml file (its "PAM") for the
// datasets this thread opens and closes: statistics computed on a read-only
// source stay in memory instead of landing beside it.
class GdalAuxiliaryFilesOff {
public:
    GdalAuxiliaryFilesOff() : pam_("GDAL_PAM_ENABLED", "NO") {}

private:
    GdalThreadOption pam_;
};

// Remote sources (/vsicurl/ and GDAL's other network file systems) give up
// on a server that stops answering instead of waiting forever. Unless the
// user set them (environment or GDAL config), or an earlier call did: a
// connection must open within min(kRemoteSilenceSeconds, deadline); a
// transfer that stays below kRemoteLowSpeedBytes per second that long fails;
// no request lasts longer than `deadlineSeconds`; a failed request is
// retried at most kRemoteRetries times, a second apart. Called before GDAL
// opens anything; the viewer calls it first, with --io-timeout.
inline constexpr int kRemoteSilenceSeconds = 30;
inline constexpr int kRemoteLowSpeedBytes = 64;
inline constexpr int kRemoteRetries = 2;
inline constexpr double kDefaultRemoteDeadlineSeconds = 120.0;
void setRemoteReadLimits(double deadlineSeconds = kDefaultRemoteDeadlineSeconds);

}  // namespace dem
