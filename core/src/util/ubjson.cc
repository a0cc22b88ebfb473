#include "util/ubjson.h"

#include <bit>        // for endian
#include <cmath>      // for floor, isfinite
#include <cstdint>    // for int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t
#include <cstdio>     // for snprintf
#include <cstring>    // for memcpy
#include <stdexcept>  // for invalid_argument
#include <vector>     // for vector

namespace boostlab::ubjson {
namespace {

static_assert(std::endian::native == std::endian::little, "UBJSON is big-endian; this code swaps for little-endian hosts (x86, wasm)");

constexpr int kMaxDepth = 64;  // as json::Parse

// Bytes a value of a numeric marker takes (0: not a numeric marker).
size_t NumberBytes(char m) {
  switch (m) {
    case 'i': case 'U': return 1;
    case 'I': return 2;
    case 'l': case 'd': return 4;
    case 'L': case 'D': return 8;
    default: return 0;
  }
}

class Reader {
 public:
  explicit Reader(std::string_view s) : s_(s) {}

  json::Value Document() {
    json::Value v = Value(Marker(), 0);
    if (pos_ != s_.size()) Fail("bytes after the document");
    return v;
  }

 private:
  [[noreturn]] void Fail(const std::string& what) const {
    throw std::invalid_argument("UBJSON: " + what + " at byte " + std::to_string(pos_));
  }
  size_t Left() const { return s_.size() - pos_; }
  char Marker() {
    while (pos_ < s_.size() && s_[pos_] == 'N') ++pos_;  // no-op markers
    if (pos_ >= s_.size()) Fail("unexpected end");
    return s_[pos_++];
  }
  // A big-endian number of marker m, as a double.
  double Number(char m) {
    const size_t n = NumberBytes(m);
    if (n == 0) Fail(std::string("'") + m + "' is not a number's marker");
    if (Left() < n) Fail("a number cut short");
    uint8_t b[8];
    for (size_t i = 0; i < n; ++i) b[i] = static_cast<uint8_t>(s_[pos_ + n - 1 - i]);  // to little-endian
    pos_ += n;
    switch (m) {
      case 'i': return static_cast<int8_t>(b[0]);
      case 'U': return b[0];
      case 'I': { int16_t v; std::memcpy(&v, b, 2); return v; }
      case 'l': { int32_t v; std::memcpy(&v, b, 4); return v; }
      case 'L': { int64_t v; std::memcpy(&v, b, 8); return static_cast<double>(v); }
      case 'd': { float v; std::memcpy(&v, b, 4); return v; }
      default: { double v; std::memcpy(&v, b, 8); return v; }
    }
  }
  // A count or a length: a whole number marker and a value from 0 to what
  // `each` bytes an item leave room for in the bytes left.
  size_t Count(size_t each, const char* what) {
    const char m = Marker();
    if (m == 'd' || m == 'D' || NumberBytes(m) == 0) Fail(std::string(what) + " has no whole-number marker");
    const double n = Number(m);
    if (!(n >= 0) || n > static_cast<double>(Left() / (each ? each : 1))) {
      // (As a double: int64's largest, 2^63 - 1, is 2^63 there, past int64 again.)
      char text[32];
      std::snprintf(text, sizeof text, "%.0f", n);
      Fail(std::string(what) + " of " + text + (n < 0 ? " is below 0" : " is more than the bytes left hold"));
    }
    return static_cast<size_t>(n);
  }
  std::string Text() {
    const size_t n = Count(1, "a string's length");
    std::string out(s_.substr(pos_, n));
    pos_ += n;
    return out;
  }
  json::Value Value(char m, int depth) {
    if (depth > kMaxDepth) Fail("nesting too deep");
    json::Value v;
    switch (m) {
      case 'Z': return v;
      case 'T': case 'F':
        v.kind = json::Value::Kind::kBool;
        v.boolean = m == 'T';
        return v;
      case 'S': case 'H':  // 'H': a number too precise for a double, as its text
        v.kind = json::Value::Kind::kString;
        v.string = Text();
        if (m == 'H') {
          char* end = nullptr;
          v.number = std::strtod(v.string.c_str(), &end);
          if (v.string.empty() || end != v.string.c_str() + v.string.size()) Fail("a high-precision number that is not a number");
          v.kind = json::Value::Kind::kNumber;
          v.string.clear();
        }
        return v;
      case 'C':
        if (Left() < 1) Fail("a char cut short");
        v.kind = json::Value::Kind::kString;
        v.string = std::string(1, s_[pos_++]);
        return v;
      case '[': return Container(false, depth);
      case '{': return Container(true, depth);
      default:
        if (NumberBytes(m) == 0) Fail(std::string("unknown marker '") + m + "'");
        v.kind = json::Value::Kind::kNumber;
        v.number = Number(m);
        return v;
    }
  }
  // An array or object: typed ($ then #), counted (#), or open to its ']' / '}'.
  json::Value Container(bool object, int depth) {
    json::Value v;
    v.kind = object ? json::Value::Kind::kObject : json::Value::Kind::kArray;
    char type = 0;
    if (pos_ < s_.size() && s_[pos_] == '$') {
      ++pos_;
      if (pos_ >= s_.size()) Fail("unexpected end");
      type = s_[pos_++];
      // Types without a payload would let a count ask for any number of values from no bytes.
      if (type == 'Z' || type == 'T' || type == 'F' || type == 'N') Fail("a typed container of values without bytes");
      if (pos_ >= s_.size() || s_[pos_] != '#') Fail("a typed container without a count");
    }
    const bool counted = pos_ < s_.size() && s_[pos_] == '#';
    size_t count = 0;
    if (counted) {
      ++pos_;
      // The least an item takes: a typed number's bytes, else a marker (and a key's length for objects).
      const size_t each = (type && NumberBytes(type) ? NumberBytes(type) : 1) + (object ? 1 : 0);
      count = Count(each, object ? "an object's count" : "an array's count");
      if (object) v.object.reserve(count);
      else v.array.reserve(count);
    }
    for (size_t i = 0; counted ? i < count : true; ++i) {
      if (!counted) {
        while (pos_ < s_.size() && s_[pos_] == 'N') ++pos_;
        if (pos_ >= s_.size()) Fail("a container never closed");
        if (s_[pos_] == (object ? '}' : ']')) {
          ++pos_;
          break;
        }
      }
      std::string key;
      if (object) key = Text();
      json::Value item = Value(type ? type : Marker(), depth + 1);
      if (object) v.object.push_back(json::Member{std::move(key), std::move(item)});
      else v.array.push_back(std::move(item));
    }
    if (object)
      if (const std::string* twice = json::RepeatedKey(v)) Fail("the key \"" + twice->substr(0, 40) + "\" appears twice in an object");
    return v;
  }

