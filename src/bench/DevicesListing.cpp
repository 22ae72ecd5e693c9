// cbt-bench devices: the Vulkan devices the loader sees.
#include "bench/GpuBenchmarks.h"

#include "vk/Error.h"
#include "vk/Instance.h"
#include "vk/PhysicalDevice.h"

#include <optional>

namespace bench {

CommandOutcome runDevicesListing(const DevicesOptions& options)
{
    vk::InstanceOptions instanceOptions;
    instanceOptions.validation = options.validate;
    instanceOptions.appName = "cbt-bench";
    const vk::Instance instance(instanceOptions);
    const std::vector<vk::PhysicalDeviceInfo> devices = vk::listPhysicalDevices(instance);

    std::optional<std::uint32_t> chosenIndex;
    try {
        chosenIndex = vk::choosePhysicalDevice(instance).index;
    } catch (const vk::Error&) {
        chosenIndex.reset();  // listed below with the reason each device is unusable
    }

    Report report;
    report.command = "devices";
    report.addParameter("instance_api_version", "instance Vulkan version", vk::apiVersionText(instance.apiVersion()));
    report.addParameter("validation", "validation layer", instance.validationEnabled());
    report.addFigure("device_count", "devices", static_cast<std::int64_t>(devices.size()));
    report.addFigure("chosen_index", "chosen by default",
                     chosenIndex ? ReportValue(std::int64_t{*chosenIndex}) : ReportValue(std::string("none")));

    ReportTable table;
    table.key = "devices";
    table.title = "Vulkan devices";
    table.columnKeys = {"index", "name", "type", "api_version", "driver", "driver_info", "usable", "missing"};
    table.columnLabels = {"#", "name", "type", "Vulkan", "driver", "driver info", "usable", "missing"};
    for (const vk::PhysicalDeviceInfo& device : devices) {
        table.rows.push_back({std::int64_t{device.index}, device.name, device.typeName, device.apiVersionText,
                              device.driverName, device.driverInfo, device.suitable(), device.unsuitableReason});
    }
    report.tables.push_back(std::move(table));

    return validatedOutcome(std::move(report), instance);
}

}  // namespace bench
