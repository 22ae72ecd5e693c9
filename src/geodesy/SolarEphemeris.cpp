#include "geodesy/SolarEphemeris.h"

#include "geodesy/Angles.h"

#include <algorithm>
#include <cmath>

namespace geodesy {

namespace {

// An angle in degrees folded into [0, 360).
double wrapped360(double angle)
{
    const double folded = std::fmod(angle, 360.0);
    return folded < 0.0 ? folded + 360.0 : folded;
}

bool isLeapYear(int year)
{
    return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

int daysInMonth(int year, int month)
{
    constexpr int kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return month == 2 && isLeapYear(year) ? 29 : kDays[month - 1];
}

}  // namespace

bool isValidInstant(const UtcInstant& instant)
{
    return instant.year >= kFirstYear && instant.year <= kLastYear && instant.month >= 1 && instant.month <= 12 &&
           instant.day >= 1 && instant.day <= daysInMonth(instant.year, instant.month) && instant.hour >= 0 &&
           instant.hour <= 23 && instant.minute >= 0 && instant.minute <= 59;
}

double daysSinceJ2000(const UtcInstant& instant)
{
    // Days from 2000-01-01 00:00 by whole years and months, then the day.
    long days = 0;
    for (int year = 2000; year < instant.year; ++year) {
        days += isLeapYear(year) ? 366 : 365;
    }
    for (int year = instant.year; year < 2000; ++year) {
        days -= isLeapYear(year) ? 366 : 365;
    }
    for (int month = 1; month < instant.month; ++month) {
        days += daysInMonth(instant.year, month);
    }
    days += instant.day - 1;
    return static_cast<double>(days) - 0.5 + (instant.hour + instant.minute / 60.0) / 24.0;
}

SubsolarPoint subsolarPoint(const UtcInstant& instant)
{
    return subsolarPointAt(daysSinceJ2000(instant));
}

SubsolarPoint subsolarPointAt(double days)
{
    const double n = days;
    const double meanLongitude = wrapped360(280.460 + 0.9856474 * n);
    const double meanAnomaly = radians(wrapped360(357.528 + 0.9856003 * n));
    const double eclipticLongitude =
        radians(meanLongitude + 1.915 * std::sin(meanAnomaly) + 0.020 * std::sin(2.0 * meanAnomaly));
    const double obliquity = radians(23.439 - 0.0000004 * n);
    const double rightAscension =
        degrees(std::atan2(std::cos(obliquity) * std::sin(eclipticLongitude), std::cos(eclipticLongitude)));
    const double declination = degrees(std::asin(std::sin(obliquity) * std::sin(eclipticLongitude)));
    // Greenwich mean sidereal time in degrees: the right ascension on the
    // Greenwich meridian.
    const double siderealTime = wrapped360(280.46061837 + 360.98564736629 * n);
    double longitude = wrapped360(rightAscension - siderealTime);
    if (longitude > 180.0) {
        longitude -= 360.0;
    }
    return SubsolarPoint{declination, longitude};
}

HorizontalDirection sunSeenFrom(double latitudeDegrees, double longitudeDegrees, const SubsolarPoint& sun)
{
    const double latitude = radians(latitudeDegrees);
    const double declination = radians(sun.latitudeDegrees);
    // The sun's hour angle: how far west of the place's meridian it stands.
    const double hourAngle = radians(longitudeDegrees - sun.longitudeDegrees);
    const double sinElevation =
        std::sin(latitude) * std::sin(declination) + std::cos(latitude) * std::cos(declination) * std::cos(hourAngle);
    const double east = -std::cos(declination) * std::sin(hourAngle);
    const double north =
        std::cos(latitude) * std::sin(declination) - std::sin(latitude) * std::cos(declination) * std::cos(hourAngle);
    HorizontalDirection direction;
    direction.elevationDegrees = degrees(std::asin(std::clamp(sinElevation, -1.0, 1.0)));
    direction.azimuthDegrees = wrapped360(degrees(std::atan2(east, north)));
    return direction;
}

}  // namespace geodesy
