// Tile services named by a URL template, as web maps name them:
// "https://HOST/{z}/{x}/{y}.png" (XYZ: row 0 at the north, the usual web
// map tiles; TMS's rows from the south, "{-y}", are refused). Such a name
// becomes a description of GDAL's WMS driver (its "TMS" service): 256-pixel
// tiles of the Web Mercator square (EPSG:3857) from level 0 down to level
// kTileTemplateDeepestLevel, four bands (a tile the server does not have,
// HTTP 404 or 204, is transparent), so that GDAL reads it as one raster
// whose overviews are the coarser levels.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace dem {

inline constexpr int kTileTemplateDeepestLevel = 19;

// Whether `name` is a tile template: an http(s) URL holding "{z}", "{x}"
// and "{y}" (or "{-y}", which gdalDescriptionOfTileTemplate refuses).
[[nodiscard]] bool isTileTemplate(std::string_view name);

// The GDAL WMS description of a tile template, to open as the name of a
// dataset. Throws std::invalid_argument, whose what() says the problem
// without naming the template, for a placeholder GDAL can not fill ("{s}",
// "{quadkey}", ...).
[[nodiscard]] std::string gdalDescriptionOfTileTemplate(std::string_view name);

}  // namespace dem
