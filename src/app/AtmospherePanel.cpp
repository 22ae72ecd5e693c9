#include "app/AtmospherePanel.h"

#include <imgui.h>
#include <glm/common.hpp>

#include <algorithm>
#include <array>
#include <string>

namespace app {

namespace {

constexpr float kMicro = 1.0e-6f;

// A coefficient per metre, edited in units of 1e-6 / m.
bool dragPerMetre(const char* label, float& perMetre)
{
    float micro = perMetre / kMicro;
    if (ImGui::DragFloat(label, &micro, 0.02f, 0.0f, 1000.0f, "%.3f")) {
        perMetre = std::max(micro, 0.0f) * kMicro;
        return true;
    }
    return false;
}

bool dragPerMetre(const char* label, glm::vec3& perMetre)
{
    glm::vec3 micro = perMetre / kMicro;
    if (ImGui::DragFloat3(label, &micro.x, 0.05f, 0.0f, 1000.0f, "%.3f")) {
        perMetre = glm::max(micro, glm::vec3(0.0f)) * kMicro;
        return true;
    }
    return false;
}

bool editDisplay(display::DisplaySettings& displaySettings)
{
    bool changed = ImGui::SliderFloat("exposure (stops)", &displaySettings.exposureStops, -6.0f, 12.0f, "%.2f");
    int curve = static_cast<int>(displaySettings.tonemapper);
    std::array<const char*, display::kTonemappers.size()> names{};
    for (size_t i = 0; i < names.size(); ++i) {
        names[i] = display::tonemapperName(display::kTonemappers[i]).data();
    }
    if (ImGui::Combo("tone curve", &curve, names.data(), static_cast<int>(names.size()))) {
        displaySettings.tonemapper = display::kTonemappers[static_cast<size_t>(curve)];
        changed = true;
    }
    return changed;
}

bool editMedium(atmosphere::AtmosphereParameters& parameters)
{
    bool changed = false;
    ImGui::TextUnformatted("coefficients in 1e-6 / m, heights in km");
    changed |= dragPerMetre("Rayleigh scattering", parameters.rayleighScatteringPerMetre);
    changed |= ImGui::DragFloat("Rayleigh scale height", &parameters.rayleighScaleHeightKm, 0.05f, 0.1f, 50.0f, "%.2f");
    changed |= dragPerMetre("Mie scattering", parameters.mieScatteringPerMetre);
    changed |= dragPerMetre("Mie extinction", parameters.mieExtinctionPerMetre);
    changed |= ImGui::DragFloat("Mie scale height", &parameters.mieScaleHeightKm, 0.01f, 0.05f, 20.0f, "%.2f");
    changed |= ImGui::SliderFloat("Mie phase g", &parameters.miePhaseG, -0.99f, 0.99f, "%.2f");
    changed |= dragPerMetre("ozone absorption", parameters.ozoneAbsorptionPerMetre);
    changed |= ImGui::DragFloat("ozone centre", &parameters.ozoneCentreAltitudeKm, 0.1f, 0.0f, 100.0f, "%.1f");
    changed |= ImGui::DragFloat("ozone width", &parameters.ozoneWidthKm, 0.1f, 0.1f, 100.0f, "%.1f");
    return changed;
}

bool editPlanetAndSun(atmosphere::AtmosphereParameters& parameters)
{
    bool changed = false;
    changed |= ImGui::DragFloat("planet radius (km)", &parameters.planetRadiusKm, 10.0f, 100.0f, 100000.0f, "%.0f");
    float height = parameters.atmosphereTopRadiusKm - parameters.planetRadiusKm;
    if (ImGui::DragFloat("atmosphere height (km)", &height, 0.5f, 1.0f, 1000.0f, "%.1f")) {
        parameters.atmosphereTopRadiusKm = parameters.planetRadiusKm + std::max(height, 1.0f);
        changed = true;
    }
    changed |= ImGui::ColorEdit3("ground albedo", &parameters.groundAlbedo.x);
    changed |= ImGui::DragFloat3("sun illuminance", &parameters.sunIlluminance.x, 0.01f, 0.0f, 100.0f, "%.2f");
    changed |= ImGui::SliderFloat("sun radius (deg)", &parameters.sunAngularRadiusDegrees, 0.05f, 5.0f, "%.3f");
    changed |= ImGui::SliderFloat("multiple scattering", &parameters.multipleScatteringFactor, 0.0f, 2.0f, "%.2f");
    changed |=
        ImGui::DragFloat("aerial distance (km)", &parameters.aerialPerspectiveDistanceKm, 0.5f, 1.0f, 1000.0f, "%.1f");
    return changed;
}

}  // namespace

bool editAtmosphereSettings(scene::SceneSettings& settings)
{
    bool changed = false;
    changed |= ImGui::SliderFloat("sun azimuth", &settings.sun.azimuthDegrees, -180.0f, 360.0f, "%.0f deg");
    changed |= ImGui::SliderFloat("sun elevation ([ ])", &settings.sun.elevationDegrees, -10.0f, 90.0f, "%.1f deg");
    changed |= editDisplay(settings.display);
    if (ImGui::TreeNode("air")) {
        changed |= editMedium(settings.atmosphere);
        ImGui::TreePop();
    }
    if (ImGui::TreeNode("planet and sun")) {
        changed |= editPlanetAndSun(settings.atmosphere);
        ImGui::TreePop();
    }
    if (ImGui::Button("Earth defaults")) {
        settings.atmosphere = atmosphere::AtmosphereParameters{};
        settings.display = display::DisplaySettings{};
        changed = true;
    }
    return changed;
}

}  // namespace app
