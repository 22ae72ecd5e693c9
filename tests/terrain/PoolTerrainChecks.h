// Checks of the terrain's bisector pool read back from the GPU, shared by the
// pool's render tests: the pool's invariants, and a watertight mesh after
// displacement (shared vertices bit-identical in the geometry cache the draw
// reads, exact vertices those of each key, neighbours sharing one edge).
#pragma once

namespace terrain {
class Terrain;
}

namespace terrain::test {

// The pool's invariants (bisector::invariantViolations) hold.
void expectValidPool(const Terrain& terrain);

// Wherever bisectors share a vertex, the draw reads bit-identical positions
// and texture coordinates for it; the exact vertices are those of each
// bisector's key; and every pair of neighbours shares exactly the two
// vertices of their common edge.
void expectWatertight(const Terrain& terrain);

}  // namespace terrain::test
