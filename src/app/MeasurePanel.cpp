#include "app/MeasurePanel.h"

#include <imgui.h>

#include <algorithm>
#include <string>

namespace app {

void MeasurePanel::addPoint(const viewer::PickedPlace& place, viewer::ModeScene& scene, std::ostream& out)
{
    if (!place.ground || !place.latitudeDegrees || !place.longitudeDegrees || !scene.groundHeights()) {
        out << "cbt-terrain: measuring: " << (place.ground ? "the terrain has no georeferencing" : "that is the sky")
            << "\n";
        return;
    }
    line_.reset();
    points_.push_back({*place.latitudeDegrees, *place.longitudeDegrees});
    measure(scene);
    out << "cbt-terrain: measured " << viewer::describeProfile(points_.size(), profile_) << "\n";
}

void MeasurePanel::measure(viewer::ModeScene& scene)
{
    const viewer::SurfaceHeight ground = scene.groundHeights();
    const std::vector<viewer::MeasurableLine>& lines = scene.measurableLines();
    const std::vector<vectordata::GeodeticVertex>& path =
        line_ && *line_ < lines.size() ? lines[*line_].points : points_;
    profile_ = ground ? viewer::profileAlong(path, ground, scene.groundSampleSpacingMetres()) : viewer::PathProfile{};
    // A chosen line is drawn already, by its layer.
    scene.showMeasuredPath(line_ ? std::vector<vectordata::GeodeticVertex>{} : points_);
}

void MeasurePanel::draw(viewer::ModeScene& scene)
{
    const std::vector<viewer::MeasurableLine>& lines = scene.measurableLines();
    if (points_.empty() && lines.empty()) {
        return;
    }
    // At the top right, beside the overlay panel.
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(std::max(display.x - 370.0f, 380.0f), 10.0f), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(360.0f, 0.0f), ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Measure (Shift+click)", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::End();
        return;
    }
    if (!lines.empty()) {
        const char* chosen = line_ && *line_ < lines.size() ? lines[*line_].name.c_str() : "the clicked path";
        if (ImGui::BeginCombo("profile of", chosen)) {
            if (ImGui::Selectable("the clicked path", !line_)) {
                line_.reset();
                measure(scene);
            }
            for (std::size_t index = 0; index < lines.size(); ++index) {
                ImGui::PushID(static_cast<int>(index));
                if (ImGui::Selectable(lines[index].name.c_str(), line_ == index)) {
                    line_ = index;
                    measure(scene);
                }
                ImGui::PopID();
            }
            ImGui::EndCombo();
        }
    }
    const std::size_t points = line_ && *line_ < lines.size() ? lines[*line_].points.size() : points_.size();
    if (profile_.heights.empty()) {
        ImGui::TextWrapped("Shift+click two places or more on the ground to measure the path between them.");
    } else {
        ImGui::TextWrapped("%s", viewer::describeProfile(points, profile_).c_str());
        ImGui::PlotLines("##profile", profile_.heights.data(), static_cast<int>(profile_.heights.size()), 0,
                         "elevation along the path", static_cast<float>(profile_.lowestMetres),
                         static_cast<float>(profile_.highestMetres), ImVec2(0.0f, 80.0f));
    }
    if (!points_.empty() && ImGui::Button("clear the path")) {
        points_.clear();
        line_.reset();
        measure(scene);
    }
    ImGui::End();
}

}  // namespace app
