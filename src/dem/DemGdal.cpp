#include "dem/DemGdal.h"

#include <cpl_conv.h>
#include <cpl_error.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>

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
    if (capture == nullptr) {
        return;
    }
    std::string line = message != nullptr ? message : "";
    std::replace_if(
        line.begin(), line.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
    if (severity == CE_Debug) {
        // "VSICURL: GetFileSize(URL): response_code=0, curl error msg=..." (an
        // open), "VSICURL: DownloadRegion(URL): response_code=0, msg=..." (a
        // read): no HTTP answer, and the network layer's reason.
        constexpr std::string_view kNoAnswer = "response_code=0,";
        constexpr std::string_view kMessage = "msg=";
        const std::size_t noAnswer = line.find(kNoAnswer);
        const std::size_t reason = noAnswer == std::string::npos ? noAnswer : line.find(kMessage, noAnswer);
        if (capture->transferFailure_.empty() && reason != std::string::npos) {
            capture->transferFailure_ = line.substr(reason + kMessage.size());
        }
        return;
    }
    if (severity < CE_Failure || !capture->firstError_.empty())
        return;
    capture->firstError_ = line.empty() ? "unknown error" : line;
}

GdalThreadOption::GdalThreadOption(const char* key, const char* value) : key_(key)
{
    if (const char* earlier = CPLGetThreadLocalConfigOption(key_, nullptr)) {
        previous_ = earlier;
        hadPrevious_ = true;
    }
    CPLSetThreadLocalConfigOption(key_, value);
}

GdalThreadOption::~GdalThreadOption()
{
    CPLSetThreadLocalConfigOption(key_, hadPrevious_ ? previous_.c_str() : nullptr);
}

void setRemoteReadLimits(double deadlineSeconds)
{
    const auto setUnlessSet = [](const char* key, const std::string& value) {
        if (CPLGetConfigOption(key, nullptr) == nullptr) {
            CPLSetConfigOption(key, value.c_str());
        }
    };
    const auto deadline = static_cast<int>(std::max(std::ceil(deadlineSeconds), 1.0));
    const std::string silence = std::to_string(std::min(kRemoteSilenceSeconds, deadline));
    setUnlessSet("GDAL_HTTP_CONNECTTIMEOUT", silence);
    setUnlessSet("GDAL_HTTP_LOW_SPEED_TIME", silence);
    setUnlessSet("GDAL_HTTP_LOW_SPEED_LIMIT", std::to_string(kRemoteLowSpeedBytes));
    setUnlessSet("GDAL_HTTP_TIMEOUT", std::to_string(deadline));
    setUnlessSet("GDAL_HTTP_MAX_RETRY", std::to_string(kRemoteRetries));
    setUnlessSet("GDAL_HTTP_RETRY_DELAY", "1");
}

}  // namespace dem
