// The sun's place at an instant (UTC), with the low-precision formulas of the
// Astronomical Almanac (section C, "Sun"): the mean longitude and anomaly
// give the ecliptic longitude, which with the obliquity gives the right
// ascension and declination; Greenwich mean sidereal time turns the right
// ascension into the longitude where the sun stands overhead. Good to about
// 0.01 degrees between 1950 and 2050, and to a few hundredths of a degree
// over the years the viewer accepts (kFirstYear..kLastYear).
//
// Directions from the ground treat the sun as infinitely far (its parallax,
// 9 arc seconds, is left out) and take no account of refraction: at a
// geodetic latitude the ellipsoid's normal points exactly along
// (cos lat cos lon, cos lat sin lon, sin lat), so the elevation is measured
// from the true local horizon.
#pragma once

namespace geodesy {

inline constexpr int kFirstYear = 1900;
inline constexpr int kLastYear = 2100;

struct UtcInstant {
    int year = 2000;  // kFirstYear..kLastYear
    int month = 1;    // 1..12
    int day = 1;      // 1..days of the month
    int hour = 0;     // 0..23
    int minute = 0;   // 0..59
};

// Whether the fields name a real instant of kFirstYear..kLastYear (leap
// years included).
[[nodiscard]] bool isValidInstant(const UtcInstant& instant);

// Days since 2000-01-01 12:00 UTC (Julian date - 2451545.0).
[[nodiscard]] double daysSinceJ2000(const UtcInstant& instant);

// Where the sun stands at the zenith: its latitude is the sun's declination.
struct SubsolarPoint {
    double latitudeDegrees = 0.0;
    double longitudeDegrees = 0.0;  // (-180, 180]
};
[[nodiscard]] SubsolarPoint subsolarPoint(const UtcInstant& instant);
// The same at `days` since 2000-01-01 12:00 UTC (daysSinceJ2000), any
// fraction of a day.
[[nodiscard]] SubsolarPoint subsolarPointAt(double days);

// The sun seen from a place: azimuth clockwise from true north (0..360),
// elevation above the horizon (-90..90).
struct HorizontalDirection {
    double azimuthDegrees = 0.0;
    double elevationDegrees = 0.0;
};
[[nodiscard]] HorizontalDirection sunSeenFrom(double latitudeDegrees, double longitudeDegrees,
                                              const SubsolarPoint& sun);

}  // namespace geodesy
