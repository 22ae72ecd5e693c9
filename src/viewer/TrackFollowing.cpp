#include "viewer/TrackFollowing.h"

#include "geodesy/Angles.h"
#include "geodesy/Wgs84.h"
#include "planet/GlobeCamera.h"
#include "viewer/KeyframedPath.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <ostream>
#include <sstream>

namespace viewer {

namespace {

// Consecutive points closer than this are one place.
constexpr double kSamePlaceMetres = 1.0e-3;
// Chords either side of the point that the heading averages.
constexpr int kHeadingChords = 8;
// Places along the sight line checked for ground that would hide the point,
// of kSightSteps: the last quarter, nearest the point, is left to it.
constexpr int kSightSteps = 16;
constexpr int kSightStepsChecked = 12;

glm::dvec3 onEllipsoid(double latitudeDegrees, double longitudeDegrees)
{
    return geodesy::geodeticToEcef({latitudeDegrees, longitudeDegrees, 0.0});
}

// The track as a polyline through its places on the ellipsoid (ECEF at
// height 0), measured along its chords.
class TrackPolyline {
public:
    explicit TrackPolyline(const std::vector<vectordata::TrackPoint>& points)
    {
        for (const vectordata::TrackPoint& point : points) {
            const glm::dvec3 place = onEllipsoid(point.latitudeDegrees, point.longitudeDegrees);
            if (corners_.empty()) {
                corners_.push_back(place);
                arcs_.push_back(0.0);
            } else if (const double step = glm::distance(place, corners_.back()); step > kSamePlaceMetres) {
                corners_.push_back(place);
                arcs_.push_back(arcs_.back() + step);
            }
            arcOfPoint_.push_back(arcs_.back());
        }
    }

    [[nodiscard]] double length() const { return arcs_.empty() ? 0.0 : arcs_.back(); }
    // How far along the track each of its points lies.
    [[nodiscard]] const std::vector<double>& arcOfPoint() const { return arcOfPoint_; }

    // The place `arc` metres along, clamped to the ends.
    [[nodiscard]] glm::dvec3 at(double arc) const
    {
        const auto next = std::upper_bound(arcs_.begin(), arcs_.end(), std::clamp(arc, 0.0, length()));
        if (next == arcs_.end()) {
            return corners_.back();
        }
        const auto i = static_cast<std::size_t>(next - arcs_.begin());
        const double share = (arc - arcs_[i - 1]) / (arcs_[i] - arcs_[i - 1]);
        return glm::mix(corners_[i - 1], corners_[i], std::clamp(share, 0.0, 1.0));
    }

private:
    std::vector<glm::dvec3> corners_;
    std::vector<double> arcs_;
    std::vector<double> arcOfPoint_;
};

// How far along the track the point is at each time: piecewise linear
// through (times[i], arcs[i]).
struct ArcOverTime {
    std::vector<double> times;
    std::vector<double> arcs;

    [[nodiscard]] double duration() const { return times.back(); }
    [[nodiscard]] double arcAt(double seconds) const
    {
        const auto next = std::upper_bound(times.begin(), times.end(), seconds);
        if (next == times.begin()) {
            return arcs.front();
        }
        if (next == times.end()) {
            return arcs.back();
        }
        const auto i = static_cast<std::size_t>(next - times.begin());
        const double share = (seconds - times[i - 1]) / (times[i] - times[i - 1]);
        return arcs[i - 1] + (arcs[i] - arcs[i - 1]) * share;
    }
};

ArcOverTime arcAtSteadySpeed(const TrackPolyline& line, double speed)
{
    return {{0.0, line.length() / speed}, {0.0, line.length()}};
}

ArcOverTime arcAtTrackTimes(const vectordata::Track& track, const TrackPolyline& line)
{
    ArcOverTime pace;
    const double start = *track.points.front().seconds;
    for (std::size_t i = 0; i < track.points.size(); ++i) {
        const double seconds = *track.points[i].seconds - start;
        if (!pace.times.empty() && seconds < pace.times.back()) {
            throw TrackFollowError("the track's times go backwards at point " + std::to_string(i + 1) +
                                   " (give --follow-speed to fly it at a steady speed)");
        }
        pace.times.push_back(seconds);
        pace.arcs.push_back(line.arcOfPoint()[i]);
    }
    if (pace.duration() <= 0.0) {
        throw TrackFollowError("the track's times span no time (give --follow-speed to fly it at a steady speed)");
    }
    return pace;
}

geodesy::GeodeticCoordinates placeOf(const glm::dvec3& ecef)
{
    return geodesy::ecefToGeodetic(ecef);
}

// One frame before its camera height is smoothed.
struct FrameDraft {
    FollowedFrame frame;
    double neededHeight = 0.0;
};

class TrackFollower {
public:
    TrackFollower(const TrackPolyline& line, const SurfaceHeight& surface, const TrackFollowSettings& settings)
        : line_(line),
          surface_(surface),
          settings_(settings),
          distance_(settings.heightMetres * kFollowDistancePerHeight),
          smoothing_(distance_ * kFollowSmoothingPerDistance)
    {
    }

