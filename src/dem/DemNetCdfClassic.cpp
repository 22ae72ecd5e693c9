#include "dem/DemNetCdfClassic.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <fstream>
#include <limits>
#include <system_error>
#include <vector>

namespace dem {

namespace {

constexpr std::uint32_t kTagDimension = 0x0A;
constexpr std::uint32_t kTagVariable = 0x0B;
constexpr std::uint32_t kTagAttribute = 0x0C;
constexpr std::size_t kNameCharactersKept = 64;

// A header that does not parse; `problem` completes "is a ... NetCDF file".
struct MalformedHeader {
    std::string problem;
};

std::uint64_t roundedUpToFour(std::uint64_t bytes)
{
    if (bytes > std::numeric_limits<std::uint64_t>::max() - 3) {
        throw MalformedHeader{"corrupt NetCDF file: a length overflows 64 bits"};
    }
    return bytes + (4 - bytes % 4) % 4;
}

std::uint64_t multiplied(std::uint64_t a, std::uint64_t b)
{
    if (a != 0 && b > std::numeric_limits<std::uint64_t>::max() / a) {
        throw MalformedHeader{"corrupt NetCDF file: a variable's size overflows 64 bits"};
    }
    return a * b;
}

std::uint64_t added(std::uint64_t a, std::uint64_t b)
{
    if (b > std::numeric_limits<std::uint64_t>::max() - a) {
        throw MalformedHeader{"corrupt NetCDF file: a variable's end overflows 64 bits"};
    }
    return a + b;
}

// Big-endian fields of the header, refusing to read past the end of the file.
class HeaderReader {
public:
    HeaderReader(std::ifstream& file, std::uint64_t fileSize, int version)
        : file_(file),
          fileSize_(fileSize),
          version_(version)
    {
    }

    std::uint64_t position() const { return position_; }

    std::uint32_t word() { return static_cast<std::uint32_t>(bigEndian(4)); }
    // NON_NEG: 4 bytes, 8 in CDF-5.
    std::uint64_t count() { return bigEndian(version_ == 5 ? 8 : 4); }
    // OFFSET: 4 bytes in CDF-1, 8 in CDF-2 and CDF-5.
    std::uint64_t offset() { return bigEndian(version_ == 1 ? 4 : 8); }

    void skip(std::uint64_t bytes)
    {
        require(bytes);
        position_ += bytes;
        file_.seekg(static_cast<std::streamoff>(position_));
    }

    // A name: its length, then its characters padded to 4 bytes. Keeps the
    // first characters for messages.
    std::string name()
    {
        const std::uint64_t padded = roundedUpToFour(count());
        require(padded);
        const std::uint64_t kept = std::min<std::uint64_t>(padded, kNameCharactersKept);
        std::string text(static_cast<std::size_t>(kept), '\0');
        file_.read(text.data(), static_cast<std::streamsize>(kept));
        position_ += padded;
        file_.seekg(static_cast<std::streamoff>(position_));
        text.erase(std::find(text.begin(), text.end(), '\0'), text.end());
        return text;
    }

    std::uint64_t typeSize(std::uint32_t type) const
    {
        switch (type) {
            case 1:
            case 2: return 1;  // BYTE, CHAR
            case 3: return 2;  // SHORT
            case 4:
            case 5: return 4;  // INT, FLOAT
            case 6: return 8;  // DOUBLE
            default: break;
        }
        if (version_ == 5) {
            switch (type) {
                case 7: return 1;  // UBYTE
                case 8: return 2;  // USHORT
                case 9: return 4;  // UINT
                case 10:
                case 11: return 8;  // INT64, UINT64
                default: break;
            }
        }
        throw MalformedHeader{"corrupt NetCDF file: unknown data type " + std::to_string(type)};
    }

private:
    void require(std::uint64_t bytes) const
    {
        if (bytes > fileSize_ - position_) {
            throw MalformedHeader{"truncated NetCDF file: it ends inside its header, at byte " +
                                  std::to_string(fileSize_)};
        }
    }

    std::uint64_t bigEndian(int byteCount)
    {
        require(static_cast<std::uint64_t>(byteCount));
        std::array<unsigned char, 8> bytes{};
        file_.read(reinterpret_cast<char*>(bytes.data()), byteCount);
        if (!file_)
            throw MalformedHeader{"truncated NetCDF file: its header can not be read"};
        position_ += static_cast<std::uint64_t>(byteCount);
        std::uint64_t value = 0;
        for (int i = 0; i < byteCount; ++i)
            value = (value << 8) | bytes[static_cast<std::size_t>(i)];
        return value;
    }

