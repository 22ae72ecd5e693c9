#include "bench/GpuSession.h"

#include "vk/PhysicalDevice.h"
#include "vk/ProgramFiles.h"

#include <utility>

namespace bench {

namespace {

vk::InstanceOptions instanceOptions(bool validate)
{
    vk::InstanceOptions options;
    options.validation = validate;
    options.printValidationMessages = true;
    options.appName = "cbt-bench";
    return options;
}

vk::DeviceOptions deviceOptions(const std::string& deviceSelector)
{
    vk::DeviceOptions options;
    options.selector = deviceSelector;
    return options;
}

}  // namespace

GpuSession::GpuSession(const std::string& deviceSelector, bool validate)
    : instance_(instanceOptions(validate)),
      device_(instance_, deviceOptions(deviceSelector)),
      shaders_(vk::locateProgramFiles().shaderLibrary())
{
}

void GpuSession::describe(Report& report) const
{
    describeDevice(report, device_, instance_.validationEnabled());
}

void describeDevice(Report& report, const vk::Device& device, bool validation)
{
    const vk::PhysicalDeviceInfo& info = device.info();
    report.addParameter("device_index", "device index", std::int64_t{info.index});
    report.addParameter("device_name", "device", info.name);
    report.addParameter("device_type", "device type", info.typeName);
    report.addParameter("device_api_version", "device Vulkan version", info.apiVersionText);
    report.addParameter("driver", "driver", info.driverName + (info.driverInfo.empty() ? "" : " " + info.driverInfo));
    report.addParameter("validation", "validation layer", validation);
}

CommandOutcome validatedOutcome(Report report, const vk::Instance& instance)
{
    CommandOutcome outcome;
    if (instance.validationEnabled()) {
        outcome.validationMessageCount = instance.validationMessages().size();
        report.addFigure("validation_messages", "validation messages",
                         static_cast<std::int64_t>(outcome.validationMessageCount));
    }
    outcome.report = std::move(report);
    return outcome;
}

CommandOutcome finishGpuRun(GpuSession& session, Report report)
{
    session.device().waitIdle();
    return validatedOutcome(std::move(report), session.instance());
}

}  // namespace bench