    [[nodiscard]] FrameDraft draftAt(double arc)
    {
        FrameDraft draft;
        FollowedFrame& frame = draft.frame;
        const geodesy::GeodeticCoordinates point = placeOf(line_.at(arc));
        frame.pointLatitudeDegrees = point.latitudeDegrees;
        frame.pointLongitudeDegrees = point.longitudeDegrees;
        frame.pointHeightMetres = surface_(point.latitudeDegrees, point.longitudeDegrees);
        const planet::LocalFrame local = planet::localFrameAt(point.latitudeDegrees, point.longitudeDegrees);
        heading_ = headingAt(arc, local).value_or(heading_);
        const glm::dvec3 level = std::sin(heading_) * local.east + std::cos(heading_) * local.north;
        const glm::dvec3 pointPlace = onEllipsoid(point.latitudeDegrees, point.longitudeDegrees);
        const glm::dvec3 cameraPlace = pointPlace - distance_ * level;
        const geodesy::GeodeticCoordinates camera = placeOf(cameraPlace);
        frame.camera.latitudeDegrees = camera.latitudeDegrees;
        frame.camera.longitudeDegrees = camera.longitudeDegrees;
        frame.camera.headingDegrees = geodesy::degrees(heading_);
        draft.neededHeight = neededHeight(camera, cameraPlace, pointPlace, frame.pointHeightMetres);
        return draft;
    }

    // The pitch that shows the point kFollowedPointScreenDepth below the
    // frame's centre from `cameraHeight`.
    [[nodiscard]] double pitchDegreesAt(double cameraHeight, double pointHeight) const
    {
        const double depression = std::atan2(cameraHeight - pointHeight, distance_);
        const double belowCentre =
            std::atan(kFollowedPointScreenDepth * std::tan(0.5 * geodesy::radians(settings_.verticalFovDegrees)));
        return std::clamp(geodesy::degrees(belowCentre - depression), -90.0, 90.0);
    }

private:
    // The track's direction at `arc`, averaged over the smoothing window
    // with weights falling linearly to its ends: radians clockwise from
    // north, or empty where the window has no horizontal extent.
    [[nodiscard]] std::optional<double> headingAt(double arc, const planet::LocalFrame& local) const
    {
        glm::dvec3 along(0.0);
        for (int chord = 1; chord <= kHeadingChords; ++chord) {
            const double reach = smoothing_ * chord / kHeadingChords;
            along += line_.at(arc + reach) - line_.at(arc - reach);
        }
        const double east = glm::dot(along, local.east);
        const double north = glm::dot(along, local.north);
        if (std::hypot(east, north) <= kSamePlaceMetres) {
            return std::nullopt;
        }
        return std::atan2(east, north);
    }

    // The least camera height that is the follow height above the surface
    // under the camera and the point, and sees the point over the ground
    // between them.
    [[nodiscard]] double neededHeight(const geodesy::GeodeticCoordinates& camera, const glm::dvec3& cameraPlace,
                                      const glm::dvec3& pointPlace, double pointHeight) const
    {
        const double under = surface_(camera.latitudeDegrees, camera.longitudeDegrees);
        double needed = std::max(under, pointHeight) + settings_.heightMetres;
        const double clearance = kFollowSightClearancePerHeight * settings_.heightMetres;
        for (int step = 1; step <= kSightStepsChecked; ++step) {
            const double share = static_cast<double>(step) / kSightSteps;
            const geodesy::GeodeticCoordinates between = placeOf(glm::mix(cameraPlace, pointPlace, share));
            const double ground = surface_(between.latitudeDegrees, between.longitudeDegrees);
            // The sight line at `share` is camera (1 - share) + point share
            // high; it must pass clearance (1 - share) above the ground.
            needed = std::max(needed, (ground - pointHeight * share) / (1.0 - share) + clearance);
        }
        return needed;
    }