  std::string_view s_;
  size_t pos_ = 0;
};

void PutBig(std::string& out, const void* p, size_t n) {
  const auto* b = static_cast<const unsigned char*>(p);
  for (size_t i = n; i-- > 0;) out += static_cast<char>(b[i]);
}

void PutLength(std::string& out, size_t n) {
  out += 'L';
  const int64_t v = static_cast<int64_t>(n);
  PutBig(out, &v, 8);
}

// Whether every item of `a` is a number that type t holds exactly.
bool Fits(const json::Value& a, char t) {
  for (const json::Value& x : a.array) {
    if (!x.IsNumber()) return false;
    const double v = x.number;
    if (t == 'd') continue;  // floats as the model holds them
    if (v != std::floor(v)) return false;
    if (t == 'U' && !(v >= 0 && v <= 255)) return false;
    if (t == 'l' && !(v >= -2147483648.0 && v <= 2147483647.0)) return false;
    if (t == 'L' && !(v >= -0x1p63 && v < 0x1p63)) return false;
  }
  return true;
}

// mark, mark_at: where the value at `mark` (a node of the document) starts in out.
void WriteValue(std::string& out, const json::Value& v, std::string_view key, const ArrayTypes& typed,
                const json::Value* mark = nullptr, size_t* mark_at = nullptr) {
  if (&v == mark) *mark_at = out.size();
  switch (v.kind) {
    case json::Value::Kind::kNull: out += 'Z'; return;
    case json::Value::Kind::kBool: out += v.boolean ? 'T' : 'F'; return;
    case json::Value::Kind::kString:
      out += 'S';
      PutLength(out, v.string.size());
      out += v.string;
      return;
    case json::Value::Kind::kNumber:
      if (v.number == std::floor(v.number) && v.number >= -0x1p63 && v.number < 0x1p63) {
        out += 'L';
        const int64_t i = static_cast<int64_t>(v.number);
        PutBig(out, &i, 8);
      } else {
        out += 'D';
        PutBig(out, &v.number, 8);
      }
      return;
    case json::Value::Kind::kArray: {
      const char t = typed ? typed(key) : 0;
      out += '[';
      if (t && Fits(v, t)) {
        out += '$';
        out += t;
        out += '#';
        PutLength(out, v.array.size());
        for (const json::Value& x : v.array) {
          if (t == 'd') { const float f = static_cast<float>(x.number); PutBig(out, &f, 4); }
          else if (t == 'U') out += static_cast<char>(static_cast<uint8_t>(x.number));
          else if (t == 'l') { const int32_t i = static_cast<int32_t>(x.number); PutBig(out, &i, 4); }
          else { const int64_t i = static_cast<int64_t>(x.number); PutBig(out, &i, 8); }
        }
        return;
      }
      out += '#';
      PutLength(out, v.array.size());
      for (const json::Value& x : v.array) WriteValue(out, x, key, typed, mark, mark_at);
      return;
    }
    case json::Value::Kind::kObject:
      out += '{';
      for (const json::Member& m : v.object) {
        PutLength(out, m.first.size());
        out += m.first;
        WriteValue(out, m.second, m.first, typed, mark, mark_at);
      }
      out += '}';
      return;
  }
}

}  // namespace

bool Looks(std::string_view b) {
  return b.size() >= 2 && b[0] == '{' && (NumberBytes(b[1]) > 0 || b[1] == '$' || b[1] == '#' || b[1] == '}') && b[1] != 'd' &&
         b[1] != 'D';
}

json::Value Parse(std::string_view bytes) { return Reader(bytes).Document(); }

std::string Write(const json::Value& doc, const ArrayTypes& typed) {
  std::string out;
  WriteValue(out, doc, "", typed);
  return out;
}

std::string Write(const json::Value& doc, const ArrayTypes& typed, const json::Value& mark, size_t& mark_at) {
  std::string out;
  mark_at = std::string::npos;
  WriteValue(out, doc, "", typed, &mark, &mark_at);
  return out;
}

void AppendValue(std::string& out, const json::Value& v, std::string_view key, const ArrayTypes& typed) {
  WriteValue(out, v, key, typed);
}

void AppendArrayHeader(std::string& out, size_t n) {
  out += '[';
  out += '#';
  PutLength(out, n);
}

}  // namespace boostlab::ubjson
