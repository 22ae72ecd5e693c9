#include "cbt/TreeErrors.h"

#include "cbt/ConcurrentBinaryTree.h"

#include <stdexcept>
#include <string>

namespace cbt::errors {

void fail(std::string_view caller, std::string_view what)
{
    std::string message = "ConcurrentBinaryTree::";
    message += caller;
    message += ": ";
    message += what;
    throw std::invalid_argument(message);
}

void requireMaxDepthInRange(int maxDepth, std::string_view caller)
{
    if (maxDepth < kMinMaxDepth || maxDepth > kMaxMaxDepth) {
        fail(caller, "max depth " + std::to_string(maxDepth) + " is out of range " + std::to_string(kMinMaxDepth) +
                         ".." + std::to_string(kMaxMaxDepth));
    }
}

void requireDepthInRange(int depth, int maxDepth, std::string_view caller)
{
    if (depth < 0 || depth > maxDepth) {
        fail(caller,
             "depth " + std::to_string(depth) + " is out of range 0.." + std::to_string(maxDepth) + " (the max depth)");
    }
}

}  // namespace cbt::errors
