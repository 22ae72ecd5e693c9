// y = a * x + b on unsigned integers (wrapping), shared by the test shaders.
uint saxpy(uint a, uint x, uint b) {
    return a * x + b;
}
