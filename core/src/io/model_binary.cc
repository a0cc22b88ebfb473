// The compact model file. Layout (every number little-endian):
//
//   "BLMODEL\x1a"                      8 bytes: what the file is
//   u32 version (1), u32 header bytes, the header: Model::SummaryJson()
//   per tree (header's num_trees of them):
//     "TREE", u32 nodes n, u32 category words c, u32 parts (1: sum_grad, 2: leaf_values)
//     i32 left[n]        -1 for a leaf; the right child is left + 1
//     i32 feature[n]
//     u8 split[n]        1: missing values go left, 2: a categorical split
//     u32 threshold[n]   a numeric split's float bits, or where its set starts in categories
//     f32 value[n], f32 gain[n], f32 cover[n]
//     i32 categories[c]  each set's size, then its ascending codes (Tree::categories)
//     f32 sum_grad[n]                 if parts & 1
//     f32 leaf_values[n * num_outputs] if parts & 2
//   nothing after the last tree.
//
// The columns are TreeNode's fields, so writing is a copy and reading a copy
// plus the checks FromJson makes (a hostile file gets the same messages'
// precision). Sizes are checked against the bytes left before anything is
// allocated: a file cannot ask for more memory than it could fill.

#include <algorithm>  // for min, is_sorted
#include <bit>        // for endian
#include <cmath>      // for isfinite
#include <cstdint>    // for int32_t, uint8_t, uint32_t, uint64_t
#include <cstring>    // for memcpy
#include <stdexcept>  // for invalid_argument
#include <string>     // for string
#include <vector>     // for vector

#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "io/model_reading.h"
#include "util/json.h"

namespace boostlab {
namespace {

static_assert(std::endian::native == std::endian::little, "the compact model file is little-endian, as wasm and x86 are");

using model_io::Corrupt;

constexpr char kMagic[8] = {'B', 'L', 'M', 'O', 'D', 'E', 'L', '\x1a'};
constexpr uint32_t kBinaryVersion = 1;
constexpr uint32_t kTreeTag = 0x45455254;  // "TREE"
constexpr uint32_t kPartSumGrad = 1, kPartLeafValues = 2;
constexpr uint8_t kDefaultLeft = 1, kCategorical = 2;
// A tree's record: tag, n, c, parts; then per node left, feature, split,
// threshold, value, gain, cover.
constexpr uint64_t kTreeRecordBytes = 16;
constexpr uint64_t kNodeBytes = 4 + 4 + 1 + 4 + 4 + 4 + 4;
// The header is a few kilobytes (features, levels, params); a model with
// hundreds of thousands of category levels stays well under this.
constexpr uint64_t kMaxHeaderBytes = uint64_t{256} << 20;

// std::bit_cast, which Emscripten 3.1.6's libc++ lacks.
template <typename To, typename From>
To BitCast(From from) {
  static_assert(sizeof(To) == sizeof(From));
  To to;
  std::memcpy(&to, &from, sizeof to);
  return to;
}

template <typename T>
void Put(std::string& out, T v) {
  char bytes[sizeof(T)];
  std::memcpy(bytes, &v, sizeof(T));
  out.append(bytes, sizeof(T));
}

template <typename T, typename Field>
void PutColumn(std::string& out, const std::vector<TreeNode>& nodes, Field field) {
  for (const TreeNode& n : nodes) Put<T>(out, field(n));
}

template <typename T>
void PutAll(std::string& out, const std::vector<T>& values) {
  out.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
}

// A megabyte of buffer between the source and the reader: one call to the
// source per megabyte (in the browser each is a call into JavaScript).
class Input {
 public:
  explicit Input(ByteSource& source) : source_(source), buffer_(kBufferBytes) {}

  uint64_t Remaining() const { return source_.Remaining() + (end_ - pos_); }

  template <typename T>
  T Get(const char* what) {
    T v;
    std::memcpy(&v, Take(sizeof(T), what), sizeof(T));
    return v;
  }

