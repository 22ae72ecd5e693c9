// --time YYYY-MM-DDTHH:MMZ: the sun of a UTC instant over a georeferenced
// terrain. The sun's direction is the one seen from the map's centre
// (geodesy::sunSeenFrom, from its true local horizon), turned into the
// world's azimuth by true north there (GeodeticFrame): a map a few hundred
// kilometres wide sees one sun, as the renderer lights it.
#pragma once

#include "atmosphere/SunPosition.h"
#include "dem/DemLoader.h"
#include "geodesy/SolarEphemeris.h"
#include "terrain/TerrainSettings.h"

#include <string_view>

namespace viewer {

// "YYYY-MM-DDTHH:MMZ", a real instant of geodesy::kFirstYear..kLastYear.
// Throws text::ParseError with a one-line message that does not name the flag.
geodesy::UtcInstant parseUtcInstant(std::string_view text);

// Throws GeodeticPlacementError (GeodeticFrame.h) for a terrain without
// georeferencing.
atmosphere::SunPosition sunAtInstant(const geodesy::UtcInstant& instant, const dem::TerrainSource& terrain,
                                     const terrain::TerrainSettings& settings);

}  // namespace viewer
