// e^x for floats with the same bits natively and in wasm, many at a time.
//
// The sigmoid and the softmax of every row's margin run every round; libm's
// expf is a call a value, and its bits differ between builds (glibc picks an
// FMA variant on processors that have one, wasm's musl has none). This is the
// algorithm both libraries share (ARM's optimized-routines expf: x/ln2 split
// into k/32 + r, 2^(k/32) from a table of 32, a cubic in r, in double
// precision) written once, without fused multiply-adds: it gives musl's
// bits (the tests compare it with the wasm build's expf on every float) on
// every build, and ExpFloats computes it four values a vector.
#pragma once

#include <cstddef>  // for size_t

namespace boostlab {

// e^x as musl's expf computes it, for any float (inf, NaN, overflow, underflow included).
float ExpFloat(float x);

// out[i] = ExpFloat(in[i]) for i < n, bit for bit; in and out may be the same array.
void ExpFloats(const float* in, float* out, size_t n);

}  // namespace boostlab
