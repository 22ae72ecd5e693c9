#include "app/ImGuiOverlay.h"

#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/Instance.h"
#include "vk/Swapchain.h"

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_vulkan.h>
#include <imgui.h>

#include <algorithm>
#include <array>

namespace app {

namespace {

constexpr uint32_t kImGuiDescriptorSets = 4;

void checkImGuiVulkanResult(VkResult result)
{
    vk::checkResult(result, "ImGui Vulkan backend");
}

UniqueRenderPass makeOverlayRenderPass(VkDevice device, VkFormat format)
{
    VkAttachmentDescription attachment{};
    attachment.format = format;
    attachment.samples = VK_SAMPLE_COUNT_1_BIT;
    attachment.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
    attachment.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    attachment.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
    attachment.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
    attachment.initialLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    attachment.finalLayout = VK_IMAGE_LAYOUT_PRESENT_SRC_KHR;

    const VkAttachmentReference colorReference{0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    VkSubpassDescription subpass{};
    subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
    subpass.colorAttachmentCount = 1;
    subpass.pColorAttachments = &colorReference;

    // In: the copy of the terrain into the image. Out: the presentation
    // engine (ordered by the render-finished semaphore).
    std::array<VkSubpassDependency, 2> dependencies{};
    dependencies[0].srcSubpass = VK_SUBPASS_EXTERNAL;
    dependencies[0].dstSubpass = 0;
    dependencies[0].srcStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT;
    dependencies[0].srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    dependencies[0].dstStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
    dependencies[0].dstAccessMask = VK_ACCESS_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
    dependencies[1].srcSubpass = 0;
    dependencies[1].dstSubpass = VK_SUBPASS_EXTERNAL;
    dependencies[1].srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
    dependencies[1].srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
    dependencies[1].dstStageMask = VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT;
    dependencies[1].dstAccessMask = 0;

    VkRenderPassCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO;
    info.attachmentCount = 1;
    info.pAttachments = &attachment;
    info.subpassCount = 1;
    info.pSubpasses = &subpass;
    info.dependencyCount = static_cast<uint32_t>(dependencies.size());
    info.pDependencies = dependencies.data();
    VkRenderPass renderPass = VK_NULL_HANDLE;
    VK_CHECK(vkCreateRenderPass(device, &info, nullptr, &renderPass));
    return UniqueRenderPass(device, renderPass);
}

vk::DescriptorPool makeImGuiDescriptorPool(const vk::Device& device)
{
    const std::array<VkDescriptorPoolSize, 1> sizes{
        VkDescriptorPoolSize{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kImGuiDescriptorSets}};
    return vk::DescriptorPool(device, kImGuiDescriptorSets, sizes);
}

}  // namespace

ImGuiOverlay::ImGuiOverlay(GLFWwindow* window, const vk::Instance& instance, vk::Device& device,
                           const vk::Swapchain& swapchain)
    : device_(&device),
      format_(swapchain.format()),
      renderPass_(makeOverlayRenderPass(device.handle(), swapchain.format())),
      descriptorPool_(makeImGuiDescriptorPool(device))
{
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // no imgui.ini in the working directory
    ImGui::StyleColorsDark();
    ImGui::GetStyle().Alpha = 0.92f;

    try {
        glfwBackend_ = ImGui_ImplGlfw_InitForVulkan(window, true);
        if (!glfwBackend_) {
            throw vk::Error("ImGui GLFW backend failed to initialise");
        }
        ImGui_ImplVulkan_InitInfo info{};
        info.Instance = instance.handle();
        info.PhysicalDevice = device.physicalDevice();
        info.Device = device.handle();
        info.QueueFamily = device.queueFamilyIndex();
        info.Queue = device.queue();
        info.PipelineCache = VK_NULL_HANDLE;
        info.DescriptorPool = descriptorPool_.handle();
        info.Subpass = 0;
        info.MinImageCount = std::max(swapchain.minImageCount(), 2u);
        info.ImageCount = std::max(swapchain.imageCount(), info.MinImageCount);
        info.MSAASamples = VK_SAMPLE_COUNT_1_BIT;
        info.Allocator = nullptr;
        info.CheckVkResultFn = &checkImGuiVulkanResult;
        vulkanBackend_ = ImGui_ImplVulkan_Init(&info, renderPass_.get());
        if (!vulkanBackend_) {
            throw vk::Error("ImGui Vulkan backend failed to initialise");
        }
        device.submitAndWait([](VkCommandBuffer commands) { ImGui_ImplVulkan_CreateFontsTexture(commands); });
        ImGui_ImplVulkan_DestroyFontUploadObjects();
        createFramebuffers(swapchain);
    } catch (...) {
        if (vulkanBackend_) {
            ImGui_ImplVulkan_Shutdown();
        }
        if (glfwBackend_) {
            ImGui_ImplGlfw_Shutdown();
        }
        ImGui::DestroyContext();
        throw;
    }
}

ImGuiOverlay::~ImGuiOverlay()
{
    // Destructors must not throw; a lost device leaves nothing to wait for.
    vkDeviceWaitIdle(device_->handle());
    framebuffers_.clear();
    ImGui_ImplVulkan_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
}

void ImGuiOverlay::createFramebuffers(const vk::Swapchain& swapchain)
{
    framebuffers_.clear();
    extent_ = swapchain.extent();
    for (uint32_t index = 0; index < swapchain.imageCount(); ++index) {
        const VkImageView view = swapchain.imageView(index);
        VkFramebufferCreateInfo info{};
        info.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO;
        info.renderPass = renderPass_.get();
        info.attachmentCount = 1;
        info.pAttachments = &view;
        info.width = extent_.width;
        info.height = extent_.height;
        info.layers = 1;
        VkFramebuffer framebuffer = VK_NULL_HANDLE;
        VK_CHECK(vkCreateFramebuffer(device_->handle(), &info, nullptr, &framebuffer));
        framebuffers_.emplace_back(device_->handle(), framebuffer);
    }
}

void ImGuiOverlay::onSwapchainRebuilt(const vk::Swapchain& swapchain)
{
    if (swapchain.format() != format_) {
        throw vk::Error("the window's surface format changed from " + std::to_string(static_cast<int>(format_)) +
                        " to " + std::to_string(static_cast<int>(swapchain.format())));
    }
    ImGui_ImplVulkan_SetMinImageCount(std::max(swapchain.minImageCount(), 2u));
    createFramebuffers(swapchain);
}

void ImGuiOverlay::beginFrame()
{
    ImGui_ImplVulkan_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
}

void ImGuiOverlay::endFrame()
{
    ImGui::Render();
}

void ImGuiOverlay::recordDraw(VkCommandBuffer commands, uint32_t imageIndex, bool visible)
{
    VkRenderPassBeginInfo info{};
    info.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO;
    info.renderPass = renderPass_.get();
    info.framebuffer = framebuffers_.at(imageIndex).get();
    info.renderArea = VkRect2D{{0, 0}, extent_};
    vkCmdBeginRenderPass(commands, &info, VK_SUBPASS_CONTENTS_INLINE);
    if (visible) {
        ImGui_ImplVulkan_RenderDrawData(ImGui::GetDrawData(), commands);
    }
    vkCmdEndRenderPass(commands);
}

bool ImGuiOverlay::wantsTextInput()
{
    return ImGui::GetCurrentContext() != nullptr && ImGui::GetIO().WantTextInput;
}

bool ImGuiOverlay::wantsMouse()
{
    return ImGui::GetCurrentContext() != nullptr && ImGui::GetIO().WantCaptureMouse;
}

}  // namespace app
