// What every GPU subcommand opens: a Vulkan instance (validation with
// --validate), the chosen device and the shaders; and the device
// description every GPU report carries.
#pragma once

#include "bench/BenchReport.h"
#include "vk/Device.h"
#include "vk/Instance.h"
#include "vk/ShaderLibrary.h"

#include <cstddef>
#include <string>
#include <vector>

namespace bench {

class GpuSession {
public:
    // Throws vk::Error with a one-line message when there is no Vulkan
    // driver, no device matching `deviceSelector`, no suitable device, or
    // (with `validate`) no validation layer.
    GpuSession(const std::string& deviceSelector, bool validate);

    [[nodiscard]] vk::Device& device() { return device_; }
    [[nodiscard]] const vk::ShaderLibrary& shaders() const { return shaders_; }
    [[nodiscard]] const vk::Instance& instance() const { return instance_; }
    [[nodiscard]] bool validationEnabled() const { return instance_.validationEnabled(); }
    // WARNING and ERROR messages of the validation layer so far.
    [[nodiscard]] std::vector<std::string> validationMessages() const { return instance_.validationMessages(); }

    // Adds the device's name, type, API version and driver to the report's
    // parameters, and whether validation is on.
    void describe(Report& report) const;

private:
    vk::Instance instance_;
    vk::Device device_;
    vk::ShaderLibrary shaders_;
};

// Adds `device`'s name, type, API version and driver to the report's
// parameters, and whether validation is on.
void describeDevice(Report& report, const vk::Device& device, bool validation);

// The outcome of a GPU run: `report`, with "validation_messages" added when
// `instance` validates (and counted, so that cbt-bench exits 1 on any).
CommandOutcome validatedOutcome(Report report, const vk::Instance& instance);

// Waits for the device, then adds "validation_messages" to the report when
// validation is on and returns the outcome.
CommandOutcome finishGpuRun(GpuSession& session, Report report);

}  // namespace bench
