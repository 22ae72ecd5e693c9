// A size check of NetCDF classic files (CDF-1, CDF-2 64-bit offset, CDF-5)
// that the netCDF library does not make: a classic file cut short still
// opens, and the missing samples read back as zeros. The header (NetCDF
// classic format specification: magic, numrecs, dim_list, gatt_list,
// var_list, all big-endian) says where every variable's data begins and how
// large it is, so a file shorter than its last variable's end is truncated.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace dem {

// For a file that starts with a NetCDF classic signature ("CDF" + 1, 2 or
// 5): the problem ("is a truncated NetCDF file: ...", "is a corrupt NetCDF
// file: ...") when its header does not parse or its data runs past the end
// of the file; std::nullopt when it is fine or is not a classic NetCDF file.
std::optional<std::string> netCdfClassicSizeProblem(const std::filesystem::path& path);

}  // namespace dem
