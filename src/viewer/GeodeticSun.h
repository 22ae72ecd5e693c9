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

#include <cstddef>
#include <string_view>
#include <vector>

namespace viewer {

// "YYYY-MM-DDTHH:MMZ", a real instant of geodesy::kFirstYear..kLastYear.
// Throws text::ParseError with a one-line message that does not name the flag.
geodesy::UtcInstant parseUtcInstant(std::string_view text);

// Throws GeodeticPlacementError (GeodeticFrame.h) for a terrain without
// georeferencing.
atmosphere::SunPosition sunAtInstant(const geodesy::UtcInstant& instant, const dem::TerrainSource& terrain,
                                     const terrain::TerrainSettings& settings);

// --time START/END: the days since J2000 (geodesy::daysSinceJ2000) of each
// of a path's `frames`, from `start` at the first to `end` at the last,
// evenly.
std::vector<double> pathInstantDays(const geodesy::UtcInstant& start, const geodesy::UtcInstant& end,
                                    std::size_t frames);
// The sun over a georeferenced terrain at each of those instants, as
// sunAtInstant places it. Throws as sunAtInstant.
std::vector<atmosphere::SunPosition> sunsOverPath(const geodesy::UtcInstant& start, const geodesy::UtcInstant& end,
                                                  std::size_t frames, const dem::TerrainSource& terrain,
                                                  const terrain::TerrainSettings& settings);

}  // namespace viewer
