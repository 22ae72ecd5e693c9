#include "app/OverlayPanel.h"

#include "app/AtmospherePanel.h"
#include "viewer/CommandLine.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

namespace app {

void RollingSeries::add(float value)
{
    values_[next_] = value;
    next_ = (next_ + 1) % kLength;
}

float RollingSeries::maximum() const
{
    return *std::max_element(values_.begin(), values_.end());
}

void TimingHistory::addPasses(const scene::PassTimings& timings)
{
    dispatcher.add(static_cast<float>(timings.dispatcherMs));
    subdivision.add(static_cast<float>(timings.subdivisionMs));
    sumReduction.add(static_cast<float>(timings.sumReductionMs));
    leafDecode.add(static_cast<float>(timings.leafDecodeMs));
    poolUpdate.add(static_cast<float>(timings.pool.totalMs()));
    draw.add(static_cast<float>(timings.drawMs));
    atmosphere.add(static_cast<float>(timings.atmosphereMs));
    shade.add(static_cast<float>(timings.shadeMs));
}

namespace {

template <class... Values>
std::string formatted(const char* format, Values... values)
{
    std::array<char, 160> text{};
    std::snprintf(text.data(), text.size(), format, values...);
    return text.data();
}

}  // namespace

std::vector<OverlayLine> tessellationLines(const scene::FrameStatistics& statistics)
{
    constexpr double kMiB = 1024.0 * 1024.0;
    const double memoryMiB = static_cast<double>(statistics.cbtBytes) / kMiB;
    const auto triangles = static_cast<unsigned long long>(statistics.triangleCount);
    const OverlayLine raster{statistics.computeRaster ? "raster: compute (visibility pass, shading)"
                                                      : "raster: graphics (one indirect draw)"};
    if (statistics.poolCapacity == 0) {
        return {{"backend: heap (2020 CBT)"},
                raster,
                {formatted("leaves %u   triangles %llu", statistics.leafCount, triangles)},
                {formatted("CBT memory %.2f MiB", memoryMiB)}};
    }
    const double used = 100.0 * statistics.leafCount / statistics.poolCapacity;
    std::vector<OverlayLine> lines{
        {"backend: pool (2024 bisector pool)"},
        raster,
        {formatted("live %u   visible %u   triangles %llu", statistics.leafCount, statistics.visibleCount, triangles)},
        {formatted("capacity %u (%.1f %% used)", statistics.poolCapacity, used)},
        {formatted("%.1f bytes per bisector   pool memory %.2f MiB", statistics.bytesPerBisector, memoryMiB)}};
    if (statistics.deferredSplits > 0) {
        lines.push_back({formatted("pool full: %u splits waiting", statistics.deferredSplits), true});
    }
    return lines;
}

std::vector<OverlayLine> streamLines(const tiles::gpu::TileStreamStatistics& stream,
                                     std::optional<double> coarseLevelProgress)
{
    constexpr double kMiB = 1024.0 * 1024.0;
    std::vector<OverlayLine> lines;
    if (coarseLevelProgress) {
        lines.push_back({formatted("reading the coarse level: %.0f %%", 100.0 * *coarseLevelProgress), true});
    }
    if (stream.loading) {
        lines.push_back(
            {formatted("loading tiles: %u missing, %u queued", stream.missingTiles, stream.pendingReads), true});
    }
    lines.push_back({formatted("tiles on GPU %u of %u (%.1f MiB)", stream.residentTiles, stream.atlasLayers,
                               static_cast<double>(stream.residentBytes) / kMiB)});
    lines.push_back({formatted("tiles in CPU cache %u (%.1f MiB)", stream.cachedTiles,
                               static_cast<double>(stream.cachedBytes) / kMiB)});
    lines.push_back({formatted("asked for %u   missing %u   misses %llu", stream.requestedTiles, stream.missingTiles,
                               static_cast<unsigned long long>(stream.misses))});
    const double readMiB = static_cast<double>(stream.bytesRead) / kMiB;
    const double throughput = stream.readSeconds > 0.0 ? readMiB / stream.readSeconds : 0.0;
    lines.push_back({formatted("read %llu tiles, %.1f MiB at %.1f MiB/s",
                               static_cast<unsigned long long>(stream.tilesRead), readMiB, throughput)});
    return lines;
}

namespace {

void showLines(const std::vector<OverlayLine>& lines)
{
    for (const OverlayLine& line : lines) {
        if (line.warning) {
            ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.2f, 1.0f), "%s", line.text.c_str());
        } else {
            ImGui::TextUnformatted(line.text.c_str());
        }
    }
}

void plotSeries(const char* label, const RollingSeries& series, double latest)
{
    const float top = std::max(series.maximum() * 1.1f, 0.01f);
    ImGui::Text("%-13s %8.3f ms", label, latest);
    ImGui::PlotLines((std::string("##") + label).c_str(), series.data(), series.count(), series.offset(), nullptr, 0.0f,
                     top, ImVec2(0.0f, 36.0f));
}

}  // namespace

