// A small JSON reader and writer: enough for parameters, model files and round
// reports. Objects keep their key order.
#pragma once

#include <cstdint>      // for int64_t
#include <optional>     // for optional
#include <string>       // for string
#include <string_view>  // for string_view
#include <vector>       // for vector

namespace boostlab::json {

struct Member;

struct Value {
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject };
  Kind kind = Kind::kNull;
  bool boolean = false;
  double number = 0;
  std::string string;
  std::vector<Value> array;
  // Not pair<string, Value>: that instantiates pair with Value incomplete,
  // which libstdc++ 12 refuses under clang (a vector of a declared struct
  // is fine).
  std::vector<Member> object;

  bool IsNumber() const { return kind == Kind::kNumber; }
  bool IsString() const { return kind == Kind::kString; }
  bool IsArray() const { return kind == Kind::kArray; }
  bool IsObject() const { return kind == Kind::kObject; }
  // Member lookup in an object; nullptr if absent or not an object.
  const Value* Find(std::string_view key) const;
};

// An object's key and value; `first` and `second`, as the pair it replaces.
struct Member {
  std::string first;
  Value second;
};

// The first key (in sorted order) an object gives twice, or nullptr. Both
// readers (JSON text, UBJSON) refuse such an object: which of the two a
// reader keeps differs from reader to reader, so the file means different
// things to each. Sorted once: a million keys cost n log n, not n squared.
const std::string* RepeatedKey(const Value& object);

// Throws std::invalid_argument with the byte offset of the problem.
// allow_nan: also read the bare NaN, Infinity and -Infinity that XGBoost
// writes in its model files (not JSON, so off by default).
Value Parse(std::string_view text, bool allow_nan = false);

// Parses text that must hold a JSON object; otherwise throws
// boostlab::Error{code} saying "<what> ...".
Value ParseObject(std::string_view text, const char* code, const std::string& what);

// The whole number a JSON number holds, checked before any conversion (a
// double beyond an integer type's range converts to anything, or traps):
// nullopt unless v is a number, whole, and within [lo, hi]. Every integer
// read from JSON goes through here or WholeNumber below.
std::optional<int64_t> ToWholeNumber(const Value& v, int64_t lo, int64_t hi);
// The same, throwing Error{code, "<field> is <value as written>; it must be a
// whole number from lo to hi."} where ToWholeNumber gives nullopt.
int64_t WholeNumber(const Value& v, int64_t lo, int64_t hi, const char* code, const std::string& field);
// A number as a Value (for Describe).
inline Value Number(double v) {
  Value out;
  out.kind = Value::Kind::kNumber;
  out.number = v;
  return out;
}
// A value as a person reads it in a message: 4294967296, 1e+20, 0.5, "text", null.
std::string Describe(const Value& v);

// Appends a quoted, escaped JSON string.
void AppendString(std::string& out, std::string_view s);
// Appends a number that reads back to the same double (null for NaN/inf).
void AppendNumber(std::string& out, double v);
// Appends a float with 9 significant digits (reads back to the same float).
void AppendFloat(std::string& out, float v);
// Appends ["a","b",...], each quoted and escaped.
void AppendStrings(std::string& out, const std::vector<std::string>& values);

// Appends "key":[...], each item written by write(out, item): the column
// layout the model files use (one array per field, index i for node i).
template <typename T, typename Write>
void AppendArray(std::string& out, const char* key, const std::vector<T>& items, Write write) {
  out += '"';
  out += key;
  out += "\":[";
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += ',';
    write(out, items[i]);
  }
  out += ']';
}

}  // namespace boostlab::json
