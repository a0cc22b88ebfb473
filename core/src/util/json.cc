#include "util/json.h"

#include "boostlab/errors.h"

#include <algorithm>  // for sort
#include <cmath>      // for isfinite, floor, abs
#include <cstdio>     // for snprintf
#include <cstdlib>    // for strtod
#include <limits>     // for numeric_limits
#include <stdexcept>  // for invalid_argument
#include <vector>     // for vector

namespace boostlab::json {

const std::string* RepeatedKey(const Value& object) {
  if (object.object.size() < 2) return nullptr;
  std::vector<const std::string*> keys;
  keys.reserve(object.object.size());
  for (const Member& m : object.object) keys.push_back(&m.first);
  std::sort(keys.begin(), keys.end(), [](const std::string* a, const std::string* b) { return *a < *b; });
  for (size_t i = 1; i < keys.size(); ++i)
    if (*keys[i] == *keys[i - 1]) return keys[i];
  return nullptr;
}

const Value* Value::Find(std::string_view key) const {
  if (kind != Kind::kObject) return nullptr;
  for (const auto& [k, v] : object)
    if (k == key) return &v;
  return nullptr;
}

namespace {

class Parser {
 public:
  Parser(std::string_view text, bool allow_nan) : s_(text), allow_nan_(allow_nan) {}

  Value ParseDocument() {
    Value v = ParseValue(0);
    SkipSpace();
    if (pos_ != s_.size()) Fail("unexpected text after the value");
    return v;
  }

 private:
  [[noreturn]] void Fail(const char* what) {
    throw std::invalid_argument(std::string("JSON: ") + what + " at byte " + std::to_string(pos_));
  }
  void SkipSpace() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\n' || s_[pos_] == '\r' || s_[pos_] == '\t'))
      ++pos_;
  }
  void CheckKeysOnce(const Value& object) {
    if (const std::string* twice = RepeatedKey(object)) {
      const std::string what = "the key \"" + twice->substr(0, 40) + "\" appears twice in the object that ends";
      Fail(what.c_str());
    }
  }
  bool Consume(std::string_view word) {
    if (s_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }
  Value ParseValue(int depth) {
    if (depth > 64) Fail("nesting too deep");
    SkipSpace();
    if (pos_ >= s_.size()) Fail("unexpected end");
    Value v;
    char c = s_[pos_];
    if (c == '{') {
      v.kind = Value::Kind::kObject;
      ++pos_;
      SkipSpace();
      if (pos_ < s_.size() && s_[pos_] == '}') { ++pos_; return v; }
      for (;;) {
        SkipSpace();
        if (pos_ >= s_.size() || s_[pos_] != '"') Fail("expected a key");
        std::string key = ParseString();
        SkipSpace();
        if (pos_ >= s_.size() || s_[pos_] != ':') Fail("expected ':'");
        ++pos_;
        v.object.push_back(Member{std::move(key), ParseValue(depth + 1)});
        SkipSpace();
        if (pos_ < s_.size() && s_[pos_] == ',') { ++pos_; continue; }
        if (pos_ < s_.size() && s_[pos_] == '}') {
          ++pos_;
          CheckKeysOnce(v);
          return v;
        }
        Fail("expected ',' or '}'");
      }
    }
    if (c == '[') {
      v.kind = Value::Kind::kArray;
      ++pos_;
      SkipSpace();
      if (pos_ < s_.size() && s_[pos_] == ']') { ++pos_; return v; }
      for (;;) {
        v.array.push_back(ParseValue(depth + 1));
        SkipSpace();
        if (pos_ < s_.size() && s_[pos_] == ',') { ++pos_; continue; }
        if (pos_ < s_.size() && s_[pos_] == ']') { ++pos_; return v; }
        Fail("expected ',' or ']'");
      }
    }
    if (c == '"') {
      v.kind = Value::Kind::kString;
      v.string = ParseString();
      return v;
    }
    if (Consume("true")) { v.kind = Value::Kind::kBool; v.boolean = true; return v; }
    if (Consume("false")) { v.kind = Value::Kind::kBool; return v; }
    if (Consume("null")) return v;
    if (allow_nan_) {
      const bool nan = Consume("NaN") || Consume("-NaN");
      const int inf = Consume("Infinity") ? 1 : Consume("-Infinity") ? -1 : 0;
      if (nan || inf) {
        v.kind = Value::Kind::kNumber;
        v.number = nan ? std::numeric_limits<double>::quiet_NaN() : inf * std::numeric_limits<double>::infinity();
        return v;
      }
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
      size_t start = pos_;
      while (pos_ < s_.size() && std::string_view("+-.eE0123456789").find(s_[pos_]) != std::string_view::npos)
        ++pos_;
      std::string num(s_.substr(start, pos_ - start));
      char* end = nullptr;
      v.number = std::strtod(num.c_str(), &end);
      if (end != num.c_str() + num.size()) { pos_ = start; Fail("bad number"); }
      v.kind = Value::Kind::kNumber;
      return v;
    }
    Fail("unexpected character");
  }
  static void AppendUtf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out += char(cp);
    } else if (cp < 0x800) {
      out += char(0xC0 | (cp >> 6));
      out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += char(0xE0 | (cp >> 12));
      out += char(0x80 | ((cp >> 6) & 0x3F));
      out += char(0x80 | (cp & 0x3F));
    } else {
      out += char(0xF0 | (cp >> 18));
      out += char(0x80 | ((cp >> 12) & 0x3F));
      out += char(0x80 | ((cp >> 6) & 0x3F));
      out += char(0x80 | (cp & 0x3F));
    }
  }
  unsigned ParseHex4() {
    if (pos_ + 4 > s_.size()) Fail("bad \\u escape");
    unsigned cp = 0;
    for (int i = 0; i < 4; ++i) {
      char h = s_[pos_++];
      cp <<= 4;
      if (h >= '0' && h <= '9') cp |= h - '0';
      else if (h >= 'a' && h <= 'f') cp |= h - 'a' + 10;
      else if (h >= 'A' && h <= 'F') cp |= h - 'A' + 10;
      else Fail("bad \\u escape");
    }
    return cp;
  }
  std::string ParseString() {
    ++pos_;  // opening quote
    std::string out;
    for (;;) {
      if (pos_ >= s_.size()) Fail("unterminated string");
      char c = s_[pos_++];
      if (c == '"') return out;
      if (c != '\\') { out += c; continue; }
      if (pos_ >= s_.size()) Fail("unterminated string");
      char e = s_[pos_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          unsigned cp = ParseHex4();
          if (cp >= 0xD800 && cp < 0xDC00 && Consume("\\u")) {
            unsigned lo = ParseHex4();
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          }
          AppendUtf8(out, cp);
          break;
        }
        default: Fail("bad escape");
      }
    }
  }

  std::string_view s_;
  bool allow_nan_ = false;
  size_t pos_ = 0;
};

}  // namespace

