// Argument checks shared by the tree's entry points; each failure is a
// std::invalid_argument with a one-line message naming the allowed range.
// Internal.
#pragma once

#include <string_view>

namespace cbt::errors {

// Max depth D must lie in kMinMaxDepth .. kMaxMaxDepth ("1..30").
void requireMaxDepthInRange(int maxDepth, std::string_view caller);

// A uniform depth (constructor's initDepth, resetToDepth) must lie in 0..D.
void requireDepthInRange(int depth, int maxDepth, std::string_view caller);

// Throws std::invalid_argument("ConcurrentBinaryTree::<caller>: <what>").
[[noreturn]] void fail(std::string_view caller, std::string_view what);

}  // namespace cbt::errors
