#include "bisector/ExactGeometry.h"

#include <cmath>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace bisector {
namespace {

VertexWeights midpoint(const VertexWeights& a, const VertexWeights& b)
{
    VertexWeights m{};
    for (std::size_t j = 0; j < 3; ++j) {
        const Weight sum = a[j] + b[j];
        if ((sum & 1) != 0) {
            throw std::logic_error("bisector weight midpoint is not a multiple of 2^-32");
        }
        m[j] = sum / 2;
    }
    return m;
}

struct Pair {
    double high;
    double low;
};

// a + b = high + low exactly (Knuth's two-sum).
Pair twoSum(double a, double b) noexcept
{
    const double sum = a + b;
    const double bVirtual = sum - a;
    const double aVirtual = sum - bVirtual;
    return {sum, (a - aVirtual) + (b - bVirtual)};
}

// a * b = high + low exactly, barring underflow.
Pair twoProduct(double a, double b) noexcept
{
    const double product = a * b;
    return {product, std::fma(a, b, -product)};
}

// The sign of the exact sum of `terms`: grows a nonoverlapping expansion
// term by term (two-sum with every component, zeros dropped); its largest
// component, the last, carries the sign of the whole.
int exactSumSign(std::span<const double> terms)
{
    std::vector<double> expansion;
    std::vector<double> grown;
    for (const double term : terms) {
        grown.clear();
        double carry = term;
        for (const double component : expansion) {
            const Pair sum = twoSum(carry, component);
            if (sum.low != 0.0) {
                grown.push_back(sum.low);
            }
            carry = sum.high;
        }
        if (carry != 0.0) {
            grown.push_back(carry);
        }
        expansion.swap(grown);
    }
    if (expansion.empty()) {
        return 0;
    }
    return expansion.back() > 0.0 ? 1 : -1;
}

void requireInRange(double value)
{
    if (!std::isfinite(value) || std::abs(value) > 0x1p200) {
        throw std::domain_error("orientationSign: coordinate " + std::to_string(value) + " is outside +-2^200");
    }
}

// b - a, which must be exact and 0 or at least 2^-400 in magnitude.
double exactDifference(double b, double a)
{
    const Pair difference = twoSum(b, -a);
    if (difference.low != 0.0 || (difference.high != 0.0 && std::abs(difference.high) < 0x1p-400)) {
        throw std::domain_error("orientationSign: an edge of the triangle is not exact in double");
    }
    return difference.high;
}

}  // namespace

TriangleWeights rootWeights() noexcept
{
    return {VertexWeights{kWeightOne, 0, 0}, VertexWeights{0, kWeightOne, 0}, VertexWeights{0, 0, kWeightOne}};
}

TriangleWeights childWeights(const TriangleWeights& parent, int bit)
{
    const VertexWeights m = midpoint(parent[0], parent[2]);
    if (bit == 0) {
        return {parent[0], m, parent[1]};
    }
    return {parent[1], m, parent[2]};
}

TriangleWeights keyWeights(Key key, const KeyLayout& layout)
{
    TriangleWeights weights = rootWeights();
    for (int level = layout.levelsBelowRoot(key) - 1; level >= 0; --level) {
        weights = childWeights(weights, static_cast<int>((key >> level) & 1u));
    }
    return weights;
}

glm::dvec3 weightedPoint(const VertexWeights& weights, const RootTriangle& root) noexcept
{
    const glm::dvec3 sum = (static_cast<double>(weights[0]) * root[0] + static_cast<double>(weights[1]) * root[1]) +
                           static_cast<double>(weights[2]) * root[2];
    return sum * 0x1p-32;
}

std::array<glm::dvec3, 3> bisectorVertices(Key key, const KeyLayout& layout, const HalfedgeMesh& mesh)
{
    const TriangleWeights weights = keyWeights(key, layout);
    const RootTriangle root = mesh.rootTriangle(layout.rootOf(key));
    return {weightedPoint(weights[0], root), weightedPoint(weights[1], root), weightedPoint(weights[2], root)};
}

int orientationSign(glm::dvec2 a, glm::dvec2 b, glm::dvec2 p)
{
    for (const double value : {a.x, a.y, b.x, b.y, p.x, p.y}) {
        requireInRange(value);
    }
    const double edgeX = exactDifference(b.x, a.x);
    const double edgeY = exactDifference(b.y, a.y);
    // p - a as exact pairs, scaled by 2^600 (exact) so that no product of a
    // tiny low part underflows.
    const Pair toPointX = twoSum(p.x, -a.x);
    const Pair toPointY = twoSum(p.y, -a.y);
    const double scale = 0x1p600;
    const Pair terms[] = {
        twoProduct(edgeX, toPointY.high * scale),
        twoProduct(edgeX, toPointY.low * scale),
        twoProduct(-edgeY, toPointX.high * scale),
        twoProduct(-edgeY, toPointX.low * scale),
    };
    std::vector<double> parts;
    for (const Pair& term : terms) {
        parts.push_back(term.low);
        parts.push_back(term.high);
    }
    return exactSumSign(parts);
}

bool closedTriangleContains(const std::array<glm::dvec2, 3>& triangle, glm::dvec2 p)
{
    const int orientation = orientationSign(triangle[0], triangle[1], triangle[2]);
    if (orientation == 0) {
        return false;
    }
    for (std::size_t i = 0; i < 3; ++i) {
        const int side = orientationSign(triangle[i], triangle[(i + 1) % 3], p);
        if (side != 0 && side != orientation) {
            return false;
        }
    }
    return true;
}

}  // namespace bisector
