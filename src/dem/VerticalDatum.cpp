#include "dem/VerticalDatum.h"

#include <ogr_spatialref.h>

namespace dem {

bool heightsAreEllipsoidal(const OGRSpatialReference& crs)
{
    return crs.IsGeographic() && crs.GetAxesCount() == 3;
}

}  // namespace dem
