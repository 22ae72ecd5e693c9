// --follow's flight along a track (src/viewer/TrackFollowing.h), over
// ground given as a function: the camera stays above the ground at every
// frame, a steep climb included, and sees the point over the ground
// between; the point shows in the frame's lower third, in its middle third
// across (projected through the globe's own camera); the camera passes the
// track's points at the track's times, or flies at a steady speed; its
// heading turns smoothly round a bend. Tracks that can not be flown give
// one line.
#include "geodesy/Angles.h"
#include "geodesy/Wgs84.h"
#include "planet/GlobeCamera.h"
#include "viewer/TrackFollowing.h"

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

#include <cmath>
#include <string>
#include <vector>

namespace viewer {
namespace {

constexpr double kLatitude = 46.0;
constexpr double kLongitude = 7.0;
constexpr double kAspect = 16.0 / 9.0;

// Metres of one degree of latitude and of longitude near (kLatitude, kLongitude).
double metresPerLatitudeDegree()
{
    return geodesy::radians(geodesy::meridionalRadius(kLatitude));
}
double metresPerLongitudeDegree()
{
    return geodesy::radians(geodesy::primeVerticalRadius(kLatitude) * std::cos(geodesy::radians(kLatitude)));
}

// A place `east` and `north` metres from (kLatitude, kLongitude).
vectordata::TrackPoint placeAt(double east, double north, std::optional<double> seconds = std::nullopt)
{
    return {kLatitude + north / metresPerLatitudeDegree(), kLongitude + east / metresPerLongitudeDegree(), seconds};
}

double northOf(double latitude)
{
    return (latitude - kLatitude) * metresPerLatitudeDegree();
}
double eastOf(double longitude)
{
    return (longitude - kLongitude) * metresPerLongitudeDegree();
}

// Flat at 500 m to 2 km north, then a wall climbing 1,500 m over the next
// 300 m (a slope of 79 degrees), then a plateau.
double cliffGround(double latitude, double /*longitude*/)
{
    const double north = northOf(latitude);
    return 500.0 + 1500.0 * std::clamp((north - 2000.0) / 300.0, 0.0, 1.0);
}

// Where the point shows in the frame of the camera, in normalized device
// coordinates: x right, y down, both -1..1 across the frame.
glm::dvec2 screenOf(const FollowedFrame& frame, double verticalFovDegrees)
{
    const planet::GlobeView view = planet::globeViewOf(frame.camera);
    const glm::dvec3 point =
        geodesy::geodeticToEcef({frame.pointLatitudeDegrees, frame.pointLongitudeDegrees, frame.pointHeightMetres});
    const glm::dvec3 inView = view.ecefToView * (point - view.positionEcef);
    const double depth = -inView.z;
    const double halfHeight = std::tan(0.5 * geodesy::radians(verticalFovDegrees));
    return {inView.x / depth / (halfHeight * kAspect), -inView.y / depth / halfHeight};
}

void expectInLowerCentreThird(const FollowedTrack& followed, double verticalFovDegrees)
{
    for (std::size_t k = 0; k < followed.frames.size(); ++k) {
        const glm::dvec2 screen = screenOf(followed.frames[k], verticalFovDegrees);
        EXPECT_LE(std::abs(screen.x), 1.0 / 3.0) << "frame " << k;
        EXPECT_GE(screen.y, 1.0 / 3.0) << "frame " << k;
        EXPECT_LE(screen.y, 1.0) << "frame " << k;
    }
}

std::string followErrorOf(const vectordata::Track& track, const TrackFollowSettings& settings = {})
{
    try {
        (void)followTrack(
            track, [](double, double) { return 0.0; }, settings);
    } catch (const TrackFollowError& error) {
        return error.what();
    }
    return "";
}

TEST(TrackFollowing, StaysAboveASteepClimbAndSeesThePointOverIt)
{
    vectordata::Track track;
    for (int step = 0; step <= 40; ++step) {
        track.points.push_back(placeAt(0.0, step * 100.0));
    }
    TrackFollowSettings settings;
    settings.heightMetres = 120.0;
    settings.speed = 50.0;
    const FollowedTrack followed = followTrack(track, cliffGround, settings);
    ASSERT_EQ(followed.frames.size(), 2401u);  // 4 km at 50 m/s: 80 s at 30 frames a second, and its end
    double highestClimbRate = 0.0;
    for (std::size_t k = 0; k < followed.frames.size(); ++k) {
        const FollowedFrame& frame = followed.frames[k];
        const geodesy::GeodeticPose& camera = frame.camera;
        const double under = cliffGround(camera.latitudeDegrees, camera.longitudeDegrees);
        EXPECT_GE(camera.heightMetres, under + settings.heightMetres - 1.0e-6) << "frame " << k;
        EXPECT_GE(camera.heightMetres, frame.pointHeightMetres + settings.heightMetres - 1.0e-6) << "frame " << k;
        // The sight line to the point passes over the ground of its first
        // three quarters.
        for (int step = 1; step < 12; ++step) {
            const double share = step / 16.0;
            const double latitude =
                camera.latitudeDegrees + (frame.pointLatitudeDegrees - camera.latitudeDegrees) * share;
            const double sight = camera.heightMetres + (frame.pointHeightMetres - camera.heightMetres) * share;
            EXPECT_GT(sight, cliffGround(latitude, kLongitude)) << "frame " << k << ", step " << step;
        }
        if (k > 0) {
            highestClimbRate =
                std::max(highestClimbRate, camera.heightMetres - followed.frames[k - 1].camera.heightMetres);
        }
        // Straight north: behind the point, heading north.
        EXPECT_NEAR(frame.camera.headingDegrees, 0.0, 0.01) << "frame " << k;
        EXPECT_NEAR(northOf(frame.pointLatitudeDegrees) - northOf(camera.latitudeDegrees), 240.0, 0.5);
    }
    // The wall's 1,500 m are climbed over more than a second of frames.
    EXPECT_LT(highestClimbRate, 1500.0 / 30.0);
    expectInLowerCentreThird(followed, settings.verticalFovDegrees);
}

TEST(TrackFollowing, KeepsThePointInTheLowerCentreThirdRoundBends)
{
    // A circle of 1 km radius, then a zigzag of 300 m legs.
    vectordata::Track track;
    for (int step = 0; step <= 72; ++step) {
        const double angle = geodesy::radians(step * 5.0);
        track.points.push_back(placeAt(1000.0 * std::sin(angle), 1000.0 - 1000.0 * std::cos(angle)));
    }
    for (int leg = 1; leg <= 10; ++leg) {
        track.points.push_back(placeAt(leg * 300.0, (leg % 2) * 300.0));
    }
    const auto rolling = [](double latitude, double longitude) {
        return 800.0 + 200.0 * std::sin(northOf(latitude) / 400.0) * std::cos(eastOf(longitude) / 300.0);
    };
    for (const double fov : {45.0, 60.0, 90.0}) {
        TrackFollowSettings settings;
        settings.speed = 30.0;
        settings.verticalFovDegrees = fov;
        const FollowedTrack followed = followTrack(track, rolling, settings);
        ASSERT_GT(followed.frames.size(), 100u);
        expectInLowerCentreThird(followed, fov);
        // The heading turns smoothly: a 5-degree step of the circle at
        // 30 m/s takes 2.9 s, 87 frames.
        for (std::size_t k = 1; k < followed.frames.size(); ++k) {
            const double turn = std::remainder(
                followed.frames[k].camera.headingDegrees - followed.frames[k - 1].camera.headingDegrees, 360.0);
            EXPECT_LT(std::abs(turn), 1.5) << "frame " << k;
        }
    }
}

TEST(TrackFollowing, PassesThePointsAtTheTracksTimesOrAtASteadySpeed)
{
    // 1 km east in 100 s, a stop of 50 s, 1 km north in 20 s.
    vectordata::Track track;
    track.points = {placeAt(0.0, 0.0, 1000.0), placeAt(1000.0, 0.0, 1100.0), placeAt(1000.0, 0.0, 1150.0),
                    placeAt(1000.0, 1000.0, 1170.0)};
    TrackFollowSettings settings;
    settings.framesPerSecond = 10.0;
    const auto flat = [](double, double) { return 0.0; };
    const FollowedTrack timed = followTrack(track, flat, settings);
    EXPECT_TRUE(timed.byTrackTimes);
    EXPECT_DOUBLE_EQ(timed.seconds, 170.0);
    ASSERT_EQ(timed.frames.size(), 1701u);
    const auto expectPointAt = [&](std::size_t frame, double east, double north) {
        EXPECT_NEAR(eastOf(timed.frames[frame].pointLongitudeDegrees), east, 0.5) << "frame " << frame;
        EXPECT_NEAR(northOf(timed.frames[frame].pointLatitudeDegrees), north, 0.5) << "frame " << frame;
    };
    expectPointAt(500, 500.0, 0.0);
    expectPointAt(1000, 1000.0, 0.0);
    expectPointAt(1250, 1000.0, 0.0);
    expectPointAt(1600, 1000.0, 500.0);
    expectPointAt(1700, 1000.0, 1000.0);

    settings.speed = 20.0;
    const FollowedTrack steady = followTrack(track, flat, settings);
    EXPECT_FALSE(steady.byTrackTimes);
    EXPECT_NEAR(steady.lengthMetres, 2000.0, 1.0);
    EXPECT_NEAR(steady.seconds, steady.lengthMetres / 20.0, 1.0e-9);
    EXPECT_EQ(steady.frames.size(), static_cast<std::size_t>(std::floor(steady.seconds * 10.0 + 1.0e-9)) + 1);

    // A track with a point without time flies at the default speed.
    track.points[2].seconds.reset();
    settings.speed.reset();
    const FollowedTrack untimed = followTrack(track, flat, settings);
    EXPECT_FALSE(untimed.byTrackTimes);
    EXPECT_NEAR(untimed.seconds, untimed.lengthMetres / kDefaultFollowSpeed, 1.0e-9);
}

TEST(TrackFollowing, TracksThatCanNotBeFlownGiveOneLine)
{
    vectordata::Track one;
    one.points = {placeAt(0.0, 0.0)};
    EXPECT_EQ(followErrorOf(one), "the track has fewer than two distinct places");
    vectordata::Track same;
    same.points = {placeAt(0.0, 0.0), placeAt(0.0, 0.0), placeAt(0.0, 0.0)};
    EXPECT_EQ(followErrorOf(same), "the track has fewer than two distinct places");

    vectordata::Track backwards;
    backwards.points = {placeAt(0.0, 0.0, 10.0), placeAt(100.0, 0.0, 20.0), placeAt(200.0, 0.0, 15.0)};
    EXPECT_EQ(followErrorOf(backwards),
              "the track's times go backwards at point 3 (give --follow-speed to fly it at a steady speed)");
    TrackFollowSettings steady;
    steady.speed = 10.0;
    EXPECT_EQ(followErrorOf(backwards, steady), "");

    vectordata::Track instant;
    instant.points = {placeAt(0.0, 0.0, 10.0), placeAt(100.0, 0.0, 10.0)};
    EXPECT_EQ(followErrorOf(instant),
              "the track's times span no time (give --follow-speed to fly it at a steady speed)");

    vectordata::Track long_;
    long_.points = {placeAt(0.0, 0.0), placeAt(0.0, 100000.0)};
    TrackFollowSettings slow;
    slow.speed = 0.01;
    const std::string tooLong = followErrorOf(long_, slow);
    EXPECT_EQ(tooLong.rfind("flying the track takes 1000", 0), 0u) << tooLong;
    EXPECT_NE(tooLong.find(" s, more than 1000000 frames at 30 frames a second"), std::string::npos) << tooLong;
}

}  // namespace
}  // namespace viewer