void showFrameStatistics(const OverlayFacts& facts, const TimingHistory& history)
{
    const double fps = facts.frameMilliseconds > 0.0 ? 1000.0 / facts.frameMilliseconds : 0.0;
    ImGui::Text("%s", facts.deviceName.c_str());
    ImGui::Text("%u x %u   frame %.2f ms   %.1f FPS", facts.width, facts.height, facts.frameMilliseconds, fps);
    ImGui::PlotLines("##frame", history.frame.data(), history.frame.count(), history.frame.offset(), nullptr, 0.0f,
                     std::max(history.frame.maximum() * 1.1f, 1.0f), ImVec2(0.0f, 36.0f));
    if (!facts.statistics) {
        ImGui::TextUnformatted("waiting for the first completed frame");
        return;
    }
    const scene::FrameStatistics& statistics = *facts.statistics;
    showLines(tessellationLines(statistics));
    if (statistics.stream) {
        showLines(streamLines(*statistics.stream, facts.coarseLevelProgress));
    }
    if (statistics.imageryStream) {
        std::vector<OverlayLine> lines = streamLines(*statistics.imageryStream, std::nullopt);
        lines.insert(lines.begin(), OverlayLine{"imagery, streamed:"});
        showLines(lines);
    }
    if (ImGui::CollapsingHeader("GPU time per pass", ImGuiTreeNodeFlags_DefaultOpen)) {
        const scene::PassTimings timings = statistics.timings.value_or(scene::PassTimings{});
        if (statistics.poolCapacity == 0) {
            plotSeries("dispatcher", history.dispatcher, timings.dispatcherMs);
            plotSeries("subdivision", history.subdivision, timings.subdivisionMs);
            plotSeries("sum reduction", history.sumReduction, timings.sumReductionMs);
            plotSeries("leaf decode", history.leafDecode, timings.leafDecodeMs);
        } else {
            const scene::PoolPassTimings& pool = timings.pool;
            plotSeries("pool update", history.poolUpdate, pool.totalMs());
            ImGui::Text("classify %.3f  split %.3f  allocate %.3f", pool.classifyMs, pool.splitMs, pool.allocateMs);
            ImGui::Text("bisect %.3f  merge %.3f", pool.bisectMs, pool.mergeMs);
            ImGui::Text("reduce %.3f  index %.3f ms", pool.reduceMs, pool.indexMs);
        }
        plotSeries("draw", history.draw, timings.drawMs);
        if (timings.shadeMs > 0.0) {
            plotSeries("shade", history.shade, timings.shadeMs);
        } else {
            plotSeries("atmosphere", history.atmosphere, timings.atmosphereMs);
        }
        ImGui::Text("display %.3f ms", timings.displayMs);
        if (timings.vectorsMs > 0.0) {
            ImGui::Text("vector layers %.3f ms", timings.vectorsMs);
        }
        if (statistics.atmosphereTablesMs) {
            ImGui::Text("atmosphere tables %8.3f ms (last recompute)", *statistics.atmosphereTablesMs);
        }
    }
}

void showPickedPlace(const std::optional<std::string>& picked)
{
    if (picked) {
        ImGui::Text("clicked: %s", picked->c_str());
    } else {
        ImGui::TextDisabled("click the ground: where and how high");
    }
}

std::optional<VectorLayerSwitch> editVectorLayers(const std::vector<viewer::VectorLayerShown>& layers)
{
    if (layers.empty() || !ImGui::CollapsingHeader("Vector layers", ImGuiTreeNodeFlags_DefaultOpen)) {
        return std::nullopt;
    }
    std::optional<VectorLayerSwitch> flipped;
    for (std::size_t index = 0; index < layers.size(); ++index) {
        bool shown = layers[index].shown;
        const std::string name = std::filesystem::path(layers[index].source).filename().string();
        ImGui::PushID(static_cast<int>(index));
        if (ImGui::Checkbox(name.empty() ? layers[index].source.c_str() : name.c_str(), &shown)) {
            flipped = VectorLayerSwitch{index, shown};
        }
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("%s", layers[index].source.c_str());
        }
        ImGui::PopID();
    }
    return flipped;
}

std::optional<float> editContourInterval(double metres)
{
    float interval = static_cast<float>(metres);
    ImGui::SetNextItemWidth(120.0f);
    if (ImGui::InputFloat("contours (m, 0: none)", &interval, 10.0f, 100.0f, "%.0f")) {
        return std::clamp(interval, 0.0f, 1.0e5f);
    }
    return std::nullopt;
}