    const TrackPolyline& line_;
    const SurfaceHeight& surface_;
    const TrackFollowSettings& settings_;
    double distance_;
    double smoothing_;
    double heading_ = 0.0;
};

// Running maximum then running mean over `radius` frames either side: at
// every frame at least `needed` there (each mean's window holds only
// maxima whose windows hold that frame), and without its steps.
std::vector<double> smoothedUpwards(const std::vector<double>& needed, std::size_t radius)
{
    const std::size_t count = needed.size();
    const auto window = [&](std::size_t k) {
        return std::pair{k - std::min(k, radius), std::min(count - 1, k + radius)};
    };
    std::vector<double> maxima(count);
    for (std::size_t k = 0; k < count; ++k) {
        const auto [first, last] = window(k);
        maxima[k] = *std::max_element(needed.begin() + static_cast<std::ptrdiff_t>(first),
                                      needed.begin() + static_cast<std::ptrdiff_t>(last) + 1);
    }
    std::vector<double> smoothed(count);
    for (std::size_t k = 0; k < count; ++k) {
        const auto [first, last] = window(k);
        double sum = 0.0;
        for (std::size_t j = first; j <= last; ++j) {
            sum += maxima[j];
        }
        // The mean can round below a maximum equal to every other.
        smoothed[k] = std::max(sum / static_cast<double>(last - first + 1), needed[k]);
    }
    return smoothed;
}

}  // namespace

FollowedTrack followTrack(const vectordata::Track& track, const SurfaceHeight& surface,
                          const TrackFollowSettings& settings)
{
    const TrackPolyline line(track.points);
    if (line.length() <= kSamePlaceMetres) {
        throw TrackFollowError("the track has fewer than two distinct places");
    }
    FollowedTrack followed;
    followed.lengthMetres = line.length();
    followed.byTrackTimes = !settings.speed && track.timed();
    const ArcOverTime pace = followed.byTrackTimes
                                 ? arcAtTrackTimes(track, line)
                                 : arcAtSteadySpeed(line, settings.speed.value_or(kDefaultFollowSpeed));
    followed.seconds = pace.duration();
    if (pace.duration() * settings.framesPerSecond + 1.0 > static_cast<double>(kMaxKeyframedPathFrames)) {
        std::ostringstream problem;
        problem << "flying the track takes " << std::lround(pace.duration()) << " s, more than "
                << kMaxKeyframedPathFrames << " frames at " << settings.framesPerSecond
                << " frames a second (raise --follow-speed or lower --fps)";
        throw TrackFollowError(problem.str());
    }
    TrackFollower follower(line, surface, settings);
    std::vector<double> needed;
    for (const double seconds : pathSampleTimes(0.0, pace.duration(), settings.framesPerSecond)) {
        FrameDraft draft = follower.draftAt(pace.arcAt(seconds));
        followed.frames.push_back(draft.frame);
        needed.push_back(draft.neededHeight);
    }
    const auto radius = static_cast<std::size_t>(std::lround(settings.framesPerSecond * kFollowHeightSmoothingSeconds));
    const std::vector<double> heights = smoothedUpwards(needed, radius);
    for (std::size_t k = 0; k < followed.frames.size(); ++k) {
        FollowedFrame& frame = followed.frames[k];
        frame.camera.heightMetres = heights[k];
        frame.camera.pitchDegrees = follower.pitchDegreesAt(heights[k], frame.pointHeightMetres);
    }
    return followed;
}

namespace {

void requireOnTerrain(const vectordata::Track& track, const FollowedGround& ground)
{
    if (!ground.covers) {
        return;
    }
    const auto on = [&](const vectordata::TrackPoint& point) {
        return ground.covers(point.latitudeDegrees, point.longitudeDegrees);
    };
    if (std::none_of(track.points.begin(), track.points.end(), on)) {
        const auto [south, north] =
            std::minmax_element(track.points.begin(), track.points.end(),
                                [](const auto& a, const auto& b) { return a.latitudeDegrees < b.latitudeDegrees; });
        const auto [west, east] =
            std::minmax_element(track.points.begin(), track.points.end(),
                                [](const auto& a, const auto& b) { return a.longitudeDegrees < b.longitudeDegrees; });
        std::ostringstream line;
        line << std::fixed << std::setprecision(4) << "no point of the track (latitudes " << south->latitudeDegrees
             << ".." << north->latitudeDegrees << ", longitudes " << west->longitudeDegrees << ".."
             << east->longitudeDegrees << ") lies on " << ground.name;
        throw TrackFollowError(line.str());
    }
}

}  // namespace

std::vector<geodesy::GeodeticPose> flyTrackFile(const std::string& source, const FollowedGround& ground,
                                                const TrackFollowSettings& settings, std::ostream& out)
{
    vectordata::Track track;
    try {
        track = vectordata::readTrack(source);
    } catch (const vectordata::VectorDataError& error) {
        throw TrackFollowError(std::string("--follow: ") + error.what());
    }
    FollowedTrack followed;
    try {
        requireOnTerrain(track, ground);
        followed = followTrack(track, ground.height, settings);
    } catch (const TrackFollowError& error) {
        throw TrackFollowError("--follow: " + source + ": " + error.what());
    }
    std::ostringstream notice;
    notice << std::fixed << std::setprecision(1) << "cbt-terrain: --follow: " << source << ", " << track.description
           << ": " << followed.lengthMetres / 1000.0 << " km in " << track.points.size() << " points, flown in "
           << followed.seconds << " s ";
    if (followed.byTrackTimes) {
        notice << "at the track's own times";
    } else {
        notice << "at " << settings.speed.value_or(kDefaultFollowSpeed) << " m/s";
    }
    notice << " (" << followed.frames.size() << " frames), " << settings.heightMetres << " m above the ground\n";
    out << notice.str();
    std::vector<geodesy::GeodeticPose> poses;
    poses.reserve(followed.frames.size());
    for (const FollowedFrame& frame : followed.frames) {
        poses.push_back(frame.camera);
    }
    return poses;
}

}  // namespace viewer
