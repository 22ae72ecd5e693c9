// cbt-bench flyover: the viewer's whole frame on both terrain backends and
// both raster paths (scene::RasterPath: the graphics pipeline's draw, or the
// visibility pass and shading in compute; only --raster's when it is given)
// in one process, along one camera path. The scenes share the device; each
// path pose is rendered by each scene in turn (which goes first rotates pose
// by pose), each frame recorded, submitted and waited for on its own, so
// that all see the same machine, the same caches and the same views, and
// their ratios are measured in one run.
#include "bench/GpuBenchmarks.h"
#include "scene/SceneRenderer.h"
#include "terrain/TerrainLeaves.h"
#include "viewer/CameraPose.h"
#include "viewer/CommandLine.h"
#include "viewer/FlyCamera.h"
#include "viewer/RunStatistics.h"
#include "viewer/ViewerSetup.h"
#include "vk/Error.h"
#include "vk/Instance.h"
#include "vk/ProgramFiles.h"
#include "vk/ShaderLibrary.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace bench {

namespace {

constexpr std::uint32_t kFramesInFlight = 1;
// One scene of the run: a backend on a raster path.
struct Variant {
    terrain::TerrainBackend backend = terrain::TerrainBackend::Heap;
    scene::RasterPath raster = scene::RasterPath::Graphics;
};

// The scenes of a run: the heap and the pool on `main` first, then on the
// other path unless only `main` is asked for.
std::vector<Variant> variantsFor(scene::RasterPath main, bool bothPaths)
{
    std::vector<Variant> variants{{terrain::TerrainBackend::Heap, main}, {terrain::TerrainBackend::Pool, main}};
    if (bothPaths) {
        const scene::RasterPath other =
            main == scene::RasterPath::Compute ? scene::RasterPath::Graphics : scene::RasterPath::Compute;
        variants.push_back({terrain::TerrainBackend::Heap, other});
        variants.push_back({terrain::TerrainBackend::Pool, other});
    }
    return variants;
}

// One scene's figures over the path, one sample per frame.
struct BackendSeries {
    viewer::SampleSeries frameMs;  // CPU wall time: record, submit, wait for the fence
    viewer::SampleSeries updateMs;
    viewer::SampleSeries drawMs;   // the draw, or the visibility pass in compute
    viewer::SampleSeries shadeMs;  // the shading in compute (0 on the graphics path)
    viewer::SampleSeries atmosphereMs;
    viewer::SampleSeries gpuTotalMs;
    viewer::SampleSeries liveBisectors;
    viewer::SampleSeries drawnBisectors;
    // The heap's dispatcher, subdivision, sum reduction, leaf decode; the
    // pool's classify, split, allocate, bisect, merge, reduce, index.
    std::vector<std::pair<std::string, viewer::SampleSeries>> passes;
    std::uint32_t maxDeferredSplits = 0;
    double bytesPerBisector = 0.0;
    std::uint64_t cbtBytes = 0;
};

void addTimings(BackendSeries& series, const scene::FrameStatistics& statistics)
{
    series.liveBisectors.add(statistics.leafCount);
    series.drawnBisectors.add(statistics.visibleCount);
    series.maxDeferredSplits = std::max(series.maxDeferredSplits, statistics.deferredSplits);
    series.bytesPerBisector = statistics.bytesPerBisector;
    series.cbtBytes = statistics.cbtBytes;
    if (!statistics.timings) {
        return;
    }
    const scene::PassTimings& t = *statistics.timings;
    const bool pool = statistics.poolCapacity > 0;
    const std::vector<std::pair<std::string, double>> passes =
        pool ? std::vector<std::pair<std::string, double>>{{"classify", t.pool.classifyMs}, {"split", t.pool.splitMs},
                                                           {"allocate", t.pool.allocateMs}, {"bisect", t.pool.bisectMs},
                                                           {"merge", t.pool.mergeMs},       {"reduce", t.pool.reduceMs},
                                                           {"index", t.pool.indexMs}}
             : std::vector<std::pair<std::string, double>>{{"dispatcher", t.dispatcherMs},
                                                           {"subdivision", t.subdivisionMs},
                                                           {"sum reduction", t.sumReductionMs},
                                                           {"leaf decode", t.leafDecodeMs}};
    if (series.passes.empty()) {
        for (const auto& [name, milliseconds] : passes) {
            series.passes.emplace_back(name, viewer::SampleSeries{});
        }
    }
    double update = 0.0;
    for (std::size_t i = 0; i < passes.size(); ++i) {
        series.passes[i].second.add(passes[i].second);
        update += passes[i].second;
    }
    series.updateMs.add(update);
    series.drawMs.add(t.drawMs);
    series.shadeMs.add(t.shadeMs);
    series.atmosphereMs.add(t.atmosphereMs);
    series.gpuTotalMs.add(update + t.drawMs + t.shadeMs + t.atmosphereMs);
}

// How many leaves one backend has that the other has not, at the last pose.
struct LeafComparison {
    std::int64_t onlyHeap = 0;
    std::int64_t onlyPool = 0;
};

LeafComparison compareLeaves(const terrain::Terrain& heap, const terrain::Terrain& pool)
{
    const std::vector<terrain::LeafCorners> heapLeaves = terrain::sortedLeafCorners(heap);
    const std::vector<terrain::LeafCorners> poolLeaves = terrain::sortedLeafCorners(pool);
    std::vector<terrain::LeafCorners> difference;
    std::set_difference(heapLeaves.begin(), heapLeaves.end(), poolLeaves.begin(), poolLeaves.end(),
                        std::back_inserter(difference));
    LeafComparison comparison{static_cast<std::int64_t>(difference.size()), 0};
    difference.clear();
    std::set_difference(poolLeaves.begin(), poolLeaves.end(), heapLeaves.begin(), heapLeaves.end(),
                        std::back_inserter(difference));
    comparison.onlyPool = static_cast<std::int64_t>(difference.size());
    return comparison;
}

// Records, submits and waits for one frame; returns its CPU wall time in
// milliseconds and the statistics of the frame before it.
std::pair<double, scene::FrameStatistics> renderFrame(vk::Device& device, scene::SceneRenderer& scene,
                                                      const camera::FrameView& view)
{
    const auto start = std::chrono::steady_clock::now();
    const scene::FrameStatistics previous = scene::recordAndSubmitFrame(device, scene, 0, view);
    scene.slot(0).inFlight.wait();
    const std::chrono::duration<double, std::milli> elapsed = std::chrono::steady_clock::now() - start;
    return {elapsed.count(), previous};
}

double medianOf(const viewer::SampleSeries& series)
{
    const std::optional<viewer::SeriesSummary> summary = series.summary();
    return summary ? summary->median : 0.0;
}

// A row of the table; counts (`whole`) as integers.
void addSeriesRow(ReportTable& table, const std::string& name, const Variant& variant,
                  const viewer::SampleSeries& series, bool whole = false)
{
    const std::optional<viewer::SeriesSummary> summary = series.summary();
    if (!summary) {
        return;
    }
    const auto cell = [whole](double value) -> ReportValue {
        if (whole) {
            return static_cast<std::int64_t>(std::llround(value));
        }
        return value;
    };
    table.rows.push_back({name, std::string(viewer::backendName(variant.backend)),
                          std::string(scene::rasterPathName(variant.raster)), cell(summary->median),
                          cell(summary->minimum), cell(summary->maximum), static_cast<std::int64_t>(summary->count)});
}

// The series of the scene of `backend` on `raster`, if the run has it.
const BackendSeries* seriesOf(const std::vector<Variant>& variants, const std::vector<BackendSeries>& series,
                              terrain::TerrainBackend backend, scene::RasterPath raster)
{
    for (std::size_t v = 0; v < variants.size(); ++v) {
        if (variants[v].backend == backend && variants[v].raster == raster) {
            return &series[v];
        }
    }
    return nullptr;
}

// What the terrain's pixels cost on a path: the draw and the sky (in the
// atmosphere's time), or the visibility pass and the shading, terrain and sky.
double pixelsMs(const BackendSeries& series)
{
    return medianOf(series.drawMs) + medianOf(series.shadeMs) + medianOf(series.atmosphereMs);
}

void addRasterFigures(Report& report, const std::vector<Variant>& variants, const std::vector<BackendSeries>& series)
{
    for (const terrain::TerrainBackend backend : {terrain::TerrainBackend::Heap, terrain::TerrainBackend::Pool}) {
        const BackendSeries* graphics = seriesOf(variants, series, backend, scene::RasterPath::Graphics);
        const BackendSeries* compute = seriesOf(variants, series, backend, scene::RasterPath::Compute);
        if (graphics == nullptr || compute == nullptr) {
            continue;
        }
        const std::string name(viewer::backendName(backend));
        report.addFigure(name + "_compute_over_graphics_frame", name + " compute / graphics frame (medians)",
                         medianOf(compute->frameMs) / medianOf(graphics->frameMs));
        report.addFigure(name + "_compute_over_graphics_pixels",
                         name +
                             " compute / graphics pixels: raster + shade + atmosphere over draw + sky + "
                             "atmosphere (medians)",
                         pixelsMs(*compute) / pixelsMs(*graphics));
    }
}

Report flyoverReport(const viewer::ViewerOptions& options, const vk::Device& device, bool validation,
                     const std::vector<Variant>& variants, const std::vector<BackendSeries>& series,
                     const viewer::SampleSeries& pairedRatios, std::uint32_t frames, VkExtent2D extent, int maxDepth,
                     const LeafComparison& lastPose)
{
    Report report;
    report.command = "flyover";
    describeDevice(report, device, validation);
    report.addParameter("camera_path", "camera path", options.cameraPathFile->string());
    report.addParameter("frames", "frames per scene", static_cast<std::int64_t>(frames));
    report.addParameter("size", "size", std::to_string(extent.width) + "x" + std::to_string(extent.height));
    report.addParameter("depth", "max depth", std::int64_t{maxDepth});
    report.addParameter("raster", "raster path of the backends' comparison",
                        std::string(scene::rasterPathName(variants[0].raster)));

    const BackendSeries& heap = series[0];
    const BackendSeries& pool = series[1];
    const double heapFrame = medianOf(heap.frameMs);
    const double poolFrame = medianOf(pool.frameMs);
    report.addFigure("heap_frame_ms", "heap frame (median)", heapFrame, "ms");
    report.addFigure("pool_frame_ms", "pool frame (median)", poolFrame, "ms");
    report.addFigure("pool_over_heap_frame", "pool / heap frame (medians)", poolFrame / heapFrame);
    report.addFigure("pool_over_heap_frame_paired", "pool / heap frame (median of per-pose ratios)",
                     medianOf(pairedRatios));
    const auto faster = std::count_if(pairedRatios.samples().begin(), pairedRatios.samples().end(),
                                      [](double ratio) { return ratio < 1.0; });
    report.addFigure("pool_faster_poses", "poses the pool drew faster", static_cast<std::int64_t>(faster));
    report.addFigure("pool_over_heap_update", "pool / heap update (medians)",
                     medianOf(pool.updateMs) / medianOf(heap.updateMs));
    report.addFigure("pool_over_heap_draw", "pool / heap draw (medians)",
                     medianOf(pool.drawMs) / medianOf(heap.drawMs));
    addRasterFigures(report, variants, series);
    const auto largest = [](const viewer::SampleSeries& s) {
        const std::optional<viewer::SeriesSummary> summary = s.summary();
        return static_cast<std::int64_t>(summary ? summary->maximum : 0.0);
    };
    report.addFigure("heap_max_leaves", "heap leaves (most)", largest(heap.liveBisectors));
    report.addFigure("pool_max_live", "pool live bisectors (most)", largest(pool.liveBisectors));
    report.addFigure("pool_max_drawn", "pool drawn bisectors (most)", largest(pool.drawnBisectors));
    report.addFigure("pool_max_waiting_splits", "pool splits waiting for slots (most)",
                     static_cast<std::int64_t>(pool.maxDeferredSplits));
    report.addFigure("last_pose_leaves_only_heap", "leaves at the last pose only the heap has", lastPose.onlyHeap);
    report.addFigure("last_pose_leaves_only_pool", "leaves at the last pose only the pool has", lastPose.onlyPool);
    report.addFigure("pool_bytes_per_bisector", "pool bytes per bisector", pool.bytesPerBisector, "B");
    report.addFigure("heap_bytes", "heap bytes", static_cast<std::int64_t>(heap.cbtBytes), "B");
    report.addFigure("pool_bytes", "pool bytes", static_cast<std::int64_t>(pool.cbtBytes), "B");

    ReportTable table;
    table.key = "passes";
    table.title = "per frame (ms; live / drawn bisectors: counts)";
    table.columnKeys = {"figure", "backend", "raster", "median", "min", "max", "frames"};
    table.columnLabels = {"figure", "backend", "raster", "median", "min", "max", "frames"};
    for (std::size_t v = 0; v < variants.size(); ++v) {
        const BackendSeries& s = series[v];
        const Variant& variant = variants[v];
        for (const auto& [pass, samples] : s.passes) {
            addSeriesRow(table, pass, variant, samples);
        }
        addSeriesRow(table, "update", variant, s.updateMs);
        const bool compute = variant.raster == scene::RasterPath::Compute;
        addSeriesRow(table, compute ? "visibility (compute)" : "draw", variant, s.drawMs);
        if (compute) {
            addSeriesRow(table, "shade (compute)", variant, s.shadeMs);
        }
        addSeriesRow(table, "atmosphere + sky", variant, s.atmosphereMs);
        addSeriesRow(table, "GPU total", variant, s.gpuTotalMs);
        addSeriesRow(table, "frame (CPU wall)", variant, s.frameMs);
        addSeriesRow(table, "live bisectors", variant, s.liveBisectors, true);
        addSeriesRow(table, "drawn bisectors", variant, s.drawnBisectors, true);
    }
    report.tables.push_back(std::move(table));
    report.notes.push_back(
        "each pose is drawn by every scene, which goes first rotating; every frame is "
        "waited for before the next, and its wall time counts recording, submission and the GPU");
    return report;
}

// Everything that lives on the device: when this returns, every Vulkan
// object of the run is destroyed, so the validation layer has reported any
// leak before the caller counts its messages.
Report measureFlyover(const vk::Instance& instance, const viewer::ViewerOptions& options)
{
    vk::Device device = viewer::openViewerDevice(instance, options, VK_NULL_HANDLE, {});
    std::ostringstream described;
    const viewer::ViewerInputs inputs = viewer::loadViewerInputs(options, device.limits(), described, std::cerr);
    if (inputs.path.empty()) {
        throw vk::Error("the camera path '" + options.cameraPathFile->string() + "' holds no pose");
    }
    if (inputs.terrain.streamed) {
        throw vk::Error("'" + inputs.terrain.heightmap.sourcePath +
                        "' would be streamed; compare the backends on it with --stream off");
    }
    viewer::checkViewerDeviceFeatures(device);
    const heightmap::Heightmap& heightmap = inputs.terrain.heightmap;
    viewer::checkHeightmapFitsDevice(heightmap, device);

    const vk::ShaderLibrary shaders = vk::locateProgramFiles().shaderLibrary();
    scene::SceneOutput output{scene::kHeadlessColorFormat, viewer::kDepthConvention, kFramesInFlight};
    output.samples = viewer::sceneSamplesFor(inputs.options, device);
    const std::vector<Variant> variants =
        variantsFor(viewer::rasterPathFor(inputs.options, device), !inputs.options.raster.has_value());
    const std::size_t sceneCount = variants.size();
    std::vector<std::unique_ptr<scene::SceneRenderer>> scenes;
    int maxDepth = 0;
    for (const Variant& variant : variants) {
        viewer::ViewerOptions backendOptions = inputs.options;
        backendOptions.backend = variant.backend;
        const scene::SceneSettings settings =
            viewer::initialSceneSettings(backendOptions, heightmap, inputs.terrain.dem);
        maxDepth = settings.terrain.maxDepth;
        output.raster = variant.raster;
        scenes.push_back(std::make_unique<scene::SceneRenderer>(device, shaders, heightmap, settings, output,
                                                                viewer::imageryPixelsOf(inputs.imagery)));
    }
    const viewer::DeviceIdleGuard idleBeforeDestruction(device);

    const std::uint32_t frames = viewer::headlessFrameCount(inputs.options, inputs.path.size());
    VkExtent2D extent{inputs.options.size.width, inputs.options.size.height};
    const viewer::ProjectionSettings projection{60.0f, viewer::kDepthConvention};
    const glm::vec3 worldMin = scenes[0]->worldMin();
    const glm::vec3 worldMax = scenes[0]->worldMax();
    viewer::FlyCamera camera;
    std::vector<BackendSeries> series(sceneCount);
    viewer::SampleSeries pairedRatios;
    for (std::uint32_t frame = 0; frame <= frames; ++frame) {
        // One frame past the path: the statistics of a frame come with the
        // next one's recording.
        const viewer::CameraPathFrame& step = inputs.path[std::min(frame, frames - 1) % inputs.path.size()];
        camera.setPose(step.pose);
        if (step.renderSize) {
            extent = VkExtent2D{step.renderSize->width, step.renderSize->height};
        }
        const camera::FrameView view = viewer::makeFrameView(camera, extent, projection, worldMin, worldMax);
        std::vector<double> wall(sceneCount, 0.0);
        for (std::size_t turn = 0; turn < sceneCount; ++turn) {
            const std::size_t b = (turn + frame) % sceneCount;
            const auto [milliseconds, previous] = renderFrame(device, *scenes[b], view);
            wall[b] = milliseconds;
            if (frame > 0) {
                addTimings(series[b], previous);
            }
        }
        if (frame < frames) {
            for (std::size_t b = 0; b < sceneCount; ++b) {
                series[b].frameMs.add(wall[b]);
            }
            pairedRatios.add(wall[1] / wall[0]);
        }
    }
    device.waitIdle();
    const LeafComparison lastPose = compareLeaves(scenes[0]->terrain(), scenes[1]->terrain());
    return flyoverReport(inputs.options, device, instance.validationEnabled(), variants, series, pairedRatios, frames,
                         extent, maxDepth, lastPose);
}

}  // namespace

CommandOutcome runFlyover(const FlyoverOptions& options)
{
    viewer::ViewerOptions viewer = options.viewer;
    if (!viewer.cameraPathFile) {
        viewer.cameraPathFile = vk::locateProgramFiles().assetDirectory / kDefaultFlyoverPath;
    }
    vk::InstanceOptions instanceOptions;
    instanceOptions.validation = viewer.validate;
    instanceOptions.printValidationMessages = true;
    instanceOptions.appName = "cbt-bench";
    const vk::Instance instance(instanceOptions);
    Report report = measureFlyover(instance, viewer);
    return validatedOutcome(std::move(report), instance);
}

}  // namespace bench