Value Parse(std::string_view text, bool allow_nan) { return Parser(text, allow_nan).ParseDocument(); }

Value ParseObject(std::string_view text, const char* code, const std::string& what) {
  Value doc;
  try {
    doc = Parse(text);
  } catch (const std::invalid_argument& e) {
    throw Error(code, what + " are not valid JSON: " + e.what());
  }
  if (!doc.IsObject()) throw Error(code, what + " must be a JSON object.");
  return doc;
}

std::optional<int64_t> ToWholeNumber(const Value& v, int64_t lo, int64_t hi) {
  // Compared as doubles first: lo and hi up to 2^53 are exact there, and a
  // NaN fails every comparison.
  // 2^63 itself is refused before the cast: INT64_MAX rounds up to it as a
  // double, and converting 2^63 to int64_t is undefined behaviour.
  if (!v.IsNumber() || !(v.number >= static_cast<double>(lo) && v.number <= static_cast<double>(hi)) ||
      v.number != std::floor(v.number) || !(v.number >= -0x1p63 && v.number < 0x1p63))
    return std::nullopt;
  const int64_t whole = static_cast<int64_t>(v.number);
  if (whole < lo || whole > hi) return std::nullopt;  // hi past 2^53 rounds up as a double
  return whole;
}

int64_t WholeNumber(const Value& v, int64_t lo, int64_t hi, const char* code, const std::string& field) {
  if (const std::optional<int64_t> whole = ToWholeNumber(v, lo, hi)) return *whole;
  throw Error(code, field + " is " + Describe(v) + "; it must be a whole number from " + std::to_string(lo) + " to " +
                        std::to_string(hi) + ".");
}

std::string Describe(const Value& v) {
  std::string out;
  switch (v.kind) {
    case Value::Kind::kNull: return "null";
    case Value::Kind::kBool: return v.boolean ? "true" : "false";
    case Value::Kind::kString: AppendString(out, v.string.substr(0, 40)); return out;
    case Value::Kind::kArray: return "an array";
    case Value::Kind::kObject: return "an object";
    case Value::Kind::kNumber: break;
  }
  if (std::abs(v.number) < 1e15 && v.number == std::floor(v.number)) return std::to_string(static_cast<int64_t>(v.number));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", v.number);
  return buf;
}

void AppendString(std::string& out, std::string_view s) {
  out += '"';
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

void AppendNumber(std::string& out, double v) {
  if (!std::isfinite(v)) { out += "null"; return; }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  out += buf;
}

void AppendFloat(std::string& out, float v) {
  if (!std::isfinite(v)) { out += "null"; return; }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(v));
  out += buf;
}

void AppendStrings(std::string& out, const std::vector<std::string>& values) {
  out += '[';
  for (size_t i = 0; i < values.size(); ++i) {
    if (i) out += ',';
    AppendString(out, values[i]);
  }
  out += ']';
}

}  // namespace boostlab::json
