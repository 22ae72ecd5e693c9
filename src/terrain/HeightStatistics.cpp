#include "terrain/HeightStatistics.h"

#include "terrain/HeightmapTexture.h"
#include "vk/Barriers.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/ShaderLibrary.h"

#include <algorithm>
#include <array>
#include <span>
#include <stdexcept>
#include <string>

namespace terrain {

namespace {

// Push constants of shaders/terrain/HeightStatisticsBuild.glsl.
struct HeightStatisticsConstants {
    std::uint32_t sourceFirstTexel;
    std::uint32_t sourceWidth;
    std::uint32_t sourceHeight;
    std::uint32_t destinationFirstTexel;
    std::uint32_t destinationWidth;
    std::uint32_t destinationHeight;
};

constexpr std::uint32_t kWorkgroupSize = 8;

constexpr std::array<vk::DescriptorBinding, 3> kBuildBindings{{
    {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};
// The reduction reads only the buffers.
constexpr std::array<vk::DescriptorBinding, 2> kReduceBindings{{
    {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

std::uint64_t texelCount(const std::vector<HeightStatisticsLevel>& levels)
{
    const HeightStatisticsLevel& last = levels.back();
    return std::uint64_t{last.firstTexel} + std::uint64_t{last.width} * last.height;
}

vk::Buffer makeChainBuffer(const vk::Device& device, const std::vector<HeightStatisticsLevel>& levels,
                           VkDeviceSize bytesPerTexel, const char* name)
{
    const VkDeviceSize bytes = texelCount(levels) * bytesPerTexel;
    if (bytes > device.maxStorageBufferRange()) {
        throw vk::Error(std::string("HeightStatistics: the ") + name + " chain needs " + std::to_string(bytes) +
                        " bytes, more than the device's maxStorageBufferRange (" +
                        std::to_string(device.maxStorageBufferRange()) + ")");
    }
    return vk::Buffer(device, bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
}

std::uint32_t groupsFor(std::uint32_t texels)
{
    return (texels + kWorkgroupSize - 1) / kWorkgroupSize;
}

void recordLevel(VkCommandBuffer commands, const vk::ComputeKernel& kernel, const HeightStatisticsConstants& constants)
{
    kernel.bind(commands);
    kernel.pushConstants(commands, std::as_bytes(std::span(&constants, 1)));
    vkCmdDispatch(commands, groupsFor(constants.destinationWidth), groupsFor(constants.destinationHeight), 1);
}

}  // namespace

std::vector<HeightStatisticsLevel> heightStatisticsLevels(std::uint32_t width, std::uint32_t height)
{
    std::vector<HeightStatisticsLevel> levels;
    std::uint32_t firstTexel = 0;
    std::uint32_t levelWidth = width;
    std::uint32_t levelHeight = height;
    do {
        levelWidth = std::max(levelWidth / 2, 1u);
        levelHeight = std::max(levelHeight / 2, 1u);
        levels.push_back(HeightStatisticsLevel{firstTexel, levelWidth, levelHeight});
        firstTexel += levelWidth * levelHeight;
    } while (levelWidth > 1 || levelHeight > 1);
    return levels;
}

HeightStatistics::HeightStatistics(vk::Device& device, const vk::ShaderLibrary& shaders,
                                   const HeightmapTexture& heightmap)
    : levels_(heightStatisticsLevels(heightmap.width(), heightmap.height()))
{
    if (levels_.size() > kMaxStatisticsLevels) {
        throw vk::Error("HeightStatistics: a " + std::to_string(heightmap.width()) + " x " +
                        std::to_string(heightmap.height()) + " heightmap needs more than " +
                        std::to_string(kMaxStatisticsLevels) + " statistics levels");
    }
    minMax_ = makeChainBuffer(device, levels_, sizeof(std::uint32_t), "min/max");
    moments_ = makeChainBuffer(device, levels_, 2 * sizeof(float), "moments");
    rebuild(device, shaders, heightmap);
}

void HeightStatistics::rebuild(vk::Device& device, const vk::ShaderLibrary& shaders, const HeightmapTexture& heightmap)
{
    if (heightStatisticsLevels(heightmap.width(), heightmap.height()).size() != levels_.size() ||
        levels_.front().width != std::max(heightmap.width() / 2, 1u) ||
        levels_.front().height != std::max(heightmap.height() / 2, 1u)) {
        throw std::invalid_argument("HeightStatistics::rebuild: the heightmap's size changed");
    }
    const vk::ComputeKernel fromHeightmap(device, shaders.load("terrain/HeightStatisticsFromHeightmap.comp"),
                                          kBuildBindings, sizeof(HeightStatisticsConstants));
    const vk::ComputeKernel reduce(device, shaders.load("terrain/HeightStatisticsReduce.comp"), kReduceBindings,
                                   sizeof(HeightStatisticsConstants));
    vk::DescriptorWriter()
        .combinedImageSampler(0, heightmap.view(), heightmap.sampler(), HeightmapTexture::kLayout)
        .storageBuffer(1, minMax_)
        .storageBuffer(2, moments_)
        .update(device, fromHeightmap.descriptorSet());
    vk::DescriptorWriter().storageBuffer(1, minMax_).storageBuffer(2, moments_).update(device, reduce.descriptorSet());

    device.submitAndWait([&](VkCommandBuffer commands) {
        HeightStatisticsConstants constants{0, heightmap.width(), heightmap.height(),
                                            0, levels_[0].width,  levels_[0].height};
        // Earlier frames' criterion read the chains (the caller waited for
        // them); this build overwrites them.
        vk::memoryBarrier(device, commands, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_COPY_BIT,
                          VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_TRANSFER_READ_BIT,
                          VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
        recordLevel(commands, fromHeightmap, constants);
        for (std::size_t level = 1; level < levels_.size(); ++level) {
            vk::memoryBarrier(device, commands, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                              VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                              VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
            const HeightStatisticsLevel& source = levels_[level - 1];
            const HeightStatisticsLevel& destination = levels_[level];
            constants = HeightStatisticsConstants{source.firstTexel,      source.width,      source.height,
                                                  destination.firstTexel, destination.width, destination.height};
            recordLevel(commands, reduce, constants);
        }
        // Later readers: the LOD criterion (compute) and copies (tests).
        vk::memoryBarrier(device, commands, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                          VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                          VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_COPY_BIT,
                          VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_TRANSFER_READ_BIT);
    });
}

}  // namespace terrain