    std::ifstream& file_;
    std::uint64_t fileSize_;
    int version_;
    std::uint64_t position_ = 0;
};

// The list header: ABSENT (two zeros) or the expected tag and an element count.
std::uint64_t listLength(HeaderReader& reader, std::uint32_t expectedTag, const char* listName)
{
    const std::uint32_t tag = reader.word();
    const std::uint64_t length = reader.count();
    if (tag == 0 && length == 0)
        return 0;
    if (tag != expectedTag) {
        throw MalformedHeader{std::string("corrupt NetCDF file: its ") + listName + " list has tag " +
                              std::to_string(tag)};
    }
    return length;
}

void skipAttributes(HeaderReader& reader)
{
    const std::uint64_t attributes = listLength(reader, kTagAttribute, "attribute");
    for (std::uint64_t i = 0; i < attributes; ++i) {
        (void)reader.name();
        const std::uint64_t size = reader.typeSize(reader.word());
        reader.skip(roundedUpToFour(multiplied(reader.count(), size)));
    }
}

struct VariableExtent {
    std::string name;
    std::uint64_t begin = 0;
    std::uint64_t bytesPerRecord = 0;  // the variable's size, one record's worth for a record variable
    bool isRecord = false;
};

std::vector<VariableExtent> readVariables(HeaderReader& reader, const std::vector<std::uint64_t>& dimensions)
{
    std::vector<VariableExtent> variables;
    const std::uint64_t variableCount = listLength(reader, kTagVariable, "variable");
    for (std::uint64_t v = 0; v < variableCount; ++v) {
        VariableExtent variable;
        variable.name = reader.name();
        const std::uint64_t dimensionCount = reader.count();
        std::uint64_t elements = 1;
        for (std::uint64_t d = 0; d < dimensionCount; ++d) {
            const std::uint64_t id = reader.count();
            if (id >= dimensions.size()) {
                throw MalformedHeader{"corrupt NetCDF file: variable '" + variable.name + "' uses dimension " +
                                      std::to_string(id) + " of " + std::to_string(dimensions.size())};
            }
            if (d == 0 && dimensions[id] == 0) {
                variable.isRecord = true;  // the unlimited dimension comes first
            } else {
                elements = multiplied(elements, dimensions[id]);
            }
        }
        skipAttributes(reader);
        variable.bytesPerRecord = multiplied(elements, reader.typeSize(reader.word()));
        (void)reader.count();  // vsize: redundant, and wrong for variables over 4 GiB
        variable.begin = reader.offset();
        variables.push_back(std::move(variable));
    }
    return variables;
}

std::string checkedProblem(std::ifstream& file, std::uint64_t fileSize, int version)
{
    HeaderReader reader(file, fileSize, version);
    reader.skip(4);  // magic
    const std::uint64_t recordCount = reader.count();
    const bool streaming = recordCount == (version == 5 ? std::numeric_limits<std::uint64_t>::max() : 0xFFFFFFFFu);

    std::vector<std::uint64_t> dimensions;
    const std::uint64_t dimensionCount = listLength(reader, kTagDimension, "dimension");
    for (std::uint64_t d = 0; d < dimensionCount; ++d) {
        (void)reader.name();
        dimensions.push_back(reader.count());
    }
    skipAttributes(reader);
    const std::vector<VariableExtent> variables = readVariables(reader, dimensions);

    // One record holds every record variable, each padded to 4 bytes unless
    // it is the only one.
    const auto recordVariables = std::count_if(variables.begin(), variables.end(),
                                               [](const VariableExtent& variable) { return variable.isRecord; });
    std::uint64_t recordSize = 0;
    for (const VariableExtent& variable : variables) {
        if (variable.isRecord) {
            recordSize = added(
                recordSize, recordVariables == 1 ? variable.bytesPerRecord : roundedUpToFour(variable.bytesPerRecord));
        }
    }
    for (const VariableExtent& variable : variables) {
        if (variable.bytesPerRecord == 0)
            continue;
        std::uint64_t end = added(variable.begin, variable.bytesPerRecord);
        if (variable.isRecord) {
            if (streaming || recordCount == 0)
                continue;
            end = added(end, multiplied(recordCount - 1, recordSize));
        }
        if (end > fileSize) {
            return "truncated NetCDF file: variable '" + variable.name + "' ends at byte " + std::to_string(end) +
                   ", the file has " + std::to_string(fileSize) + " bytes";
        }
    }
    return "";
}

}  // namespace

std::optional<std::string> netCdfClassicSizeProblem(const std::filesystem::path& path)
{
    std::error_code error;
    const std::uint64_t fileSize = std::filesystem::file_size(path, error);
    if (error)
        return std::nullopt;
    std::ifstream file(path, std::ios::binary);
    std::array<char, 4> magic{};
    if (!file.read(magic.data(), magic.size()) || magic[0] != 'C' || magic[1] != 'D' || magic[2] != 'F') {
        return std::nullopt;
    }
    const int version = magic[3];
    if (version != 1 && version != 2 && version != 5)
        return std::nullopt;
    file.seekg(0);
    try {
        std::string problem = checkedProblem(file, fileSize, version);
        if (problem.empty())
            return std::nullopt;
        return "is a " + problem;
    } catch (const MalformedHeader& malformed) {
        return "is a " + malformed.problem;
    }
}

}  // namespace dem
