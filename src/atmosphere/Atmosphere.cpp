#include "atmosphere/Atmosphere.h"

#include "atmosphere/AtmosphereDescriptors.h"
#include "atmosphere/AtmosphereKernels.h"
#include "atmosphere/AtmosphereTables.h"

#include "vk/Barriers.h"
#include "vk/Buffer.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/TimestampQueries.h"

#include <glm/geometric.hpp>

#include <stdexcept>
#include <vector>

namespace atmosphere {

namespace {

constexpr uint32_t kGroupSize = 8;

constexpr VkPipelineStageFlags2 kReaderStages = VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT |
                                                VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT |
                                                VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT;
constexpr VkAccessFlags2 kReaderAccess = VK_ACCESS_2_SHADER_READ_BIT | VK_ACCESS_2_UNIFORM_READ_BIT;

// Frame timer passes.
constexpr uint32_t kFrameTotal = 0;
constexpr uint32_t kFrameSkyView = 1;
constexpr uint32_t kFrameAerialPerspective = 2;
// Table timer passes.
constexpr uint32_t kTablesTotal = 0;
constexpr uint32_t kTablesTransmittance = 1;
constexpr uint32_t kTablesMultipleScattering = 2;

uint32_t groupsFor(uint32_t size)
{
    return (size + kGroupSize - 1) / kGroupSize;
}

// Milliseconds of pass `index` in `times`, 0 when it was not recorded.
double millisecondsOf(const std::vector<vk::PassTime>& times, uint32_t index)
{
    for (const vk::PassTime& time : times) {
        if (time.passIndex == index) {
            return time.milliseconds;
        }
    }
    return 0.0;
}

AtmosphereParameters validated(const AtmosphereParameters& parameters)
{
    if (const std::optional<std::string> error = parameterError(parameters)) {
        throw std::invalid_argument("atmosphere parameters: " + *error);
    }
    return parameters;
}

// What the sky-view table depends on besides the parameters.
struct SkyViewKey {
    float cameraRadius = 0.0f;
    float sunCosZenith = 0.0f;
    uint64_t parametersRevision = 0;
    bool operator==(const SkyViewKey&) const = default;
};

}  // namespace

struct Atmosphere::Impl {
    Impl(vk::Device& deviceIn, const vk::ShaderLibrary& shadersIn, const AtmosphereParameters& parametersIn,
         uint32_t framesInFlight, const AtmosphereQuality& qualityIn)
        : device(deviceIn),
          shaders(shadersIn),
          parameters(validated(parametersIn)),
          quality(qualityIn),
          tables(deviceIn, qualityIn),
          uniformBuffer(deviceIn, sizeof(AtmosphereUniforms), VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT),
          descriptors(deviceIn, tables, uniformBuffer),
          kernels(std::make_unique<AtmosphereKernels>(deviceIn, shadersIn, tables, descriptors.layout())),
          frameTimer(deviceIn, framesInFlight, {"atmosphere", "sky-view", "aerial-perspective"}),
          tableTimer(deviceIn, framesInFlight, {"atmosphere-tables", "transmittance", "multiple-scattering"})
    {
    }

