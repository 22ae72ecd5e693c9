#include "dem/TileTemplate.h"

#include <stdexcept>

namespace dem {

namespace {

// Half the Web Mercator square's side, in metres: pi times WGS 84's
// semi-major axis.
constexpr const char* kMercatorHalfSide = "20037508.342789244";

bool startsWith(std::string_view text, std::string_view prefix)
{
    return text.substr(0, prefix.size()) == prefix;
}

bool holds(std::string_view text, std::string_view part)
{
    return text.find(part) != std::string_view::npos;
}

// `text` with every `from` replaced by `to`.
std::string replaced(std::string text, std::string_view from, std::string_view to)
{
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
    }
    return text;
}

// `text` safe inside an XML element.
std::string xmlEscaped(std::string_view text)
{
    std::string escaped;
    for (const char c : text) {
        switch (c) {
            case '&': escaped += "&amp;"; break;
            case '<': escaped += "&lt;"; break;
            case '>': escaped += "&gt;"; break;
            default: escaped += c;
        }
    }
    return escaped;
}

}  // namespace

bool isTileTemplate(std::string_view name)
{
    return (startsWith(name, "http://") || startsWith(name, "https://")) && holds(name, "{z}") && holds(name, "{x}") &&
           (holds(name, "{y}") || holds(name, "{-y}"));
}

std::string gdalDescriptionOfTileTemplate(std::string_view name)
{
    std::string url = replaced(replaced(replaced(std::string(name), "{z}", "${z}"), "{x}", "${x}"), "{y}", "${y}");
    // What is left between braces is a placeholder GDAL does not fill.
    for (std::size_t open = url.find('{'); open != std::string::npos; open = url.find('{', open + 1)) {
        if (open == 0 || url[open - 1] != '$') {
            const std::size_t close = url.find('}', open);
            const std::string placeholder = url.substr(open, close == std::string::npos ? 1 : close - open + 1);
            throw std::invalid_argument("is a tile template with the placeholder " + placeholder +
                                        ", which GDAL's tile service does not fill here: use {z}, {x} and {y} (rows "
                                        "from the north)");
        }
    }
    const std::string side = kMercatorHalfSide;
    return "<GDAL_WMS><Service name=\"TMS\"><ServerUrl>" + xmlEscaped(url) +
           "</ServerUrl></Service><DataWindow><UpperLeftX>-" + side + "</UpperLeftX><UpperLeftY>" + side +
           "</UpperLeftY><LowerRightX>" + side + "</LowerRightX><LowerRightY>-" + side + "</LowerRightY><TileLevel>" +
           std::to_string(kTileTemplateDeepestLevel) +
           "</TileLevel><TileCountX>1</TileCountX><TileCountY>1</TileCountY><YOrigin>top</YOrigin></"
           "DataWindow><Projection>EPSG:3857</Projection><BlockSizeX>256</BlockSizeX>"
           "<BlockSizeY>256</BlockSizeY><BandsCount>4</BandsCount><ZeroBlockHttpCodes>204,404</ZeroBlockHttpCodes>"
           "</GDAL_WMS>";
}

}  // namespace dem