namespace {

bool editSettings(terrain::TerrainSettings& settings, bool hasImagery, OverlayRequests& requests)
{
    bool changed = false;
    changed |= ImGui::SliderFloat("target pixels", &settings.targetEdgePixels, 1.0f, 64.0f, "%.1f");
    changed |= ImGui::SliderFloat("flatness (m)", &settings.flatnessThreshold, 0.0f, 50.0f, "%.2f");
    // Even levels only (see terrain::kMaxUniformSubdivision).
    int subdivisionChoice = settings.uniformSubdivision / 2;
    const char* subdivisionNames[] = {"0", "2", "4", "6"};
    if (ImGui::Combo("subdivision", &subdivisionChoice, subdivisionNames, 4)) {
        settings.uniformSubdivision = subdivisionChoice * 2;
        changed = true;
    }
    int shading = static_cast<int>(settings.shading);
    const char* shadingNames[] = {"lit", "normals", "depth"};
    if (ImGui::Combo("shading", &shading, shadingNames, 3)) {
        settings.shading = static_cast<terrain::ShadingMode>(shading);
        changed = true;
    }
    changed |= ImGui::Checkbox("wireframe (F)", &settings.wireframe);
    ImGui::SameLine();
    changed |= ImGui::Checkbox("freeze (Space)", &settings.freezeSubdivision);
    changed |= ImGui::Checkbox("shadows", &settings.shadows);
    changed |= ImGui::Checkbox("detail below the data", &settings.surfaceDetail);
    if (const std::optional<float> interval = editContourInterval(settings.contourIntervalMetres)) {
        settings.contourIntervalMetres = *interval;
        changed = true;
    }
    if (hasImagery) {
        ImGui::SameLine();
        changed |= ImGui::Checkbox("imagery", &settings.showImagery);  // off: the materials
    }
    changed |= ImGui::DragFloat("snow line (m)", &settings.snowLineMetres, 10.0f, -1.0e6f, 1.0e6f, "%.0f");
    changed |= ImGui::DragFloat("extent (m)", &settings.extentMetres, 50.0f, 100.0f, 1.0e6f, "%.0f");
    changed |= ImGui::DragFloat("height scale (m)", &settings.heightScaleMetres, 10.0f, 0.0f, 1.0e5f, "%.0f");
    if (ImGui::Button("reload shaders (R)")) {
        requests.reloadShaders = true;
    }
    return changed;
}

}  // namespace

OverlayRequests drawOverlayPanel(OverlayModel& model, const OverlayFacts& facts, const TimingHistory& history)
{
    OverlayRequests requests;
    ImGui::SetNextWindowPos(ImVec2(10.0f, 10.0f), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(360.0f, 0.0f), ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("cbt-terrain (F1)")) {
        ImGui::End();
        return requests;
    }
    showFrameStatistics(facts, history);

    if (ImGui::CollapsingHeader("Terrain", ImGuiTreeNodeFlags_DefaultOpen)) {
        requests.settingsChanged = editSettings(model.settings.terrain, facts.hasImagery, requests);
        const bool pool = model.settings.terrain.backend == terrain::TerrainBackend::Pool;
        ImGui::SliderInt("max depth", &model.requestedMaxDepth, pool ? terrain::kMinPoolDepth : 1,
                         pool ? terrain::kMaxPoolDepth : 30);
        ImGui::SameLine();
        if (ImGui::Button("rebuild")) {
            requests.rebuildDepth = true;
        }
        ImGui::Text("current max depth %d", model.settings.terrain.maxDepth);
    }
    if (ImGui::CollapsingHeader("Atmosphere", ImGuiTreeNodeFlags_DefaultOpen)) {
        requests.settingsChanged |= editAtmosphereSettings(model.settings);
    }
    if (ImGui::CollapsingHeader("Camera", ImGuiTreeNodeFlags_DefaultOpen)) {
        ImGui::SliderFloat("speed (m/s)", &model.cameraSpeed, 1.0f, model.maxCameraSpeed, "%.0f",
                           ImGuiSliderFlags_Logarithmic);
        ImGui::Text("position %.0f, %.0f, %.0f", static_cast<double>(facts.pose.position.x),
                    static_cast<double>(facts.pose.position.y), static_cast<double>(facts.pose.position.z));
        ImGui::Text("yaw %.1f  pitch %.1f", static_cast<double>(facts.pose.yawDegrees),
                    static_cast<double>(facts.pose.pitchDegrees));
        if (const std::optional<geodesy::GeodeticPose>& geo = facts.geodetic) {
            // The numbers --camera-geo takes back.
            ImGui::Text("lat %.6f  lon %.6f", geo->latitudeDegrees, geo->longitudeDegrees);
            ImGui::Text("height %.0f m  heading %.1f", geo->heightMetres, geo->headingDegrees);
        }
        if (ImGui::Button("reset (Home)")) {
            requests.resetCamera = true;
        }
        showPickedPlace(facts.picked);
    }
    requests.vectorLayer = editVectorLayers(facts.vectorLayers);
    if (!model.status.empty()) {
        ImGui::Separator();
        ImGui::TextWrapped("%s", model.status.c_str());
    }
    ImGui::End();
    return requests;
}

}  // namespace app
