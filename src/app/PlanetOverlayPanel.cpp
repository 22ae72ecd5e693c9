#include "app/PlanetOverlayPanel.h"

#include "viewer/GlobeFlight.h"
#include "viewer/PlanetSetup.h"

#include <imgui.h>

namespace app {

PlanetOverlayRequests drawPlanetOverlayPanel(const PlanetOverlayFacts& facts, const TimingHistory& history,
                                             std::string_view status)
{
    PlanetOverlayRequests requests;
    ImGui::SetNextWindowPos(ImVec2(10.0f, 10.0f), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(360.0f, 0.0f), ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("cbt-terrain planet (F1)")) {
        ImGui::End();
        return requests;
    }
    showFrameStatistics(facts.frame, history);
    if (ImGui::CollapsingHeader("Camera", ImGuiTreeNodeFlags_DefaultOpen)) {
        const planet::GeodeticPose& camera = facts.camera;
        // The numbers --camera-geo takes back.
        ImGui::Text("lat %.6f  lon %.6f", camera.latitudeDegrees, camera.longitudeDegrees);
        ImGui::Text("%s above the ellipsoid, %s above sea level", viewer::altitudeText(camera.heightMetres).c_str(),
                    viewer::altitudeText(camera.heightMetres - facts.ground.seaLevelMetres).c_str());
        ImGui::Text("%s above the %s",
                    viewer::altitudeText(camera.heightMetres - viewer::globeFlightFloor(facts.ground)).c_str(),
                    facts.ground.heightAboveSeaMetres < 0.0 ? "sea" : "ground");
        ImGui::Text("heading %.1f  pitch %.1f", camera.headingDegrees, camera.pitchDegrees);
        ImGui::Text("speed %s/s (wheel, Shift)", viewer::altitudeText(facts.speedMetresPerSecond).c_str());
        ImGui::TextWrapped("%s", facts.sun.c_str());
        if (ImGui::Button("whole Earth (Home)")) {
            requests.home = true;
        }
        ImGui::SameLine();
        if (ImGui::Button("reload shaders (R)")) {
            requests.reloadShaders = true;
        }
        bool wireframe = facts.wireframe;
        if (ImGui::Checkbox("wireframe (F)", &wireframe)) {
            requests.toggleWireframe = true;
        }
        bool shadows = facts.shadows;
        ImGui::SameLine();
        if (ImGui::Checkbox("shadows", &shadows)) {
            requests.toggleShadows = true;
        }
        if (facts.showImagery) {
            bool imagery = *facts.showImagery;
            ImGui::SameLine();
            if (ImGui::Checkbox("imagery", &imagery)) {  // off: the materials
                requests.toggleImagery = true;
            }
        }
        showPickedPlace(facts.frame.picked);
        if (const std::optional<float> interval = editContourInterval(facts.contourIntervalMetres)) {
            requests.contourIntervalMetres = *interval;
        }
    }
    requests.vectorLayer = editVectorLayers(facts.frame.vectorLayers);
    if (!status.empty()) {
        ImGui::Separator();
        ImGui::TextWrapped("%.*s", static_cast<int>(status.size()), status.data());
    }
    ImGui::End();
    return requests;
}

}  // namespace app
