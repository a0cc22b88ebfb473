// Universal Binary JSON (ubjson.org), as XGBoost 2.1 and later save models
// by default (.ubj): read into the same json::Value tree a JSON file gives,
// and written from one. Numbers are big-endian; an array of one numeric type
// may be "typed" ([$d#L<count> then the values), as XGBoost writes a tree's
// columns.
#pragma once

#include <functional>   // for function
#include <string>       // for string
#include <string_view>  // for string_view

#include "util/json.h"

namespace boostlab::ubjson {

// Whether a file starting with these bytes is UBJSON: an object whose first
// key's length marker follows the '{' (JSON text has a '"', a space or '}').
bool Looks(std::string_view first_bytes);

// The document; throws std::invalid_argument naming the byte where it is
// wrong. Every count and length is checked against the bytes left before
// anything is allocated, and nesting is bounded as json::Parse bounds it.
json::Value Parse(std::string_view bytes);

// The element type of a typed array ('d' float32, 'l' int32, 'L' int64, 'U'
// uint8) for the array under `key`, or 0 for an array of values each with its
// own marker. Whole numbers elsewhere are written as int64, others as float64.
using ArrayTypes = std::function<char(std::string_view key)>;
std::string Write(const json::Value& doc, const ArrayTypes& typed);

// For a document written in pieces (a model's trees one at a time): Write,
// and where in its bytes the value `mark` (a node of doc) starts (npos if
// it is not in doc); one value as it is written under `key`; and the start
// of an untyped array of n items ('[', '#', the count), its items to follow.
std::string Write(const json::Value& doc, const ArrayTypes& typed, const json::Value& mark, size_t& mark_at);
void AppendValue(std::string& out, const json::Value& v, std::string_view key, const ArrayTypes& typed);
void AppendArrayHeader(std::string& out, size_t n);

}  // namespace boostlab::ubjson