  // n values of type T, each handed to use(index, value).
  template <typename T, typename Use>
  void Column(uint64_t n, const char* what, Use use) {
    constexpr uint64_t kPerTake = kBufferBytes / sizeof(T);
    for (uint64_t i = 0; i < n;) {
      const uint64_t k = std::min(n - i, kPerTake);
      const char* p = Take(k * sizeof(T), what);
      for (uint64_t j = 0; j < k; ++j) {
        T v;
        std::memcpy(&v, p + j * sizeof(T), sizeof(T));
        use(i + j, v);
      }
      i += k;
    }
  }

  std::string String(uint64_t n, const char* what) {
    if (n > Remaining()) Short(what);
    std::string out(n, '\0');
    const uint64_t buffered = std::min<uint64_t>(n, end_ - pos_);
    std::memcpy(out.data(), buffer_.data() + pos_, buffered);
    pos_ += buffered;
    source_.Read(out.data() + buffered, n - buffered);
    return out;
  }

 private:
  static constexpr uint64_t kBufferBytes = 1 << 20;

  [[noreturn]] static void Short(const char* what) {
    Corrupt(std::string("the file ends inside ") + what + " (it is cut short)");
  }

  const char* Take(uint64_t n, const char* what) {
    if (end_ - pos_ < n) {
      const uint64_t kept = end_ - pos_;
      std::memmove(buffer_.data(), buffer_.data() + pos_, kept);
      const uint64_t more = std::min<uint64_t>(kBufferBytes - kept, source_.Remaining());
      if (kept + more < n) Short(what);
      source_.Read(buffer_.data() + kept, more);
      pos_ = 0;
      end_ = kept + more;
    }
    const char* p = buffer_.data() + pos_;
    pos_ += n;
    return p;
  }

