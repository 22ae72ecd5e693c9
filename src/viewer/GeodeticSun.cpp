#include "viewer/GeodeticSun.h"

#include "text/TextParsing.h"
#include "viewer/GeodeticFrame.h"

#include <cctype>
#include <cmath>
#include <string>

namespace viewer {

namespace {

// The number of `width` digits at `text[first]`, or -1.
int digitsAt(std::string_view text, size_t first, size_t width)
{
    int value = 0;
    for (size_t i = first; i < first + width; ++i) {
        if (i >= text.size() || std::isdigit(static_cast<unsigned char>(text[i])) == 0) {
            return -1;
        }
        value = value * 10 + (text[i] - '0');
    }
    return value;
}

}  // namespace

geodesy::UtcInstant parseUtcInstant(std::string_view text)
{
    // 2024-06-20T11:30Z
    const bool shaped =
        text.size() == 17 && text[4] == '-' && text[7] == '-' && text[10] == 'T' && text[13] == ':' && text[16] == 'Z';
    const geodesy::UtcInstant instant{digitsAt(text, 0, 4), digitsAt(text, 5, 2), digitsAt(text, 8, 2),
                                      digitsAt(text, 11, 2), digitsAt(text, 14, 2)};
    if (!shaped || instant.year < 0 || instant.month < 0 || instant.day < 0 || instant.hour < 0 || instant.minute < 0) {
        throw text::ParseError("expected a UTC date and time YYYY-MM-DDTHH:MMZ such as 2024-06-20T11:30Z, got " +
                               text::quoted(text));
    }
    if (!geodesy::isValidInstant(instant)) {
        throw text::ParseError(text::quoted(text) + " is not a date and time of the years " +
                               std::to_string(geodesy::kFirstYear) + " to " + std::to_string(geodesy::kLastYear));
    }
    return instant;
}

namespace {

// The sun of `subsolar` seen from the map's centre, in the world's azimuth.
atmosphere::SunPosition sunOverMap(const GeodeticFrame& frame, const geodesy::SubsolarPoint& subsolar)
{
    const dem::GeodeticPoint centre = frame.centre();
    const geodesy::HorizontalDirection seen =
        geodesy::sunSeenFrom(centre.latitudeDegrees, centre.longitudeDegrees, subsolar);
    double azimuth =
        std::fmod(frame.northYawDegrees(centre.latitudeDegrees, centre.longitudeDegrees) + seen.azimuthDegrees, 360.0);
    if (azimuth < 0.0) {
        azimuth += 360.0;
    }
    atmosphere::SunPosition sun;
    sun.azimuthDegrees = static_cast<float>(azimuth);
    sun.elevationDegrees = static_cast<float>(seen.elevationDegrees);
    return sun;
}

}  // namespace

atmosphere::SunPosition sunAtInstant(const geodesy::UtcInstant& instant, const dem::TerrainSource& terrain,
                                     const terrain::TerrainSettings& settings)
{
    return sunOverMap(GeodeticFrame(terrain, settings, "--time"), geodesy::subsolarPoint(instant));
}

std::vector<double> pathInstantDays(const geodesy::UtcInstant& start, const geodesy::UtcInstant& end,
                                    std::size_t frames)
{
    const double first = geodesy::daysSinceJ2000(start);
    const double last = geodesy::daysSinceJ2000(end);
    std::vector<double> days(frames, first);
    for (std::size_t k = 1; k < frames; ++k) {
        days[k] = first + (last - first) * static_cast<double>(k) / static_cast<double>(frames - 1);
    }
    return days;
}

std::vector<atmosphere::SunPosition> sunsOverPath(const geodesy::UtcInstant& start, const geodesy::UtcInstant& end,
                                                  std::size_t frames, const dem::TerrainSource& terrain,
                                                  const terrain::TerrainSettings& settings)
{
    const GeodeticFrame frame(terrain, settings, "--time");
    std::vector<atmosphere::SunPosition> suns;
    for (const double days : pathInstantDays(start, end, frames)) {
        suns.push_back(sunOverMap(frame, geodesy::subsolarPointAt(days)));
    }
    return suns;
}

}  // namespace viewer
