// The length of the shortest path between two points on the WGS 84
// ellipsoid (Vincenty's inverse formula, Survey Review 23, 1975): to well
// under a millimetre wherever it converges, which is everywhere but near
// antipodal points, where the great circle on the sphere of the Earth's
// mean radius stands in (within 0.5 %).
#pragma once

namespace geodesy {

[[nodiscard]] double geodesicMetres(double latitudeA, double longitudeA, double latitudeB, double longitudeB);

}  // namespace geodesy