  ByteSource& source_;
  std::vector<char> buffer_;
  uint64_t pos_ = 0, end_ = 0;
};

// Tree t from its record, with every check FromJson makes of a tree.
Tree ReadTree(Input& in, const Model& m, size_t t) {
  const std::string where = "tree " + std::to_string(t);
  if (in.Get<uint32_t>("a tree's record") != kTreeTag)
    Corrupt(where + "'s record does not start with TREE (the file is corrupt)");
  const uint64_t n = in.Get<uint32_t>("a tree's record");
  const uint64_t c = in.Get<uint32_t>("a tree's record");
  const uint32_t parts = in.Get<uint32_t>("a tree's record");
  if (n == 0) Corrupt(where + " has no nodes");
  if (n > static_cast<uint64_t>(INT32_MAX)) Corrupt(where + " has more nodes than a tree can hold");
  if (parts & ~(kPartSumGrad | kPartLeafValues)) Corrupt(where + " has parts this build does not know (" + std::to_string(parts) + ")");
  const uint64_t K = static_cast<uint64_t>(m.num_outputs);
  // All in 64 bits: n < 2^31, c < 2^32 and K <= 65536 cannot overflow.
  const uint64_t bytes = n * kNodeBytes + c * 4 + (parts & kPartSumGrad ? n * 4 : 0) + (parts & kPartLeafValues ? n * K * 4 : 0);
  if (bytes > in.Remaining())
    Corrupt(where + " says it takes " + std::to_string(bytes) + " bytes, but " + std::to_string(in.Remaining()) +
            " are left (the file is cut short or corrupt)");

  const char* what = "a tree's nodes";
  Tree tree;
  tree.nodes.resize(n);
  std::vector<int64_t> left(n), right(n);
  in.Column<int32_t>(n, what, [&](uint64_t i, int32_t v) {
    if (v < -1) Corrupt(where + " node " + std::to_string(i) + "'s left child is " + std::to_string(v));
    left[i] = v;
    right[i] = v < 0 ? -1 : int64_t{v} + 1;
    tree.nodes[i].left = v;
  });
  model_io::CheckShape(left, right, where);
  left = {};
  right = {};
  std::vector<int32_t> feature(n);
  in.Column<int32_t>(n, what, [&](uint64_t i, int32_t v) { feature[i] = v; });
  std::vector<uint8_t> split(n);
  in.Column<uint8_t>(n, what, [&](uint64_t i, uint8_t v) {
    if (v & ~(kDefaultLeft | kCategorical)) Corrupt(where + " node " + std::to_string(i) + "'s split flags are " + std::to_string(v));
    split[i] = v;
    tree.nodes[i].default_left = (v & kDefaultLeft) != 0;
  });
  std::vector<uint32_t> threshold(n);
  in.Column<uint32_t>(n, what, [&](uint64_t i, uint32_t v) { threshold[i] = v; });
  auto finite = [&](const char* field) {
    return [&, field](uint64_t i, float v) {
      if (!std::isfinite(v)) Corrupt(where + "'s " + field + "[" + std::to_string(i) + "] is not a finite number");
      return v;
    };
  };
  in.Column<float>(n, what, [&, check = finite("value")](uint64_t i, float v) { tree.nodes[i].value = check(i, v); });
  in.Column<float>(n, what, [&, check = finite("gain")](uint64_t i, float v) { tree.nodes[i].gain = check(i, v); });
  in.Column<float>(n, what, [&, check = finite("cover")](uint64_t i, float v) { tree.nodes[i].cover = check(i, v); });
  std::vector<int32_t> categories(c);
  in.Column<int32_t>(c, "a tree's category sets", [&](uint64_t i, int32_t v) { categories[i] = v; });

  const int64_t num_features = static_cast<int64_t>(m.features.size());
  for (uint64_t i = 0; i < n; ++i) {
    TreeNode& node = tree.nodes[i];
    if (node.IsLeaf()) continue;  // a leaf's feature and threshold are not read, as in FromJson
    const std::string at = where + " node " + std::to_string(i);
    if (feature[i] < 0 || feature[i] >= num_features)
      Corrupt(at + " splits on feature " + std::to_string(feature[i]) + ", but there are " + std::to_string(num_features));
    node.feature = feature[i];
    const FeatureInfo& info = m.features[feature[i]];
    if (split[i] & kCategorical) {
      if (info.type != ColumnType::kCategorical) Corrupt(at + " splits on numeric feature '" + info.name + "' by a set of categories");
      const uint64_t begin = threshold[i];
      if (begin >= c || categories[begin] < 0 || static_cast<uint64_t>(categories[begin]) > c - begin - 1)
        Corrupt(at + "'s category set lies outside the tree's " + std::to_string(c) + " category words");
      const auto set = std::span<const int32_t>(categories).subspan(begin + 1, static_cast<size_t>(categories[begin]));
      const int64_t levels = static_cast<int64_t>(info.levels.size());
      for (int32_t code : set)
        if (code < 0 || code > std::max<int64_t>(levels - 1, 0))
          Corrupt(at + "'s category " + std::to_string(code) + " is not one of its feature's " + std::to_string(levels) + " levels");
      if (!std::is_sorted(set.begin(), set.end())) Corrupt(at + "'s categories are not sorted");
      node.categorical = true;
      node.categories_begin = static_cast<uint32_t>(begin);
    } else {
      if (info.type != ColumnType::kNumeric) Corrupt(at + " splits on categorical feature '" + info.name + "' by a threshold");
      node.threshold = finite("threshold")(i, BitCast<float>(threshold[i]));
    }
  }
  tree.categories = std::move(categories);
  if (parts & kPartSumGrad) {
    tree.sum_grad.resize(n);
    in.Column<float>(n, "a tree's sum_grad", [&, check = finite("sum_grad")](uint64_t i, float v) { tree.sum_grad[i] = check(i, v); });
  }
  if (parts & kPartLeafValues) {
    tree.leaf_values.resize(n * K);
    in.Column<float>(n * K, "a tree's leaf_values",
                     [&, check = finite("leaf_values")](uint64_t i, float v) { tree.leaf_values[i] = check(i, v); });
  }
  return tree;
}

}  // namespace

bool Model::IsBinary(std::string_view first_bytes) {
  return first_bytes.size() >= sizeof kMagic && first_bytes.substr(0, sizeof kMagic) == std::string_view(kMagic, sizeof kMagic);
}

size_t Model::MemoryBytes() const {
  size_t bytes = 0;
  for (const Tree& t : trees)
    bytes += t.nodes.size() * sizeof(TreeNode) + (t.leaf_values.size() + t.sum_grad.size()) * sizeof(float) +
             t.categories.size() * sizeof(int32_t);
  return bytes;
}

std::string Model::ToBinary() const {
  std::string out;
  const std::string header = SummaryJson();
  out.reserve(sizeof kMagic + 8 + header.size() + MemoryBytes() + trees.size() * kTreeRecordBytes);
  out.append(kMagic, sizeof kMagic);
  Put<uint32_t>(out, kBinaryVersion);
  Put<uint32_t>(out, static_cast<uint32_t>(header.size()));
  out += header;
  for (const Tree& t : trees) {
    const uint32_t parts = (t.sum_grad.empty() ? 0 : kPartSumGrad) | (t.leaf_values.empty() ? 0 : kPartLeafValues);
    Put<uint32_t>(out, kTreeTag);
    Put<uint32_t>(out, static_cast<uint32_t>(t.nodes.size()));
    Put<uint32_t>(out, static_cast<uint32_t>(t.categories.size()));
    Put<uint32_t>(out, parts);
    PutColumn<int32_t>(out, t.nodes, [](const TreeNode& n) { return n.left; });
    PutColumn<int32_t>(out, t.nodes, [](const TreeNode& n) { return static_cast<int32_t>(n.IsLeaf() ? -1 : n.feature); });
    PutColumn<uint8_t>(out, t.nodes, [](const TreeNode& n) {
      return static_cast<uint8_t>((n.default_left ? kDefaultLeft : 0) | (!n.IsLeaf() && n.categorical ? kCategorical : 0));
    });
    PutColumn<uint32_t>(out, t.nodes, [](const TreeNode& n) {
      return n.IsLeaf() ? 0u : n.categorical ? n.categories_begin : BitCast<uint32_t>(n.threshold);
    });
    PutColumn<float>(out, t.nodes, [](const TreeNode& n) { return n.value; });
    PutColumn<float>(out, t.nodes, [](const TreeNode& n) { return n.gain; });
    PutColumn<float>(out, t.nodes, [](const TreeNode& n) { return n.cover; });
    PutAll(out, t.categories);
    PutAll(out, t.sum_grad);
    PutAll(out, t.leaf_values);
  }
  return out;
}

Model Model::FromBinary(std::string_view bytes) {
  BytesInMemory source(bytes);
  return FromBinary(source);
}

Model Model::FromBinary(ByteSource& source) {
  Input in(source);
  if (in.Remaining() < sizeof kMagic || !IsBinary(in.String(sizeof kMagic, "its first bytes")))
    Corrupt("it does not start as a compact BoostLab model (.blm) does");
  const uint32_t version = in.Get<uint32_t>("its header");
  if (version != kBinaryVersion)
    Corrupt("its compact format version is " + std::to_string(version) + ", this build reads version " + std::to_string(kBinaryVersion));
  const uint64_t header_bytes = in.Get<uint32_t>("its header");
  if (header_bytes > kMaxHeaderBytes || header_bytes > in.Remaining())
    Corrupt("its header says it takes " + std::to_string(header_bytes) + " bytes, but " + std::to_string(in.Remaining()) +
            " are left (the file is cut short or corrupt)");
  json::Value header;
  try {
    header = json::Parse(in.String(header_bytes, "its header"));
  } catch (const std::invalid_argument& e) {
    Corrupt(std::string("its header is not valid JSON (") + e.what() + ")");
  }
  int64_t best_iteration = -1;
  Model m = model_io::ReadHeader(header, best_iteration);
  const json::Value* count = header.Find("num_trees");
  const std::optional<int64_t> num_trees =
      count ? json::ToWholeNumber(*count, 0, static_cast<int64_t>(in.Remaining() / (kTreeRecordBytes + kNodeBytes))) : std::nullopt;
  if (!num_trees) Corrupt("its header's num_trees is missing or more than the file's bytes can hold");
  m.trees.reserve(static_cast<size_t>(*num_trees));
  for (int64_t t = 0; t < *num_trees; ++t) {
    m.trees.push_back(ReadTree(in, m, static_cast<size_t>(t)));
    if (m.trees.back().leaf_values.empty() != m.trees[0].leaf_values.empty())
      Corrupt("tree " + std::to_string(t) + " mixes multi-output and single-output trees");
  }
  if (in.Remaining() != 0) Corrupt(std::to_string(in.Remaining()) + " bytes follow its last tree");
  model_io::Finish(m, best_iteration);
  return m;
}

}  // namespace boostlab
