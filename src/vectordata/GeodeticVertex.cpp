#include "vectordata/GeodeticVertex.h"

#include "geodesy/Wgs84.h"

#include <glm/geometric.hpp>

namespace vectordata {

double metresBetween(const GeodeticVertex& a, const GeodeticVertex& b)
{
    const glm::dvec3 from = geodesy::geodeticToEcef({a.latitudeDegrees, a.longitudeDegrees, 0.0});
    const glm::dvec3 to = geodesy::geodeticToEcef({b.latitudeDegrees, b.longitudeDegrees, 0.0});
    return glm::length(to - from);
}

}  // namespace vectordata
