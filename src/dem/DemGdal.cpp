#include "dem/DemGdal.h"

#include <cpl_conv.h>
#include <cpl_error.h>

#include <algorithm>

namespace dem {

GdalErrorCapture::GdalErrorCapture()
{
    CPLPushErrorHandlerEx(&GdalErrorCapture::record, this);
}

GdalErrorCapture::~GdalErrorCapture()
{
    CPLPopErrorHandler();
}

std::string GdalErrorCapture::detail() const
{
    return firstError_.empty() ? std::string() : " (GDAL: " + firstError_ + ")";
}

void CPL_STDCALL GdalErrorCapture::record(CPLErr severity, CPLErrorNum /*number*/, const char* message)
{
    auto* capture = static_cast<GdalErrorCapture*>(CPLGetErrorHandlerUserData());
    if (capture == nullptr || severity < CE_Failure || !capture->firstError_.empty())
        return;
    std::string line = message != nullptr ? message : "unknown error";
    std::replace_if(
        line.begin(), line.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
    capture->firstError_ = line.empty() ? "unknown error" : line;
}

void setRemoteReadTimeouts()
{
    const std::string seconds = std::to_string(kRemoteTimeoutSeconds);
    const auto setUnlessSet = [](const char* key, const std::string& value) {
        if (CPLGetConfigOption(key, nullptr) == nullptr) {
            CPLSetConfigOption(key, value.c_str());
        }
    };
    setUnlessSet("GDAL_HTTP_CONNECTTIMEOUT", seconds);
    setUnlessSet("GDAL_HTTP_LOW_SPEED_TIME", seconds);
    setUnlessSet("GDAL_HTTP_LOW_SPEED_LIMIT", "1");
}

GdalAuxiliaryFilesOff::GdalAuxiliaryFilesOff()
{
    if (const char* value = CPLGetThreadLocalConfigOption("GDAL_PAM_ENABLED", nullptr)) {
        previous_ = value;
        hadPrevious_ = true;
    }
    CPLSetThreadLocalConfigOption("GDAL_PAM_ENABLED", "NO");
}

GdalAuxiliaryFilesOff::~GdalAuxiliaryFilesOff()
{
    CPLSetThreadLocalConfigOption("GDAL_PAM_ENABLED", hadPrevious_ ? previous_.c_str() : nullptr);
}

}  // namespace dem
