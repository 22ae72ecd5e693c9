// The user's vector layers drawn over a frame (--vector), for the flat
// terrain and the globe alike: the polygons' fills, triangles laid on the
// ground, then each segment of the draped lines (vectordata/Drape.h) a
// screen-space quad of the line's width in pixels, anti-aliased, and each
// point a marker, blended over the display colour after the display pass,
// in the style's own colour, and the named points' labels: white text on a
// dark halo beside their markers, each in a place of its own
// (LabelPlacement.comp: no two overlap, earlier layers and nearer points
// first), hidden where their point is behind the ground. A line shows where it
// is not behind the scene's surface, read from the frame's depth image (the
// graphics path) or its visibility buffer (the compute path): a ridge in
// front of it hides it; the surface's level of detail, which may lie a
// little above the data the line was laid on, does not (DrapeTolerance).
// shaders/vectordata/VectorDrape.*.
#pragma once

#include "vectordata/Drape.h"
#include "vectordata/LineLevels.h"
#include "vectordata/gpu/DrapeLabels.h"
#include "vk/Buffer.h"
#include "vk/Descriptors.h"
#include "vk/GraphicsPipeline.h"
#include "vk/Image.h"
#include "vk/Pipeline.h"
#include "vk/ShaderCompiler.h"

#include <vulkan/vulkan.h>
#include <glm/mat3x3.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace vk {
class Device;
class ShaderLibrary;
}  // namespace vk

namespace vectordata::gpu {

// The frame's camera in the scene's coordinates (the flat world, or ECEF).
struct DrapeView {
    glm::dvec3 cameraPosition{0.0};
    glm::dmat3 sceneToView{1.0};  // the view's rotation
    glm::mat4 projection{1.0f};   // Vulkan clip space
    float clearDepth = 0.0f;      // where the scene has no surface
    VkExtent2D viewport{1, 1};
};

// How far a line may lie under the surface drawn, measured along the up
// direction, and still show: `metres` plus `perMetre` of its distance from
// the camera (the level of detail's error grows with the distance).
struct DrapeTolerance {
    double metres = 2.0;
    double perMetre = 0.01;
};

// Where the scene's surface is found.
enum class SceneDepthSource {
    DepthImage,        // a single-sampled depth image (SAMPLED | TRANSFER_SRC)
    VisibilityBuffer,  // raster::gpu's 64-bit values, `samples` per pixel
};

// The frame's images the pass draws over and reads. The display colour and
// the depth image are in TRANSFER_SRC_OPTIMAL before (the display pass and
// the scene's rendering left them so) and after; the visibility buffer was
// last written by compute shaders.
struct DrapeTargets {
    const vk::Image* displayColor = nullptr;
    const vk::Image* depth = nullptr;
    const vk::Buffer* visibility = nullptr;
    std::uint32_t samples = 1;
};

class VectorDrapePass {
public:
    // `layers` must not be empty. Throws vk::Error when the depth image's
    // format can not be sampled (DepthImage) or a buffer does not fit.
    VectorDrapePass(vk::Device& device, const vk::ShaderLibrary& shaders, VkFormat displayFormat, VkFormat depthFormat,
                    SceneDepthSource source, std::uint32_t framesInFlight, const DrapedLayers& layers,
                    const DrapeTolerance& tolerance = {});

    // Records the pass into a frame whose slot's earlier submissions have
    // completed.
    void record(VkCommandBuffer commands, std::uint32_t slotIndex, const DrapeView& view,
                const DrapeTargets& targets) const;

    [[nodiscard]] std::size_t lineVertexCount() const { return lineLevels_.vertices.size(); }
    [[nodiscard]] std::size_t fillVertexCount() const { return fillVertexCount_; }

    // Shows or hides layer `layer` (the number DrapedVertex::flags carry)
    // from the next frame recorded on.
    void setLayerShown(std::size_t layer, bool shown);

    // Builds the pipelines again from the shader library; on an error keeps
    // the old ones and returns the one-line error.
    std::optional<std::string> reloadShaders();

private:
    [[nodiscard]] vk::GraphicsPipeline buildPipeline(const char* vertexProgram, const char* fragmentProgram) const;
    void buildPipelines();
    // The scene's depth source as the programs that read it are compiled.
    [[nodiscard]] std::vector<vk::ShaderMacro> depthMacros() const;

    vk::Device* device_;
    const vk::ShaderLibrary* shaders_;
    VkFormat displayFormat_;
    SceneDepthSource source_;
    DrapeTolerance tolerance_;
    LineLevels lineLevels_;
    std::size_t fillVertexCount_;
    vk::Buffer lines_;  // empty without lines
    vk::Buffer fills_;  // empty without fills
    std::unique_ptr<DrapeLabels> labels_;
    std::array<std::uint32_t, 4> hiddenLayers_{};
    std::vector<vk::Buffer> uniforms_;
    std::vector<vk::Buffer> drawnSegments_;  // each slot's segment list (host written)
    vk::Sampler sampler_;
    vk::DescriptorSetLayout setLayout_;
    vk::PipelineLayout pipelineLayout_;
    vk::DescriptorPool pool_;
    std::vector<VkDescriptorSet> sets_;
    vk::GraphicsPipeline linePipeline_;
    vk::GraphicsPipeline fillPipeline_;
    vk::GraphicsPipeline labelPipeline_;
    vk::ComputePipeline placementPipeline_;
};

}  // namespace vectordata::gpu
