// Graphics pipelines for dynamic rendering (Vulkan 1.3 vkCmdBeginRendering):
// no render pass object, no vertex input (vertex shaders generate their
// vertices from gl_VertexIndex / gl_InstanceIndex and buffers), viewport and
// scissor always dynamic.
//
//   vk::GraphicsPipelineDescription description;
//   description.colorFormats = {VK_FORMAT_R8G8B8A8_SRGB};
//   description.depthFormat = VK_FORMAT_D32_SFLOAT;
//   description.depthTest = true;
//   vk::GraphicsPipeline pipeline(device, layout, vertexSpirv, fragmentSpirv, description);
//   pipeline.bind(cmd);  vk::setViewportAndScissor(cmd, extent);  vkCmdDraw(...)
#pragma once

#include "vk/Pipeline.h"
#include "vk/UniqueHandle.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <span>
#include <vector>

namespace vk {

class Device;

// How colour attachment 0..n-1 combine the fragment's output with what is there.
enum class ColorBlending {
    Opaque,              // overwrite
    PremultipliedAlpha,  // src + dst * (1 - src.a)
    Alpha,               // src * src.a + dst * (1 - src.a)
};

// The attachments of a rendering that several pipelines draw into: its one
// colour attachment's format, its depth attachment's, and the samples per
// pixel of both.
struct AttachmentFormats {
    VkFormat color = VK_FORMAT_UNDEFINED;
    VkFormat depth = VK_FORMAT_UNDEFINED;
    VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;
};

struct GraphicsPipelineDescription {
    VkPrimitiveTopology topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    // VK_POLYGON_MODE_LINE needs DeviceFeatures::fillModeNonSolid.
    VkPolygonMode polygonMode = VK_POLYGON_MODE_FILL;
    VkCullModeFlags cullMode = VK_CULL_MODE_NONE;
    VkFrontFace frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE;

    bool depthTest = false;
    bool depthWrite = false;
    VkCompareOp depthCompareOp = VK_COMPARE_OP_LESS_OR_EQUAL;
    // When set the compare op is dynamic state: record it with
    // vkCmdSetDepthCompareOp (core in Vulkan 1.3) after binding.
    bool dynamicDepthCompareOp = false;

    ColorBlending blending = ColorBlending::Opaque;

    // Attachment formats of the rendering the pipeline is used in
    // (VkPipelineRenderingCreateInfo); UNDEFINED = no such attachment. They
    // must match the VkRenderingInfo's attachments exactly.
    std::vector<VkFormat> colorFormats;
    VkFormat depthFormat = VK_FORMAT_UNDEFINED;
    VkFormat stencilFormat = VK_FORMAT_UNDEFINED;
    // Samples per pixel of every attachment (multisample anti-aliasing when
    // above 1); the fragment shader still runs once per pixel and primitive.
    VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;

    // Specialization constants given to both stages.
    std::vector<SpecializationConstant> constants;
};

class GraphicsPipeline {
public:
    GraphicsPipeline() = default;
    // Throws vk::Error when the device lacks dynamic rendering (Vulkan 1.3),
    // or asks for a non-solid polygon mode without fillModeNonSolid.
    GraphicsPipeline(const Device& device, const PipelineLayout& layout, std::span<const uint32_t> vertexSpirv,
                     std::span<const uint32_t> fragmentSpirv, const GraphicsPipelineDescription& description);

    [[nodiscard]] VkPipeline handle() const { return pipeline_.get(); }
    [[nodiscard]] VkPipelineLayout layout() const { return layout_; }

    // vkCmdBindPipeline(GRAPHICS).
    void bind(VkCommandBuffer commands) const;

private:
    UniquePipeline pipeline_;
    VkPipelineLayout layout_ = VK_NULL_HANDLE;
};

// A dynamic-rendering attachment: `view` in `layout`, loaded with `load`
// (`clear` is used with VK_ATTACHMENT_LOAD_OP_CLEAR) and stored with `store`.
VkRenderingAttachmentInfo renderingAttachment(VkImageView view, VkImageLayout layout, VkAttachmentLoadOp load,
                                              VkAttachmentStoreOp store, VkClearValue clear);

// Rendering over the whole of `extent` into one colour attachment and, when
// given, a depth attachment (both must outlive the returned struct's use).
VkRenderingInfo renderingInfo(VkExtent2D extent, const VkRenderingAttachmentInfo& color,
                              const VkRenderingAttachmentInfo* depth);

// Sets the dynamic viewport (0,0)-extent, with depth range minDepth ..
// maxDepth (0..1 by default), and the scissor to the same rectangle.
void setViewportAndScissor(VkCommandBuffer commands, VkExtent2D extent, float minDepth = 0.0f, float maxDepth = 1.0f);

}  // namespace vk
