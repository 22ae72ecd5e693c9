// cbt-bench gpu-decode: leb::gpu::LeafDecodePass decoding every leaf of a full
// tree (2^D leaves, one thread each, launched on the dispatcher's indirect
// arguments), next to copies of the heap's bytes and of the output's bytes.
#include "bench/GpuBenchmarks.h"
#include "bench/GpuFrameTimer.h"

#include "cbt/gpu/ConcurrentBinaryTree.h"
#include "cbt/gpu/DispatcherPass.h"
#include "leb/gpu/LeafDecodePass.h"
#include "vk/Barriers.h"

#include <array>

namespace bench {

namespace {

// Grachev & Ushakov 2023, Fig. 11, GPU column (NVIDIA RTX 3080): seconds to
// decode every leaf of a full tree.
struct PaperGpuDecodeTime {
    int depth;
    double seconds;
};
constexpr std::array<PaperGpuDecodeTime, 5> kPaperGpuDecodeTimes{{
    {10, 0.000005},
    {15, 0.000008},
    {20, 0.000128},
    {25, 0.004327},
    {30, 0.158764},
}};

constexpr std::size_t kDecodePass = 0;
constexpr std::size_t kHeapCopyPass = 1;
constexpr std::size_t kOutputCopyPass = 2;

bool heapIndicesOfFullTree(const std::vector<leb::HeapIndex>& heapIndices, int maxDepth)
{
    const leb::HeapIndex firstLeaf = leb::HeapIndex{1} << maxDepth;
    for (std::size_t leaf = 0; leaf < heapIndices.size(); ++leaf) {
        if (heapIndices[leaf] != firstLeaf + static_cast<leb::HeapIndex>(leaf)) {
            return false;
        }
    }
    return heapIndices.size() == firstLeaf;
}

}  // namespace

CommandOutcome runGpuDecode(const GpuDecodeOptions& options)
{
    GpuSession session(options.gpu.deviceSelector, options.gpu.validate);
    vk::Device& device = session.device();

    const cbt::ConcurrentBinaryTree full(options.depth, options.depth);
    const std::uint32_t leafCount = full.nodeCount();
    cbt::gpu::ConcurrentBinaryTree tree(device, full);
    const cbt::gpu::DispatcherPass dispatcher(device, session.shaders(), tree);
    const leb::gpu::LeafDecodePass decode(device, session.shaders(), tree, leb::Domain::Square, leafCount, false);
    // The indirect arguments once: the tree does not change.
    device.submitAndWait([&](VkCommandBuffer commands) {
        serializeAllCommands(device, commands);
        dispatcher.record(commands);
        vk::bufferBarrier(device, commands, dispatcher.argumentsBuffer(), VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                          VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT,
                          VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT);
    });

    const VkDeviceSize outputBytes = VkDeviceSize{leafCount} * sizeof(leb::HeapIndex);
    const CopyFloor heapCopy(device, tree.heapByteSize());
    const CopyFloor outputCopy(device, outputBytes);
    vk::TimestampQueries timer(device, 1, {"leaf decode", "copy heap bytes", "copy output bytes"});
    PassSamples samples;
    runTimedFrames(
        device, timer, options.gpu.iterations,
        [&](VkCommandBuffer commands, vk::TimestampQueries& frameTimer, int) {
            frameTimer.writeStart(commands, kDecodePass);
            decode.record(commands, dispatcher.argumentsBuffer());
            frameTimer.writeEnd(commands, kDecodePass);
            serializeAllCommands(device, commands);
            frameTimer.writeStart(commands, kHeapCopyPass);
            heapCopy.record(commands);
            frameTimer.writeEnd(commands, kHeapCopyPass);
            serializeAllCommands(device, commands);
            frameTimer.writeStart(commands, kOutputCopyPass);
            outputCopy.record(commands);
            frameTimer.writeEnd(commands, kOutputCopyPass);
        },
        samples, kWarmUpFrames);
    const bool verified = heapIndicesOfFullTree(decode.downloadHeapIndices(leafCount), options.depth);

    Report report;
    report.command = "gpu-decode";
    session.describe(report);
    report.addParameter("depth", "max depth D", std::int64_t{options.depth});
    report.addParameter("iterations", "runs", std::int64_t{options.gpu.iterations});
    report.addParameter("warm_up_frames", "warm-up frames (not timed)", std::int64_t{kWarmUpFrames});

    const double decodeMs = median(samples[kDecodePass]);
    const double heapCopyMs = median(samples[kHeapCopyPass]);
    const double outputCopyMs = median(samples[kOutputCopyPass]);
    report.addFigure("leaf_count", "leaves decoded", std::int64_t{leafCount});
    report.addFigure("heap_bytes", "heap size", static_cast<std::int64_t>(tree.heapByteSize()), "bytes");
    report.addFigure("output_bytes", "output size (heap indices)", static_cast<std::int64_t>(outputBytes), "bytes");
    report.addFigure("heap_indices_verified", "GPU heap indices equal the CPU decode", verified);
    report.addFigure("decode_median_ms", "leaf decode, median", decodeMs, "ms");
    report.addFigure("ns_per_leaf", "per leaf", decodeMs * 1e6 / static_cast<double>(leafCount), "ns");
    report.addFigure("heap_copy_median_ms", "copy of the heap's bytes, median", heapCopyMs, "ms");
    report.addFigure("output_copy_median_ms", "copy of the output's bytes, median", outputCopyMs, "ms");
    report.addFigure("ratio_to_heap_copy", "leaf decode / heap copy", decodeMs / heapCopyMs, "x");
    report.addFigure("ratio_to_output_copy", "leaf decode / output copy", decodeMs / outputCopyMs, "x");
    for (const PaperGpuDecodeTime& anchor : kPaperGpuDecodeTimes) {
        if (anchor.depth == options.depth) {
            report.addFigure("paper_gpu_ms", "2023 paper Fig. 11 GPU (RTX 3080)", anchor.seconds * 1e3, "ms");
        }
    }
    report.tables.push_back(passTimeTable("passes", "GPU times (timestamps); x copy = / copy of the heap's bytes",
                                          {{"leaf decode", samples[kDecodePass]},
                                           {"copy heap bytes", samples[kHeapCopyPass]},
                                           {"copy output bytes", samples[kOutputCopyPass]}},
                                          heapCopyMs));
    if (!verified) {
        report.notes.push_back("the GPU decode differs from the CPU decode: the times above are not valid");
    }
    return finishGpuRun(session, std::move(report));
}

}  // namespace bench
