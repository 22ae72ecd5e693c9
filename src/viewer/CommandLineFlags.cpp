// The viewer's flags: each one's --help text and how its value is parsed
// into ViewerOptions.
#include "viewer/CommandLineFlags.h"

#include "planet/GlobeCriterion.h"
#include "text/TextParsing.h"
#include "viewer/GeodeticSun.h"
#include "viewer/TrackFollowing.h"

#include <algorithm>
#include <bit>
#include <sstream>
#include <vector>

namespace viewer {

namespace {

std::string numberText(double value)
{
    std::ostringstream text;
    text << value;
    return text.str();
}

long long integerIn(std::string_view text, long long low, long long high)
{
    const std::optional<long long> value = text::parseInteger(text);
    if (!value || *value < low || *value > high) {
        throw text::ParseError("expected an integer in " + std::to_string(low) + ".." + std::to_string(high) +
                               ", got " + text::quoted(text));
    }
    return *value;
}

float numberIn(std::string_view text, double low, double high, bool lowExclusive)
{
    const std::optional<double> value = text::parseNumber(text);
    const bool aboveLow = value && (lowExclusive ? *value > low : *value >= low);
    const std::string expected = "expected a number in " + std::string(lowExclusive ? "(" : "[") + numberText(low) +
                                 ", " + numberText(high) + "], got " + text::quoted(text);
    if (!value || !aboveLow || *value > high) {
        throw text::ParseError(expected);
    }
    // The renderer works in single precision: a value that rounds to an
    // excluded bound there (1e-300 to 0) is out of range too.
    const auto single = static_cast<float>(*value);
    if (lowExclusive && !(static_cast<double>(single) > low)) {
        throw text::ParseError(expected + ", which single precision rounds to " + numberText(low));
    }
    return single;
}

PixelSize parsePixelSize(std::string_view text)
{
    const size_t separator = text.find_first_of("xX");
    if (separator == std::string_view::npos) {
        throw text::ParseError("expected WIDTHxHEIGHT such as 1280x720, got " + text::quoted(text));
    }
    const std::optional<long long> width = text::parseInteger(text.substr(0, separator));
    const std::optional<long long> height = text::parseInteger(text.substr(separator + 1));
    if (!width || !height || *width < 1 || *height < 1 || *width > kMaxTargetDimension ||
        *height > kMaxTargetDimension) {
        throw text::ParseError("expected WIDTHxHEIGHT with both in 1.." + std::to_string(kMaxTargetDimension) +
                               ", got " + text::quoted(text));
    }
    return PixelSize{static_cast<uint32_t>(*width), static_cast<uint32_t>(*height)};
}

std::filesystem::path nonEmptyPath(std::string_view text)
{
    if (text.empty()) {
        throw text::ParseError("expected a file name, got an empty one");
    }
    return std::filesystem::path(std::string(text));
}

terrain::ShadingMode parseShading(std::string_view text)
{
    for (const terrain::ShadingMode mode :
         {terrain::ShadingMode::Lit, terrain::ShadingMode::Normals, terrain::ShadingMode::Depth}) {
        if (text == shadingModeName(mode)) {
            return mode;
        }
    }
    throw text::ParseError("expected lit, normals or depth, got " + text::quoted(text));
}

void parseSun(ViewerOptions& options, std::string_view text)
{
    const std::vector<std::string_view> parts = text::splitAt(text, ',');
    if (parts.size() != 2) {
        throw text::ParseError("expected AZIMUTH,ELEVATION in degrees, got " + text::quoted(text));
    }
    options.sun.azimuthDegrees = numberIn(parts[0], -360.0, 360.0, false);
    options.sun.elevationDegrees = numberIn(parts[1], -90.0, 90.0, false);
    options.sunGiven = true;
}

display::Tonemapper parseTonemapper(std::string_view text)
{
    if (const std::optional<display::Tonemapper> tonemapper = display::tonemapperFromName(text)) {
        return *tonemapper;
    }
    throw text::ParseError("expected none, aces or hable, got " + text::quoted(text));
}

bool parseOnOff(std::string_view text)
{
    if (text != "on" && text != "off") {
        throw text::ParseError("expected on or off, got " + text::quoted(text));
    }
    return text == "on";
}

std::array<int, 3> parseImageryBands(std::string_view text)
{
    const std::vector<std::string_view> parts = text::splitAt(text, ',');
    std::array<int, 3> bands{};
    for (std::size_t i = 0; i < bands.size() && parts.size() == bands.size(); ++i) {
        const std::optional<long long> band = text::parseInteger(parts[i]);
        bands[i] = band && *band >= 1 && *band <= 65535 ? static_cast<int>(*band) : 0;
    }
    if (parts.size() != bands.size() || std::find(bands.begin(), bands.end(), 0) != bands.end()) {
        throw text::ParseError("expected three positive band numbers R,G,B such as 3,2,1, got " + text::quoted(text));
    }
    return bands;
}

terrain::TerrainBackend parseBackend(std::string_view text)
{
    for (const terrain::TerrainBackend backend : {terrain::TerrainBackend::Heap, terrain::TerrainBackend::Pool}) {
        if (text == backendName(backend)) {
            return backend;
        }
    }
    throw text::ParseError("expected heap or pool, got " + text::quoted(text));
}

}  // namespace

std::vector<FlagSpec> viewerFlagSpecs()
{
    const ViewerOptions defaults;
    const terrain::TerrainSettings terrainDefaults;
    std::vector<FlagSpec> flags;
    flags.push_back({"--extent", "METRES", "world width of the heightmap",
                     "a DEM's georeferenced width, else " + numberText(terrainDefaults.extentMetres),
                     [](ViewerOptions& o, std::string_view v) { o.extentMetres = numberIn(v, 0.0, 1.0e7, true); }});
    flags.push_back(
        {"--height-scale", "METRES", "world height of the brightest heightmap value",
         "a DEM's height range, else " + numberText(terrainDefaults.heightScaleMetres),
         [](ViewerOptions& o, std::string_view v) { o.heightScaleMetres = numberIn(v, 0.0, 1.0e6, false); }});
    flags.push_back(
        {"--snow-line", "METRES", "elevation above sea level where permanent snow begins",
         "by the DEM's latitude: 4800 at the equator, 5600 at 25 degrees, 5200 at 35, 0 at 75; 45 degrees without one",
         [](ViewerOptions& o, std::string_view v) { o.snowLineMetres = numberIn(v, -1.0e6, 1.0e6, false); }});
    flags.push_back({"--cbt", "heap|pool",
                     "the tessellation: the 2020 tree (heap, D <= 30) or the 2024 pool of bisectors (pool, D <= 60)",
                     std::string(backendName(terrainDefaults.backend)),
                     [](ViewerOptions& o, std::string_view v) { o.backend = parseBackend(v); }});
    flags.push_back({"--depth", "D", "max depth, 1..30 (heap) or 3..60 (pool; the square is depth 0 in both)",
                     "deep enough for the heightmap's texel spacing", [](ViewerOptions& o, std::string_view v) {
                         o.maxDepth = static_cast<int>(integerIn(v, 1, terrain::kMaxPoolDepth));
                     }});
    flags.push_back({"--pool-size", "N", "bisector slots of the pool: a power of two, 256..67108864 (with --cbt pool)",
                     std::to_string(terrainDefaults.poolCapacity), [](ViewerOptions& o, std::string_view v) {
                         const long long slots = integerIn(v, terrain::kMinPoolCapacity, terrain::kMaxPoolCapacity);
                         if (!std::has_single_bit(static_cast<unsigned long long>(slots))) {
                             throw text::ParseError("expected a power of two, got " + text::quoted(v));
                         }
                         o.poolCapacity = static_cast<std::uint32_t>(slots);
                     }});
    flags.push_back(
        {"--target-pixels", "PIXELS", "split a triangle while its longest edge covers more pixels",
         numberText(terrainDefaults.targetEdgePixels) + "; " + numberText(planet::kDefaultGlobeTargetEdgePixels) +
             " with --planet",
         [](ViewerOptions& o, std::string_view v) { o.targetEdgePixels = numberIn(v, 0.0, 10000.0, true); }});
    flags.push_back({"--flatness", "METRES",
                     "leave a region unsplit while its heights' standard deviation is below this (0: never)",
                     numberText(defaults.flatnessMetres),
                     [](ViewerOptions& o, std::string_view v) { o.flatnessMetres = numberIn(v, 0.0, 1.0e6, false); }});
    flags.push_back({"--subdivision", "LEVELS",
                     "extra uniform bisections per leaf: 0, 2, 4 or 6 (an odd number would crack the mesh)",
                     std::to_string(defaults.uniformSubdivision), [](ViewerOptions& o, std::string_view v) {
                         const auto levels = static_cast<int>(integerIn(v, 0, terrain::kMaxUniformSubdivision));
                         if (!terrain::isValidUniformSubdivision(levels)) {
                             throw text::ParseError("expected 0, 2, 4 or 6, got " + text::quoted(v));
                         }
                         o.uniformSubdivision = levels;
                     }});
    flags.push_back({"--device", "INDEX|NAME", "Vulkan device: its index or part of its name",
                     "the first discrete GPU, else the best one", [](ViewerOptions& o, std::string_view v) {
                         if (v.empty()) {
                             throw text::ParseError("expected a device index or name, got an empty one");
                         }
                         o.deviceSelector = std::string(v);
                     }});
    flags.push_back({"--validate", "", "enable the Vulkan validation layer; any message fails the run", "off",
                     [](ViewerOptions& o, std::string_view) { o.validate = true; }});
    flags.push_back(
        {"--sea-level", "METRES", "water over everything below this elevation",
         "a DEM's sea: at or below 0 m where it joins the border; none on a PNG",
         [](ViewerOptions& o, std::string_view v) { o.seaLevelMetres = numberIn(v, -1.0e6, 1.0e6, false); }});
    flags.push_back({"--imagery", "FILE|URL|none",
                     "drape a georeferenced colour raster (any CRS GDAL reads, or a tile service's "
                     "https://HOST/{z}/{x}/{y}.png) over an elevation model, or over the globe where it lies; "
                     "repeat to stack layers, the last on top (the flat terrain); none: the materials. The globe "
                     "drapes the Earth's colours by day and its lights by night (xplanet-images) unless told none",
                     "none; globe: the Earth's maps", [](ViewerOptions& o, std::string_view v) {
                         o.imageryOff = v == "none";
                         if (o.imageryOff) {
                             o.imageryPaths.clear();
                         } else {
                             o.imageryPaths.push_back(nonEmptyPath(v));
                         }
                     }});
    flags.push_back({"--elevation", "DEM",
                     "lay a finer elevation model (any CRS GDAL reads: a GeoTIFF, a VRT of SRTM tiles, a COG over "
                     "HTTP) over the globe's global one where it has data, streamed at the resolution the view "
                     "needs and blended at its border; repeat to stack them, the last on top (--planet)",
                     "none",
                     [](ViewerOptions& o, std::string_view v) { o.elevationPaths.push_back(nonEmptyPath(v)); }});
    flags.push_back({"--imagery-bands", "R,G,B",
                     "the imagery's bands shown as red, green, blue, from 1 (3,2,1: Landsat 7 true colour); "
                     "bands not 8-bit are stretched 2-98 %",
                     "1,2,3", [](ViewerOptions& o, std::string_view v) { o.imageryBands = parseImageryBands(v); }});
    flags.push_back({"--shadows", "on|off", "shadows the terrain casts in the sun (lit shading)", "on",
                     [](ViewerOptions& o, std::string_view v) { o.shadows = parseOnOff(v); }});
    flags.push_back({"--detail", "on|off", "procedural relief finer than the data's samples in close views (shading)",
                     "on", [](ViewerOptions& o, std::string_view v) { o.surfaceDetail = parseOnOff(v); }});
    flags.push_back({"--msaa", "1|2|4|8", "samples per pixel: multisample anti-aliasing above 1",
                     std::to_string(kDefaultMsaaSamples) + " where the device supports it, else 1",
                     [](ViewerOptions& o, std::string_view v) {
                         const long long samples = integerIn(v, 1, 8);
                         if (!std::has_single_bit(static_cast<unsigned long long>(samples))) {
                             throw text::ParseError("expected 1, 2, 4 or 8, got " + text::quoted(v));
                         }
                         o.msaaSamples = static_cast<std::uint32_t>(samples);
                     }});
    flags.push_back({"--raster", "graphics|compute",
                     "how the terrain's pixels are found: its draw through the graphics pipeline, or its "
                     "triangles rasterized and shaded in compute (the globe: compute only)",
                     "compute on a GPU, graphics on a CPU Vulkan driver", [](ViewerOptions& o, std::string_view v) {
                         if (v == "graphics") {
                             o.raster = scene::RasterPath::Graphics;
                         } else if (v == "compute") {
                             o.raster = scene::RasterPath::Compute;
                         } else {
                             throw text::ParseError("expected graphics or compute, got " + text::quoted(v));
                         }
                     }});
    flags.push_back({"--stream", "auto|on|off",
                     "stream a DEM's and the imagery's tiles at the resolution the view needs: auto when it "
                     "is larger than one texture of the device, on always, off never (a larger one is read "
                     "reduced)",
                     "auto", [](ViewerOptions& o, std::string_view v) {
                         if (v == "auto") {
                             o.stream = StreamMode::Auto;
                         } else if (v == "on") {
                             o.stream = StreamMode::On;
                         } else if (v == "off") {
                             o.stream = StreamMode::Off;
                         } else {
                             throw text::ParseError("expected auto, on or off, got " + text::quoted(v));
                         }
                     }});
    flags.push_back({"--gpu-budget", "MiB", "device memory for streamed DEM tiles", "1024",
                     [](ViewerOptions& o, std::string_view v) { o.gpuBudgetMiB = numberIn(v, 0.0, 1.0e6, true); }});
    flags.push_back({"--cpu-budget", "MiB", "host memory for streamed DEM tiles, GDAL's block cache included", "512",
                     [](ViewerOptions& o, std::string_view v) { o.cpuBudgetMiB = numberIn(v, 0.0, 1.0e6, true); }});
    flags.push_back({"--io-timeout", "SECONDS",
                     "longest wait for remote or stalled data: a headless run fails, or shows the coarser level, "
                     "when what it needs has not come by then; also GDAL's HTTP time limits",
                     "120", [](ViewerOptions& o, std::string_view v) {
                         o.ioTimeoutSeconds = numberIn(v, 1.0, kMaxIoTimeoutSeconds, false);
                     }});
    flags.push_back({"--texels-per-pixel", "N",
                     "samples of a streamed DEM's shown level one pixel may span before a coarser level is "
                     "shown (larger: finer levels, more tiles)",
                     "1",
                     [](ViewerOptions& o, std::string_view v) { o.texelsPerPixel = numberIn(v, 0.0, 1024.0, true); }});
    flags.push_back({"--vsync", "on|off", "wait for vertical blank when presenting", "on",
                     [](ViewerOptions& o, std::string_view v) { o.vsync = parseOnOff(v); }});
    flags.push_back({"--headless", "", "render offscreen without a window", "off",
                     [](ViewerOptions& o, std::string_view) { o.headless = true; }});
    flags.push_back({"--size", "WxH", "window or offscreen image size in pixels",
                     std::to_string(defaults.size.width) + "x" + std::to_string(defaults.size.height),
                     [](ViewerOptions& o, std::string_view v) { o.size = parsePixelSize(v); }});
    flags.push_back(
        {"--frames", "N", "frames to render (headless), or quit after N frames (window)",
         std::to_string(kHeadlessDefaultFrames) + " headless, or one per --camera-path pose; "
                                                  "unlimited in a window",
         [](ViewerOptions& o, std::string_view v) { o.frames = static_cast<uint32_t>(integerIn(v, 1, 10000000)); }});
    flags.push_back({"--camera", "X,Y,Z,YAW,PITCH",
                     "camera position in metres (Y up) and heading in degrees (yaw 0 looks along -Z, "
                     "yaw 90 along +X; pitch > 0 looks up)",
                     "an oblique view filled with terrain, from above its south edge",
                     [](ViewerOptions& o, std::string_view v) { o.camera = parseCameraPose(v); }});
    flags.push_back({"--camera-geo", "LAT,LON,HEIGHT,HEADING,PITCH",
                     "camera at WGS 84 degrees and metres above the DEM's vertical datum, heading in degrees "
                     "clockwise from true north (90 = east), pitch -90 looking straight down; needs a "
                     "georeferenced DEM",
                     "none", [](ViewerOptions& o, std::string_view v) { o.cameraGeo = parseGeodeticCameraPose(v); }});
    flags.push_back({"--camera-path", "FILE",
                     "fly a recorded path: one \"X Y Z YAW PITCH [WxH]\" pose per line and "
                     "per frame (WxH: render size from that frame on, the window's size "
                     "when not headless), '#' comments; loops when --frames is larger",
                     "none", [](ViewerOptions& o, std::string_view v) { o.cameraPathFile = nonEmptyPath(v); }});
    flags.push_back({"--camera-geo-path", "FILE",
                     "fly a path in WGS 84 terms over a georeferenced DEM: one \"LAT LON HEIGHT HEADING PITCH "
                     "[WxH]\" pose per line, each as --camera-geo, or keyframes as --camera-path",
                     "none", [](ViewerOptions& o, std::string_view v) { o.cameraGeoPathFile = nonEmptyPath(v); }});
    flags.push_back({"--contours", "METRES",
                     "draw contour lines every METRES of elevation on the ground (materials or imagery), every "
                     "fifth stronger",
                     "none", [](ViewerOptions& o, std::string_view v) {
                         o.contourIntervalMetres = numberIn(v, 0.0, 1.0e5, true);
                     }});
    flags.push_back({"--query", "LAT,LON",
                     "print what the elevation model says of a WGS 84 point, as one JSON line, and exit without "
                     "rendering: its height above the geoid and the ellipsoid, slope, aspect and whether it is "
                     "sea (with --elevation, each model's height); repeat for more points",
                     "none",
                     [](ViewerOptions& o, std::string_view v) { o.queries.push_back(parseLatitudeLongitude(v)); }});
    flags.push_back({"--vector", "FILE[:color=#RRGGBB,width=PX]",
                     "draw a vector file OGR opens (GPX, GeoJSON, KML, shapefile, GeoPackage, ..., any CRS) on "
                     "the ground: lines and polygons' outlines at a width in pixels, points as markers, hidden "
                     "behind the terrain; coloured from a palette, the file's own styles, or color= and width=; "
                     "repeat for more layers",
                     "none", [](ViewerOptions& o, std::string_view v) {
                         vectordata::VectorLayerSpec spec = vectordata::parseVectorLayerSpec(std::string(v));
                         spec.source = nonEmptyPath(spec.source).string();
                         o.vectorLayers.push_back(std::move(spec));
                     }});
    flags.push_back({"--vector-label", "FIELD", "the attribute that names the points of the --vector layers", "name",
                     [](ViewerOptions& o, std::string_view v) {
                         if (v.empty()) {
                             throw text::ParseError("expected a field name, got an empty one");
                         }
                         o.vectorLabelField = std::string(v);
                     }});
    flags.push_back({"--follow", "TRACK",
                     "fly along the first track of a GPX file (or the first line of any vector file OGR opens): "
                     "the camera behind the track's point, looking ahead along it, the point in the frame's "
                     "lower third; at the track's own times, or at --follow-speed",
                     "none", [](ViewerOptions& o, std::string_view v) { o.followTrack = nonEmptyPath(v).string(); }});
    flags.push_back({"--follow-height", "METRES",
                     "how high --follow flies above the ground (higher where the ground ahead would hide the "
                     "point); it stays twice as far behind the point",
                     "150", [](ViewerOptions& o, std::string_view v) {
                         o.followHeightMetres = numberIn(v, 0.0, kMaxFollowHeightMetres, true);
                     }});
    flags.push_back({"--follow-speed", "M/S",
                     "metres a second along the --follow track, instead of its own times (40 when it has none)",
                     "the track's times", [](ViewerOptions& o, std::string_view v) {
                         o.followSpeed = numberIn(v, 0.0, kMaxFollowSpeed, true);
                     }});
    flags.push_back({"--video", "OUT.mp4|OUT.mkv|OUT.webm|FOLDER",
                     "write the frames as a video (H.264 in MP4 or Matroska, VP9 in WebM, through the ffmpeg "
                     "program) or as numbered PNGs in a folder, at --fps; headless; Ctrl+C keeps the frames done",
                     "none", [](ViewerOptions& o, std::string_view v) { o.videoPath = nonEmptyPath(v); }});
    flags.push_back(
        {"--video-quality", "CRF",
         "the video encoder's constant rate factor: 0 best and largest, 51 worst and smallest", "20",
         [](ViewerOptions& o, std::string_view v) { o.videoQuality = static_cast<int>(integerIn(v, 0, 51)); }});
    flags.push_back({"--fps", "N",
                     "frames a second a keyframed camera path is rendered at: a path whose lines start with a "
                     "time, \"T X Y Z YAW PITCH\" (T in seconds, increasing), is flown smoothly through "
                     "its keyframes, one frame every 1/N s",
                     "30", [](ViewerOptions& o, std::string_view v) {
                         o.framesPerSecond = numberIn(v, 0.0, kMaxPathFramesPerSecond, true);
                     }});
    flags.push_back({"--screenshot", "OUT.png", "write the last frame as a PNG", "none",
                     [](ViewerOptions& o, std::string_view v) { o.screenshotPath = nonEmptyPath(v); }});
    flags.push_back({"--stats", "OUT.json", "write timings, leaf counts and memory as JSON", "none",
                     [](ViewerOptions& o, std::string_view v) { o.statsPath = nonEmptyPath(v); }});
    flags.push_back({"--wireframe", "", "draw the triangle edges over the shading", "off",
                     [](ViewerOptions& o, std::string_view) { o.wireframe = true; }});
    flags.push_back({"--shading", "lit|normals|depth", "shading mode", std::string(shadingModeName(defaults.shading)),
                     [](ViewerOptions& o, std::string_view v) { o.shading = parseShading(v); }});
    flags.push_back({"--sun", "AZIMUTH,ELEVATION", "sun direction in degrees",
                     numberText(defaults.sun.azimuthDegrees) + "," + numberText(defaults.sun.elevationDegrees),
                     [](ViewerOptions& o, std::string_view v) { parseSun(o, v); }});
    flags.push_back({"--time", "YYYY-MM-DDTHH:MMZ[/YYYY-MM-DDTHH:MMZ]",
                     "place the sun as it stands at this UTC instant over a georeferenced DEM's centre; START/END "
                     "moves it from one instant to the other over a camera path's frames",
                     "none: --sun", [](ViewerOptions& o, std::string_view v) {
                         const std::size_t slash = v.find('/');
                         o.time = parseUtcInstant(v.substr(0, slash));
                         o.timeEnd.reset();
                         if (slash != std::string_view::npos) {
                             o.timeEnd = parseUtcInstant(v.substr(slash + 1));
                         }
                     }});
    flags.push_back({"--exposure", "STOPS", "exposure of the HDR image: luminance times 2^STOPS",
                     numberText(defaults.display.exposureStops), [](ViewerOptions& o, std::string_view v) {
                         o.display.exposureStops = numberIn(v, -20.0, 20.0, false);
                     }});
    flags.push_back({"--tonemap", "none|aces|hable", "tone curve from HDR to the display",
                     std::string(display::tonemapperName(defaults.display.tonemapper)),
                     [](ViewerOptions& o, std::string_view v) { o.display.tonemapper = parseTonemapper(v); }});
    flags.push_back({"--planet", "",
                     "the whole Earth on a globe from a global DEM in geographic coordinates (the file "
                     "argument); HEIGHT of --camera-geo is then above the WGS 84 ellipsoid, --camera-path "
                     "lines are LAT LON HEIGHT HEADING PITCH [WxH], --sun is relative to the horizon under "
                     "the camera",
                     "off; the DEM: ETOPO5 of ferret-datasets",
                     [](ViewerOptions& o, std::string_view) { o.planet = true; }});
    flags.push_back(
        {"--help", "", "show this text and exit", "", [](ViewerOptions& o, std::string_view) { o.showHelp = true; }});
    return flags;
}

}  // namespace viewer
