#include "vk/GraphicsPipeline.h"

#include "vk/Device.h"
#include "vk/Error.h"

#include <array>

namespace vk {
namespace {

VkPipelineColorBlendAttachmentState blendAttachmentState(ColorBlending blending)
{
    VkPipelineColorBlendAttachmentState state{};
    state.colorWriteMask =
        VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT | VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT;
    if (blending == ColorBlending::Opaque) {
        state.blendEnable = VK_FALSE;
        return state;
    }
    state.blendEnable = VK_TRUE;
    state.srcColorBlendFactor = blending == ColorBlending::Alpha ? VK_BLEND_FACTOR_SRC_ALPHA : VK_BLEND_FACTOR_ONE;
    state.dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
    state.colorBlendOp = VK_BLEND_OP_ADD;
    state.srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
    state.dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
    state.alphaBlendOp = VK_BLEND_OP_ADD;
    return state;
}

void checkDeviceSupport(const Device& device, const GraphicsPipelineDescription& description)
{
    if (!device.hasDynamicRendering()) {
        throw Error("vk::GraphicsPipeline: the device has no dynamic rendering (Vulkan 1.3 required)");
    }
    if (description.polygonMode != VK_POLYGON_MODE_FILL && !device.features().fillModeNonSolid) {
        throw Error("vk::GraphicsPipeline: the device has no fillModeNonSolid for line/point polygon mode");
    }
}

}  // namespace

GraphicsPipeline::GraphicsPipeline(const Device& device, const PipelineLayout& layout,
                                   std::span<const uint32_t> vertexSpirv, std::span<const uint32_t> fragmentSpirv,
                                   const GraphicsPipelineDescription& description)
    : layout_(layout.handle())
{
    checkDeviceSupport(device, description);
    const ShaderModule vertexModule(device, vertexSpirv);
    const ShaderModule fragmentModule(device, fragmentSpirv);
    const SpecializationData specialization(description.constants);

    std::array<VkPipelineShaderStageCreateInfo, 2> stages{};
    stages[0].sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
    stages[0].module = vertexModule.handle();
    stages[0].pName = "main";
    stages[0].pSpecializationInfo = specialization.info();
    stages[1] = stages[0];
    stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
    stages[1].module = fragmentModule.handle();

    VkPipelineVertexInputStateCreateInfo vertexInput{};
    vertexInput.sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO;

    VkPipelineInputAssemblyStateCreateInfo inputAssembly{};
    inputAssembly.sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO;
    inputAssembly.topology = description.topology;

    VkPipelineViewportStateCreateInfo viewport{};
    viewport.sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO;
    viewport.viewportCount = 1;
    viewport.scissorCount = 1;

    VkPipelineRasterizationStateCreateInfo rasterization{};
    rasterization.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO;
    rasterization.polygonMode = description.polygonMode;
    rasterization.cullMode = description.cullMode;
    rasterization.frontFace = description.frontFace;
    rasterization.lineWidth = 1.0f;

    VkPipelineMultisampleStateCreateInfo multisample{};
    multisample.sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO;
    multisample.rasterizationSamples = description.samples;

    VkPipelineDepthStencilStateCreateInfo depthStencil{};
    depthStencil.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO;
    depthStencil.depthTestEnable = description.depthTest ? VK_TRUE : VK_FALSE;
    depthStencil.depthWriteEnable = description.depthWrite ? VK_TRUE : VK_FALSE;
    depthStencil.depthCompareOp = description.depthCompareOp;
    depthStencil.minDepthBounds = 0.0f;
    depthStencil.maxDepthBounds = 1.0f;

    const std::vector<VkPipelineColorBlendAttachmentState> blendAttachments(description.colorFormats.size(),
                                                                            blendAttachmentState(description.blending));
    VkPipelineColorBlendStateCreateInfo colorBlend{};
    colorBlend.sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO;
    colorBlend.attachmentCount = static_cast<uint32_t>(blendAttachments.size());
    colorBlend.pAttachments = blendAttachments.data();

    std::vector<VkDynamicState> dynamicStates{VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
    if (description.dynamicDepthCompareOp) {
        dynamicStates.push_back(VK_DYNAMIC_STATE_DEPTH_COMPARE_OP);
    }
    VkPipelineDynamicStateCreateInfo dynamicState{};
    dynamicState.sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO;
    dynamicState.dynamicStateCount = static_cast<uint32_t>(dynamicStates.size());
    dynamicState.pDynamicStates = dynamicStates.data();

    VkPipelineRenderingCreateInfo rendering{};
    rendering.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO;
    rendering.colorAttachmentCount = static_cast<uint32_t>(description.colorFormats.size());
    rendering.pColorAttachmentFormats = description.colorFormats.data();
    rendering.depthAttachmentFormat = description.depthFormat;
    rendering.stencilAttachmentFormat = description.stencilFormat;

    VkGraphicsPipelineCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO;
    info.pNext = &rendering;
    info.stageCount = static_cast<uint32_t>(stages.size());
    info.pStages = stages.data();
    info.pVertexInputState = &vertexInput;
    info.pInputAssemblyState = &inputAssembly;
    info.pViewportState = &viewport;
    info.pRasterizationState = &rasterization;
    info.pMultisampleState = &multisample;
    info.pDepthStencilState = &depthStencil;
    info.pColorBlendState = &colorBlend;
    info.pDynamicState = &dynamicState;
    info.layout = layout.handle();
    info.renderPass = VK_NULL_HANDLE;
    VkPipeline pipeline = VK_NULL_HANDLE;
    VK_CHECK(vkCreateGraphicsPipelines(device.handle(), VK_NULL_HANDLE, 1, &info, nullptr, &pipeline));
    pipeline_ = UniquePipeline(device.handle(), pipeline);
}

void GraphicsPipeline::bind(VkCommandBuffer commands) const
{
    vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline_.get());
}

VkRenderingAttachmentInfo renderingAttachment(VkImageView view, VkImageLayout layout, VkAttachmentLoadOp load,
                                              VkAttachmentStoreOp store, VkClearValue clear)
{
    VkRenderingAttachmentInfo attachment{};
    attachment.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO;
    attachment.imageView = view;
    attachment.imageLayout = layout;
    attachment.loadOp = load;
    attachment.storeOp = store;
    attachment.clearValue = clear;
    return attachment;
}

VkRenderingInfo renderingInfo(VkExtent2D extent, const VkRenderingAttachmentInfo& color,
                              const VkRenderingAttachmentInfo* depth)
{
    VkRenderingInfo rendering{};
    rendering.sType = VK_STRUCTURE_TYPE_RENDERING_INFO;
    rendering.renderArea = VkRect2D{{0, 0}, extent};
    rendering.layerCount = 1;
    rendering.colorAttachmentCount = 1;
    rendering.pColorAttachments = &color;
    rendering.pDepthAttachment = depth;
    return rendering;
}

void setViewportAndScissor(VkCommandBuffer commands, VkExtent2D extent, float minDepth, float maxDepth)
{
    const VkViewport viewport{0.0f,     0.0f,    static_cast<float>(extent.width), static_cast<float>(extent.height),
                              minDepth, maxDepth};
    vkCmdSetViewport(commands, 0, 1, &viewport);
    const VkRect2D scissor{{0, 0}, extent};
    vkCmdSetScissor(commands, 0, 1, &scissor);
}

}  // namespace vk
