// A camera pose in WGS 84 terms, as --camera-geo and the camera paths give
// it, the one pose type of the flat terrain and the globe: degrees of
// latitude and longitude, a height in metres, the heading in degrees
// clockwise from true north (90 looks east) and the pitch in degrees above
// the horizon (-90 looks straight down); no roll. What the height is
// measured from is the user's: the ellipsoid on the globe, the elevation
// model's vertical datum on a flat terrain.
#pragma once

namespace geodesy {

struct GeodeticPose {
    double latitudeDegrees = 0.0;   // [-90, 90]
    double longitudeDegrees = 0.0;  // [-360, 360]
    double heightMetres = 0.0;
    double headingDegrees = 0.0;
    double pitchDegrees = 0.0;
};

}  // namespace geodesy