    void uploadUniforms(VkCommandBuffer commands)
    {
        // Earlier frames' readers of the block and the tables finish first.
        vk::memoryBarrier(device, commands, kReaderStages, kReaderAccess, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                          VK_ACCESS_2_TRANSFER_WRITE_BIT);
        vkCmdUpdateBuffer(commands, uniformBuffer.handle(), 0, sizeof(AtmosphereUniforms), &uniforms);
        vk::memoryBarrier(device, commands, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT | kReaderStages,
                          VK_ACCESS_2_TRANSFER_WRITE_BIT, kReaderStages,
                          kReaderAccess | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
    }

    void computeToCompute(VkCommandBuffer commands)
    {
        vk::memoryBarrier(device, commands, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                          VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                          VK_ACCESS_2_SHADER_READ_BIT);
    }

    void makeReadable(VkCommandBuffer commands)
    {
        vk::memoryBarrier(device, commands, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                          VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, kReaderStages, VK_ACCESS_2_SHADER_READ_BIT);
    }

    void recordTables(VkCommandBuffer commands, uint32_t frameSlot)
    {
        tableTimer.begin(commands, frameSlot);
        lastTableSlot = frameSlot;
        tableTimer.writeStart(commands, kTablesTotal);
        uploadUniforms(commands);
        const VkDescriptorSet set = descriptors.set();

        tableTimer.writeStart(commands, kTablesTransmittance);
        bindAtmosphereKernel(commands, kernels->transmittance, set);
        vkCmdDispatch(commands, groupsFor(quality.transmittanceSize.x), groupsFor(quality.transmittanceSize.y), 1);
        tableTimer.writeEnd(commands, kTablesTransmittance);
        computeToCompute(commands);

        tableTimer.writeStart(commands, kTablesMultipleScattering);
        bindAtmosphereKernel(commands, kernels->multipleScattering, set);
        vkCmdDispatch(commands, quality.multipleScatteringSize.x, quality.multipleScatteringSize.y, 1);
        tableTimer.writeEnd(commands, kTablesMultipleScattering);

        makeReadable(commands);
        tableTimer.writeEnd(commands, kTablesTotal);
        ++parametersRevision;
    }

    void recordFrame(VkCommandBuffer commands, const camera::FrameView& view, glm::vec3 sunDirection,
                     uint32_t frameSlot)
    {
        uniforms = makeAtmosphereUniforms(parameters, quality, view, sunDirection);
        lastView = view;
        lastSunDirection = sunDirection;
        if (staticTablesStale) {
            recordTables(commands, frameSlot);
            staticTablesStale = false;
        }
        frameTimer.begin(commands, frameSlot);
        lastFrameSlot = frameSlot;
        frameTimer.writeStart(commands, kFrameTotal);
        uploadUniforms(commands);
        const VkDescriptorSet set = descriptors.set();

        const glm::vec3 camera(uniforms.cameraPlanetPosition);
        const float cameraRadius = glm::length(camera);
        const SkyViewKey key{cameraRadius, glm::dot(camera / cameraRadius, glm::vec3(uniforms.sunDirection)),
                             parametersRevision};
        if (skyViewKey != key) {
            frameTimer.writeStart(commands, kFrameSkyView);
            bindAtmosphereKernel(commands, kernels->skyView, set);
            vkCmdDispatch(commands, groupsFor(quality.skyViewSize.x), groupsFor(quality.skyViewSize.y), 1);
            computeToCompute(commands);
            bindAtmosphereKernel(commands, kernels->skyIrradiance, set);
            vkCmdDispatch(commands, 1, 1, 1);
            frameTimer.writeEnd(commands, kFrameSkyView);
            skyViewKey = key;
        }

        frameTimer.writeStart(commands, kFrameAerialPerspective);
        bindAtmosphereKernel(commands, kernels->aerialPerspective, set);
        vkCmdDispatch(commands, groupsFor(quality.aerialPerspectiveSize.x), groupsFor(quality.aerialPerspectiveSize.y),
                      1);
        frameTimer.writeEnd(commands, kFrameAerialPerspective);

        makeReadable(commands);
        frameTimer.writeEnd(commands, kFrameTotal);
    }

    std::optional<AtmosphereFrameTimings> collectFrameTimings(uint32_t slot) const
    {
        const std::optional<std::vector<vk::PassTime>> times = frameTimer.collect(slot);
        if (!times) {
            return std::nullopt;
        }
        return AtmosphereFrameTimings{millisecondsOf(*times, kFrameTotal), millisecondsOf(*times, kFrameSkyView),
                                      millisecondsOf(*times, kFrameAerialPerspective)};
    }

    std::optional<AtmosphereTableTimings> collectTableTimings(uint32_t slot) const
    {
        const std::optional<std::vector<vk::PassTime>> times = tableTimer.collect(slot);
        if (!times) {
            return std::nullopt;
        }
        return AtmosphereTableTimings{millisecondsOf(*times, kTablesTotal),
                                      millisecondsOf(*times, kTablesTransmittance),
                                      millisecondsOf(*times, kTablesMultipleScattering)};
    }

    vk::Device& device;
    const vk::ShaderLibrary& shaders;
    AtmosphereParameters parameters;
    AtmosphereQuality quality;
    AtmosphereTables tables;
    vk::Buffer uniformBuffer;
    AtmosphereDescriptors descriptors;
    std::unique_ptr<AtmosphereKernels> kernels;
    vk::TimestampQueries frameTimer;
    vk::TimestampQueries tableTimer;

    AtmosphereUniforms uniforms;
    // The camera of the last recorded frame; at first 100 m above the origin.
    camera::FrameView lastView{glm::mat4(1.0f), glm::mat4(1.0f), glm::vec3(0.0f, 100.0f, 0.0f), VkExtent2D{1, 1}};
    glm::vec3 lastSunDirection{0.0f, 1.0f, 0.0f};
    uint64_t parametersRevision = 0;
    std::optional<SkyViewKey> skyViewKey;
    bool staticTablesStale = false;
    std::optional<uint32_t> lastFrameSlot;
    std::optional<uint32_t> lastTableSlot;
    std::optional<AtmosphereFrameTimings> olderFrameTimings;
    std::optional<AtmosphereTableTimings> olderTableTimings;
};

Atmosphere::Atmosphere(vk::Device& device, const vk::ShaderLibrary& shaders, const AtmosphereParameters& parameters,
                       uint32_t framesInFlight, const AtmosphereQuality& quality)
    : impl_(std::make_unique<Impl>(device, shaders, parameters, framesInFlight, quality))
{
    impl_->uniforms = makeAtmosphereUniforms(impl_->parameters, quality, impl_->lastView, impl_->lastSunDirection);
    device.submitAndWait([&](VkCommandBuffer commands) {
        impl_->recordTables(commands, 0);
        impl_->recordFrame(commands, impl_->lastView, impl_->lastSunDirection, 0);
    });
}

Atmosphere::~Atmosphere() = default;

void Atmosphere::recompute(VkCommandBuffer commands, const AtmosphereParameters& parameters, uint32_t frameSlot)
{
    impl_->parameters = validated(parameters);
    if (auto timings = impl_->collectTableTimings(frameSlot)) {
        impl_->olderTableTimings = timings;
    }
    impl_->uniforms =
        makeAtmosphereUniforms(impl_->parameters, impl_->quality, impl_->lastView, impl_->lastSunDirection);
    impl_->recordTables(commands, frameSlot);
}

void Atmosphere::recordPerFrame(VkCommandBuffer commands, const camera::FrameView& view, glm::vec3 sunDirection,
                                uint32_t frameSlot)
{
    if (auto timings = impl_->collectFrameTimings(frameSlot)) {
        impl_->olderFrameTimings = timings;
    }
    if (impl_->staticTablesStale) {
        if (auto timings = impl_->collectTableTimings(frameSlot)) {
            impl_->olderTableTimings = timings;
        }
    }
    impl_->recordFrame(commands, view, sunDirection, frameSlot);
}

std::optional<std::string> Atmosphere::reloadShaders()
{
    try {
        auto fresh = std::make_unique<AtmosphereKernels>(impl_->device, impl_->shaders, impl_->tables,
                                                         impl_->descriptors.layout());
        impl_->device.waitIdle();
        impl_->kernels = std::move(fresh);
        impl_->staticTablesStale = true;
        impl_->skyViewKey.reset();
        return std::nullopt;
    } catch (const vk::Error& error) {
        return std::string(error.what());
    }
}

const AtmosphereParameters& Atmosphere::parameters() const
{
    return impl_->parameters;
}

const AtmosphereQuality& Atmosphere::quality() const
{
    return impl_->quality;
}

const AtmosphereUniforms& Atmosphere::uniforms() const
{
    return impl_->uniforms;
}

VkDescriptorSetLayout Atmosphere::descriptorSetLayout() const
{
    return impl_->descriptors.layout();
}

VkDescriptorSet Atmosphere::descriptorSet() const
{
    return impl_->descriptors.set();
}

const AtmosphereTables& Atmosphere::tables() const
{
    return impl_->tables;
}

std::optional<AtmosphereFrameTimings> Atmosphere::frameTimings() const
{
    if (impl_->lastFrameSlot) {
        if (auto timings = impl_->collectFrameTimings(*impl_->lastFrameSlot)) {
            return timings;
        }
    }
    return impl_->olderFrameTimings;
}

std::optional<AtmosphereFrameTimings> Atmosphere::frameTimings(uint32_t frameSlot) const
{
    return impl_->collectFrameTimings(frameSlot);
}

std::optional<AtmosphereTableTimings> Atmosphere::tableTimings() const
{
    if (impl_->lastTableSlot) {
        if (auto timings = impl_->collectTableTimings(*impl_->lastTableSlot)) {
            return timings;
        }
    }
    return impl_->olderTableTimings;
}

}  // namespace atmosphere
