#include "vectordata/gpu/VectorDrapePass.h"

#include "display/DisplayPass.h"
#include "vk/Barriers.h"
#include "vk/BufferTransfer.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/ShaderCompiler.h"
#include "vk/ShaderLibrary.h"

#include <glm/vec4.hpp>

#include <array>
#include <cmath>
#include <cstring>
#include <exception>
#include <string_view>

namespace vectordata::gpu {

namespace {

// The uniform block of shaders/vectordata/VectorDrape.glsl (std140).
struct DrapeUniforms {
    glm::mat4 viewRotationProjection;
    glm::vec4 cameraHigh;
    glm::vec4 cameraLow;
    glm::vec4 forward;
    glm::vec4 depthTerms;
    glm::vec4 tolerance;
    glm::vec4 labelCells;
    glm::uvec4 hiddenLayers;
};

constexpr const char* kLineVertexProgram = "vectordata/VectorDrape.vert";
constexpr const char* kLineFragmentProgram = "vectordata/VectorDrape.frag";
constexpr const char* kFillVertexProgram = "vectordata/VectorDrapeFill.vert";
constexpr const char* kFillFragmentProgram = "vectordata/VectorDrapeFill.frag";
constexpr const char* kLabelVertexProgram = "vectordata/LabelText.vert";
constexpr const char* kLabelFragmentProgram = "vectordata/LabelText.frag";
constexpr const char* kLabelPlacementProgram = "vectordata/LabelPlacement.comp";
constexpr VkPipelineStageFlags2 kCompute = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT;
constexpr VkPipelineStageFlags2 kFragment = VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT;
constexpr VkPipelineStageFlags2 kColorOutput = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
constexpr VkAccessFlags2 kColorAccess = VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT;

// The drape's set: 0 the frame's uniforms, 1 the lines, 2 the scene's
// depth, 3 the fills, then the labels (DrapeLabels): 4 the labels, 5 the
// frame's order, 6 the places given, 7 the glyphs, 8 the font atlas; 9 the
// segments of the lines drawn this frame.
std::array<vk::DescriptorBinding, 10> bindingsOf(SceneDepthSource source)
{
    constexpr VkShaderStageFlags kVertex = VK_SHADER_STAGE_VERTEX_BIT;
    constexpr VkShaderStageFlags kFragmentStage = VK_SHADER_STAGE_FRAGMENT_BIT;
    constexpr VkShaderStageFlags kComputeStage = VK_SHADER_STAGE_COMPUTE_BIT;
    constexpr VkDescriptorType kStorage = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    return {vk::DescriptorBinding{0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, kVertex | kFragmentStage | kComputeStage},
            vk::DescriptorBinding{1, kStorage, kVertex},
            vk::DescriptorBinding{
                2, source == SceneDepthSource::VisibilityBuffer ? kStorage : VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                kFragmentStage | kComputeStage},
            vk::DescriptorBinding{3, kStorage, kVertex},
            vk::DescriptorBinding{4, kStorage, kVertex | kComputeStage},
            vk::DescriptorBinding{5, kStorage, kComputeStage},
            vk::DescriptorBinding{6, kStorage, kVertex | kComputeStage},
            vk::DescriptorBinding{7, kStorage, kVertex},
            vk::DescriptorBinding{8, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kFragmentStage},
            vk::DescriptorBinding{9, kStorage, kVertex}};
}

void checkSampledDepth(const vk::Device& device, VkFormat depthFormat)
{
    VkFormatProperties properties{};
    vkGetPhysicalDeviceFormatProperties(device.physicalDevice(), depthFormat, &properties);
    const bool stencil = depthFormat == VK_FORMAT_D24_UNORM_S8_UINT || depthFormat == VK_FORMAT_D32_SFLOAT_S8_UINT ||
                         depthFormat == VK_FORMAT_D16_UNORM_S8_UINT;
    if (stencil || (properties.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT) == 0) {
        throw vk::Error("the Vulkan device can not sample the scene's depth format " +
                        std::to_string(static_cast<int>(depthFormat)) + ", which drawing vector layers needs");
    }
}

// The vertices in a buffer of their own, or none when there are none.
vk::Buffer vertexBufferOf(vk::Device& device, std::span<const DrapedVertex> vertices)
{
    if (vertices.empty()) {
        return {};
    }
    vk::Buffer buffer(device, vertices.size_bytes(), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    vk::uploadToBuffer(device, buffer, vertices);
    return buffer;
}

DrapeUniforms uniformsOf(const DrapeView& view, const DrapeTolerance& tolerance, std::uint32_t samples)
{
    DrapeUniforms uniforms{};
    const glm::dmat4 rotation(view.sceneToView);
    uniforms.viewRotationProjection = glm::mat4(glm::dmat4(view.projection) * rotation);
    glm::vec3 high;
    glm::vec3 low;
    splitPosition(view.cameraPosition, high, low);
    uniforms.cameraHigh = glm::vec4(high, 0.0f);
    uniforms.cameraLow = glm::vec4(low, 0.0f);
    // The view looks along -Z of view space: row 2 of the rotation, negated.
    const glm::dvec3 forward = -glm::dvec3(view.sceneToView[0][2], view.sceneToView[1][2], view.sceneToView[2][2]);
    uniforms.forward = glm::vec4(glm::vec3(glm::normalize(forward)), view.projection[2][2]);
    uniforms.depthTerms = glm::vec4(view.projection[3][2], view.clearDepth, static_cast<float>(view.viewport.width),
                                    static_cast<float>(view.viewport.height));
    uniforms.tolerance = glm::vec4(static_cast<float>(tolerance.metres), static_cast<float>(tolerance.perMetre),
                                   static_cast<float>(samples), 0.0f);
    return uniforms;
}

}  // namespace

VectorDrapePass::VectorDrapePass(vk::Device& device, const vk::ShaderLibrary& shaders, VkFormat displayFormat,
                                 VkFormat depthFormat, SceneDepthSource source, std::uint32_t framesInFlight,
                                 const DrapedLayers& layers, const DrapeTolerance& tolerance)
    : device_(&device),
      shaders_(&shaders),
      displayFormat_(displayFormat),
      source_(source),
      tolerance_(tolerance),
      lineLevels_(buildLineLevels(layers.lines)),
      fillVertexCount_(layers.fills.size() / 3 * 3),
      lines_(vertexBufferOf(device, lineLevels_.vertices)),
      fills_(vertexBufferOf(device, layers.fills)),
      labels_(std::make_unique<DrapeLabels>(device, layers.labels, framesInFlight)),
      sampler_(device, vk::kNearestTexelSampler),
      setLayout_(device, bindingsOf(source)),
      pipelineLayout_(device, setLayout_.handle()),
      pool_(device, setLayout_, framesInFlight)
{
    if (layers.empty()) {
        throw vk::Error("a vector drape needs at least one vertex");
    }
    if (source == SceneDepthSource::DepthImage) {
        checkSampledDepth(device, depthFormat);
    }
    // A binding without vertices of its own holds the other's (never read).
    const vk::Buffer& lines = lineLevels_.vertices.empty() ? fills_ : lines_;
    const vk::Buffer& fills = fillVertexCount_ > 0 ? fills_ : lines_;
    for (std::uint32_t slot = 0; slot < framesInFlight; ++slot) {
        uniforms_.emplace_back(device, sizeof(DrapeUniforms), VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT,
                               vk::MemoryLocation::HostUpload);
        sets_.push_back(pool_.allocate(setLayout_));
        drawnSegments_.emplace_back(device, std::max<std::size_t>(lineLevels_.fullSegments, 1) * sizeof(std::uint32_t),
                                    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, vk::MemoryLocation::HostUpload);
        vk::DescriptorWriter()
            .uniformBuffer(0, uniforms_.back())
            .storageBuffer(1, lines)
            .storageBuffer(3, fills)
            .storageBuffer(9, drawnSegments_.back())
            .update(device, sets_.back());
        {
            vk::DescriptorWriter()
                .storageBuffer(4, labels_->labels())
                .storageBuffer(5, labels_->order(slot))
                .storageBuffer(6, labels_->placed(slot))
                .storageBuffer(7, labels_->glyphs())
                .combinedImageSampler(8, labels_->atlas().view(), labels_->sampler().handle(),
                                      VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL)
                .update(device, sets_.back());
        }
    }
    buildPipelines();
}

void VectorDrapePass::buildPipelines()
{
    vk::GraphicsPipeline lines = buildPipeline(kLineVertexProgram, kLineFragmentProgram);
    vk::GraphicsPipeline fills = buildPipeline(kFillVertexProgram, kFillFragmentProgram);
    vk::GraphicsPipeline text = buildPipeline(kLabelVertexProgram, kLabelFragmentProgram);
    vk::ComputePipeline placement(*device_, pipelineLayout_, shaders_->load(kLabelPlacementProgram, depthMacros()));
    linePipeline_ = std::move(lines);
    fillPipeline_ = std::move(fills);
    labelPipeline_ = std::move(text);
    placementPipeline_ = std::move(placement);
}

std::vector<vk::ShaderMacro> VectorDrapePass::depthMacros() const
{
    std::vector<vk::ShaderMacro> macros;
    if (source_ == SceneDepthSource::VisibilityBuffer) {
        macros.push_back(vk::ShaderMacro{"DRAPE_VISIBILITY_BUFFER", "1"});
    }
    return macros;
}

vk::GraphicsPipeline VectorDrapePass::buildPipeline(const char* vertexProgram, const char* fragmentProgram) const
{
    vk::GraphicsPipelineDescription description;
    description.colorFormats = {displayFormat_};
    description.blending = vk::ColorBlending::PremultipliedAlpha;
    description.constants = {vk::SpecializationConstant{0, display::shaderEncodesSrgb(displayFormat_) ? 1u : 0u}};
    // The label's text reads no depth: its program has no variants.
    const bool readsDepth = std::string_view(fragmentProgram) != kLabelFragmentProgram;
    return vk::GraphicsPipeline(
        *device_, pipelineLayout_, shaders_->load(vertexProgram),
        shaders_->load(fragmentProgram, readsDepth ? depthMacros() : std::vector<vk::ShaderMacro>{}), description);
}

void VectorDrapePass::setLayerShown(std::size_t layer, bool shown)
{
    if (layer >= kMaxDrapedLayers) {
        return;
    }
    const std::uint32_t bit = 1u << (layer % 32u);
    std::uint32_t& word = hiddenLayers_.at(layer / 32u);
    word = shown ? word & ~bit : word | bit;
}

std::optional<std::string> VectorDrapePass::reloadShaders()
{
    try {
        buildPipelines();
    } catch (const std::exception& error) {
        return std::string(error.what());
    }
    return std::nullopt;
}

void VectorDrapePass::record(VkCommandBuffer commands, std::uint32_t slotIndex, const DrapeView& view,
                             const DrapeTargets& targets) const
{
    const vk::Buffer& uniforms = uniforms_.at(slotIndex);
    DrapeUniforms values = uniformsOf(view, tolerance_, targets.samples);
    values.hiddenLayers = glm::uvec4(hiddenLayers_[0], hiddenLayers_[1], hiddenLayers_[2], hiddenLayers_[3]);
    const bool labels = labels_->count() > 0;
    // The lines' chunks in the view, each at its level of detail.
    LineView lineView;
    lineView.cameraPosition = view.cameraPosition;
    lineView.viewRotationProjection = values.viewRotationProjection;
    lineView.pixelsPerRadian =
        std::abs(static_cast<double>(view.projection[1][1])) * static_cast<double>(view.viewport.height) / 2.0;
    std::vector<std::uint32_t> segments;
    selectLineSegments(lineLevels_, lineView, segments);
    std::memcpy(drawnSegments_.at(slotIndex).mapped().data(), segments.data(), segments.size() * sizeof(std::uint32_t));
    if (labels) {
        values.labelCells = labels_->prepareFrame(slotIndex, view.cameraPosition, view.viewport);
    }
    std::memcpy(uniforms.mapped().data(), &values, sizeof(values));

    // The slot's earlier frames completed: its set is free to change, and
    // the targets may be new ones.
    const VkDescriptorSet set = sets_.at(slotIndex);
    const vk::Image& display = *targets.displayColor;
    if (source_ == SceneDepthSource::VisibilityBuffer) {
        vk::DescriptorWriter().storageBuffer(2, *targets.visibility).update(*device_, set);
        // The visibility pass wrote it.
        vk::bufferBarrier(*device_, commands, *targets.visibility, kCompute, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                          kFragment | kCompute, VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
    } else {
        vk::DescriptorWriter()
            .combinedImageSampler(2, targets.depth->view(), sampler_.handle(), VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL)
            .update(*device_, set);
        vk::imageBarrier(*device_, commands, targets.depth->handle(), targets.depth->fullRange(),
                         VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
                         VK_PIPELINE_STAGE_2_TRANSFER_BIT, 0, kFragment | kCompute,
                         VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
    }
    if (labels) {
        // One workgroup gives the labels their places, in order.
        placementPipeline_.bind(commands);
        vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipelineLayout_.handle(), 0, 1, &set, 0,
                                nullptr);
        vkCmdDispatch(commands, 1, 1, 1);
        vk::bufferBarrier(*device_, commands, labels_->placed(slotIndex), kCompute,
                          VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                          VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT,
                          VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
    }
    vk::imageBarrier(*device_, commands, display.handle(), display.fullRange(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                     VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_PIPELINE_STAGE_2_TRANSFER_BIT, 0, kColorOutput,
                     kColorAccess);

    const VkRenderingAttachmentInfo attachment =
        vk::renderingAttachment(display.view(), VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_ATTACHMENT_LOAD_OP_LOAD,
                                VK_ATTACHMENT_STORE_OP_STORE, VkClearValue{});
    const VkRenderingInfo rendering = vk::renderingInfo(display.extent(), attachment, nullptr);
    vkCmdBeginRendering(commands, &rendering);
    vk::setViewportAndScissor(commands, display.extent());
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelineLayout_.handle(), 0, 1, &set, 0,
                            nullptr);
    // The fills under the lines.
    if (fillVertexCount_ > 0) {
        fillPipeline_.bind(commands);
        vkCmdDraw(commands, static_cast<std::uint32_t>(fillVertexCount_), 1, 0, 0);
    }
    if (!segments.empty()) {
        linePipeline_.bind(commands);
        vkCmdDraw(commands, 6, static_cast<std::uint32_t>(segments.size()), 0, 0);
    }
    if (labels) {
        labelPipeline_.bind(commands);
        vkCmdDrawIndirect(commands, labels_->placed(slotIndex).handle(), 0, 1, 0);
    }
    vkCmdEndRendering(commands);

    vk::imageBarrier(*device_, commands, display.handle(), display.fullRange(),
                     VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, kColorOutput,
                     VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_2_TRANSFER_BIT,
                     VK_ACCESS_2_TRANSFER_READ_BIT);
    if (source_ == SceneDepthSource::DepthImage) {
        vk::imageBarrier(*device_, commands, targets.depth->handle(), targets.depth->fullRange(),
                         VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                         kFragment | kCompute, 0, VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
    }
}

}  // namespace vectordata::gpu
