// The compact model file. Layout (every number little-endian):
//
//   "BLMODEL\x1a"                      8 bytes: what the file is
//   u32 version (2), u32 header bytes, the header: Model::SummaryJson()
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
//   u32 CRC-32 of every byte before it (version 2; version 1 ends at its last tree)
//   nothing after that.
//
// The columns are TreeNode's fields, so writing is a copy and reading a copy
// plus the checks FromJson makes (a hostile file gets the same messages'
// precision). Sizes are checked against the bytes left before anything is
// allocated: a file cannot ask for more memory than it could fill.
//
// The checksum is checked last, as the bytes stream past (the reader never
// holds the whole file): a changed leaf value or threshold is still a
// well-formed file, and only the checksum tells it from the model saved. A
// file that fails a field check is checksummed to its end too, so a damaged
// file is called damaged rather than blamed on the field the damage hit.

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
#include "util/crc32.h"
#include "util/json.h"

namespace boostlab {
namespace {

static_assert(std::endian::native == std::endian::little, "the compact model file is little-endian, as wasm and x86 are");

using model_io::Corrupt;

constexpr char kMagic[8] = {'B', 'L', 'M', 'O', 'D', 'E', 'L', '\x1a'};
// Version 1 had no checksum; it is still read.
constexpr uint32_t kBinaryVersion = 2, kFirstChecksummedVersion = 2;
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

// Fills a buffer and hands it to the sink when full, the CRC computed over
// each buffer as it goes (while it is in cache). Values go in one at a time
// within a column's run, so the per-value cost is a store, not a call: a
// std::string append per value was slow in wasm.
class Output {
 public:
  explicit Output(ByteSink& sink) : sink_(sink), buffer_(kBufferBytes) {}

  template <typename T>
  void Put(T v) {
    if (kBufferBytes - used_ < sizeof(T)) Flush();
    std::memcpy(buffer_.data() + used_, &v, sizeof(T));
    used_ += sizeof(T);
  }
  // Big arrays skip the buffer: what it holds goes first, then the array itself.
  void PutBytes(const void* data, size_t n) {
    if (n == 0) return;  // data may be an empty vector's null data()
    if (n <= kBufferBytes - used_) {
      std::memcpy(buffer_.data() + used_, data, n);
      used_ += n;
      return;
    }
    Flush();
    Send(data, n);
  }
  template <typename T>
  void PutAll(const std::vector<T>& values) { PutBytes(values.data(), values.size() * sizeof(T)); }
  template <typename T, typename Field>
  void PutColumn(const std::vector<TreeNode>& nodes, Field field) {
    for (size_t i = 0; i < nodes.size();) {
      if (kBufferBytes - used_ < sizeof(T)) Flush();
      const size_t run = std::min(nodes.size() - i, (kBufferBytes - used_) / sizeof(T));
      char* p = buffer_.data() + used_;
      for (size_t k = 0; k < run; ++k, p += sizeof(T)) {
        const T v = field(nodes[i + k]);
        std::memcpy(p, &v, sizeof(T));
      }
      used_ += run * sizeof(T);
      i += run;
    }
  }
  // Every byte so far to the sink, then their CRC-32 after them: the file's end.
  void PutChecksum() {
    Flush();
    const uint32_t crc = crc_.Value();
    sink_.Write(&crc, sizeof crc);
  }

 private:
  static constexpr size_t kBufferBytes = kSinkPieceBytes;

  void Flush() {
    Send(buffer_.data(), used_);
    used_ = 0;
  }
  void Send(const void* data, size_t n) {
    if (n == 0) return;
    crc_.Update(data, n);
    sink_.Write(data, n);
  }

  ByteSink& sink_;
  std::vector<char> buffer_;
  size_t used_ = 0;
  Crc32 crc_;
};

// A megabyte of buffer between the source and the reader for the small
// fields; columns are read straight into their vectors. In the browser each
// read is a call into JavaScript.
class Input {
 public:
  // No bigger than the file (a small model should not zero a megabyte), and
  // big enough for the largest field Get reads.
  explicit Input(ByteSource& source)
      : source_(source), buffer_(static_cast<size_t>(std::clamp<uint64_t>(source.Remaining(), 16, kBufferBytes))) {}

  // Bytes left to read, less the trailer set aside by Reserve.
  uint64_t Remaining() const { return source_.Remaining() + (end_ - pos_) - reserved_; }

  template <typename T>
  T Get(const char* what) {
    if (Remaining() < sizeof(T)) Short(what);
    if (end_ - pos_ < sizeof(T)) Refill(sizeof(T), what);
    T v;
    std::memcpy(&v, buffer_.data() + pos_, sizeof(T));
    if (checksummed_) crc_.Update(buffer_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return v;
  }

  // Sets the file's last n bytes aside (its checksum): the fields before
  // them cannot run into them, whatever sizes a damaged file gives.
  void Reserve(uint64_t n) { reserved_ = n; }

  // For a file without a checksum (version 1): no CRC to compute.
  void StopChecksum() { checksummed_ = false; }

  // Reads and checksums the rest of the fields' bytes (a damaged file's,
  // after a field check stopped it), then hands back the reserved bytes.
  void SkipRest() {
    for (uint64_t rest = Remaining(); rest > 0;) {
      const uint64_t step = std::min<uint64_t>(rest, buffer_.size());
      if (end_ - pos_ < step) Refill(step, "its trees");
      crc_.Update(buffer_.data() + pos_, step);
      pos_ += step;
      rest -= step;
    }
    reserved_ = 0;
  }

  // The CRC-32 of every byte read so far.
  uint32_t Checksum() const { return crc_.Value(); }

  // The next n bytes into dst: what the buffer holds, then the rest from the source.
  void Read(void* dst, uint64_t n, const char* what) {
    if (n == 0) return;  // dst may be an empty vector's null data(): memcpy must not see it
    if (n > Remaining()) Short(what);
    const uint64_t buffered = std::min<uint64_t>(n, end_ - pos_);
    std::memcpy(dst, buffer_.data() + pos_, buffered);
    pos_ += buffered;
    if (n > buffered) source_.Read(static_cast<char*>(dst) + buffered, n - buffered);
    if (checksummed_) crc_.Update(dst, n);
  }

  // n values of type T, read straight into a vector of their own.
  template <typename T>
  std::vector<T> Column(uint64_t n, const char* what) {
    if (n * sizeof(T) > Remaining()) Short(what);
    std::vector<T> out(n);
    Read(out.data(), n * sizeof(T), what);
    return out;
  }

  std::string String(uint64_t n, const char* what) {
    if (n > Remaining()) Short(what);
    std::string out(n, '\0');
    Read(out.data(), n, what);
    return out;
  }

 private:
  static constexpr uint64_t kBufferBytes = 1 << 20;

  [[noreturn]] static void Short(const char* what) {
    Corrupt(std::string("the file ends inside ") + what + " (it is cut short)");
  }

  void Refill(uint64_t n, const char* what) {
    const uint64_t kept = end_ - pos_;
    const uint64_t more = std::min<uint64_t>(buffer_.size() - kept, source_.Remaining());
    if (kept + more < n) Short(what);  // before anything moves: the bytes left stay readable
    std::memmove(buffer_.data(), buffer_.data() + pos_, kept);
    source_.Read(buffer_.data() + kept, more);
    pos_ = 0;
    end_ = kept + more;
  }

  ByteSource& source_;
  std::vector<char> buffer_;
  uint64_t pos_ = 0, end_ = 0, reserved_ = 0;
  bool checksummed_ = true;
  Crc32 crc_;
};

// The first index whose value is not finite, or values.size(). The checks
// run over whole columns with nothing in the loop that can throw: in wasm a
// call that can throw goes through JavaScript (Emscripten's exceptions), and
// one per value was most of the reading time.
size_t FirstNotFinite(const std::vector<float>& values) {
  for (size_t i = 0; i < values.size(); ++i)
    if (!std::isfinite(values[i])) return i;
  return values.size();
}

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
  const std::vector<int32_t> left = in.Column<int32_t>(n, what);
  {
    std::vector<int64_t> left64(n), right64(n);
    for (uint64_t i = 0; i < n; ++i) {
      left64[i] = left[i] < 0 ? -1 : left[i];
      right64[i] = left[i] < 0 ? -1 : int64_t{left[i]} + 1;
    }
    for (uint64_t i = 0; i < n; ++i)
      if (left[i] < -1) Corrupt(where + " node " + std::to_string(i) + "'s left child is " + std::to_string(left[i]));
    model_io::CheckShape(left64, right64, where);
  }
  const std::vector<int32_t> feature = in.Column<int32_t>(n, what);
  const std::vector<uint8_t> split = in.Column<uint8_t>(n, what);
  const std::vector<uint32_t> threshold = in.Column<uint32_t>(n, what);
  const std::vector<float> value = in.Column<float>(n, what), gain = in.Column<float>(n, what), cover = in.Column<float>(n, what);
  for (const auto& [column, name] : {std::pair{&value, "value"}, {&gain, "gain"}, {&cover, "cover"}})
    if (const size_t i = FirstNotFinite(*column); i < n)
      Corrupt(where + "'s " + name + "[" + std::to_string(i) + "] is not a finite number");
  Tree tree;
  tree.categories = in.Column<int32_t>(c, "a tree's category sets");
  const std::vector<int32_t>& categories = tree.categories;
  tree.nodes.resize(n);
  for (uint64_t i = 0; i < n; ++i) {
    TreeNode& node = tree.nodes[i];
    node.left = left[i];
    node.default_left = (split[i] & kDefaultLeft) != 0;
    node.value = value[i];
    node.gain = gain[i];
    node.cover = cover[i];
  }
  for (uint64_t i = 0; i < n; ++i) {
    TreeNode& node = tree.nodes[i];
    if (split[i] & ~(kDefaultLeft | kCategorical)) Corrupt(where + " node " + std::to_string(i) + "'s split flags are " + std::to_string(split[i]));
    if (node.IsLeaf()) continue;  // a leaf's feature and threshold are not read, as in FromJson
    auto at = [&] { return where + " node " + std::to_string(i); };  // for messages only
    const FeatureInfo& info = model_io::SplitFeature(m, feature[i], at);
    node.feature = feature[i];
    model_io::CheckSplitKind(info, (split[i] & kCategorical) != 0, at);
    if (split[i] & kCategorical) {
      const uint64_t begin = threshold[i];
      if (begin >= c || categories[begin] < 0 || static_cast<uint64_t>(categories[begin]) > c - begin - 1)
        Corrupt(at() + "'s category set lies outside the tree's " + std::to_string(c) + " category words");
      const auto set = std::span<const int32_t>(categories).subspan(begin + 1, static_cast<size_t>(categories[begin]));
      const int64_t top = std::max<int64_t>(static_cast<int64_t>(info.levels.size()) - 1, 0);
      bool codes_ok = true;
      for (int32_t code : set) codes_ok &= code >= 0 && code <= top;
      if (!codes_ok) Corrupt(at() + " has a category that is not one of its feature's " + std::to_string(info.levels.size()) + " levels");
      if (!std::is_sorted(set.begin(), set.end())) Corrupt(at() + "'s categories are not sorted");
      node.categorical = true;
      node.categories_begin = static_cast<uint32_t>(begin);
    } else {
      node.threshold = BitCast<float>(threshold[i]);
      if (!std::isfinite(node.threshold)) Corrupt(where + "'s threshold[" + std::to_string(i) + "] is not a finite number");
    }
  }
  if (parts & kPartSumGrad) {
    tree.sum_grad = in.Column<float>(n, "a tree's sum_grad");
    if (const size_t i = FirstNotFinite(tree.sum_grad); i < n)
      Corrupt(where + "'s sum_grad[" + std::to_string(i) + "] is not a finite number");
  }
  if (parts & kPartLeafValues) {
    tree.leaf_values = in.Column<float>(n * K, "a tree's leaf_values");
    if (const size_t i = FirstNotFinite(tree.leaf_values); i < tree.leaf_values.size())
      Corrupt(where + "'s leaf_values[" + std::to_string(i) + "] is not a finite number");
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

uint64_t Model::BinarySize() const {
  uint64_t size = sizeof kMagic + 8 + SummaryJson().size() + 4;
  for (const Tree& t : trees)
    size += kTreeRecordBytes + t.nodes.size() * kNodeBytes + (t.categories.size() + t.sum_grad.size() + t.leaf_values.size()) * 4;
  return size;
}

void Model::WriteBinary(ByteSink& sink) const {
  const std::string header = SummaryJson();
  Output out(sink);
  out.PutBytes(kMagic, sizeof kMagic);
  out.Put<uint32_t>(kBinaryVersion);
  out.Put<uint32_t>(static_cast<uint32_t>(header.size()));
  out.PutBytes(header.data(), header.size());
  for (const Tree& t : trees) {
    out.Put<uint32_t>(kTreeTag);
    out.Put<uint32_t>(static_cast<uint32_t>(t.nodes.size()));
    out.Put<uint32_t>(static_cast<uint32_t>(t.categories.size()));
    out.Put<uint32_t>((t.sum_grad.empty() ? 0 : kPartSumGrad) | (t.leaf_values.empty() ? 0 : kPartLeafValues));
    out.PutColumn<int32_t>(t.nodes, [](const TreeNode& n) { return n.left; });
    out.PutColumn<int32_t>(t.nodes, [](const TreeNode& n) { return static_cast<int32_t>(n.IsLeaf() ? -1 : n.feature); });
    out.PutColumn<uint8_t>(t.nodes, [](const TreeNode& n) {
      return static_cast<uint8_t>((n.default_left ? kDefaultLeft : 0) | (!n.IsLeaf() && n.categorical ? kCategorical : 0));
    });
    out.PutColumn<uint32_t>(t.nodes, [](const TreeNode& n) {
      return n.IsLeaf() ? 0u : n.categorical ? n.categories_begin : BitCast<uint32_t>(n.threshold);
    });
    out.PutColumn<float>(t.nodes, [](const TreeNode& n) { return n.value; });
    out.PutColumn<float>(t.nodes, [](const TreeNode& n) { return n.gain; });
    out.PutColumn<float>(t.nodes, [](const TreeNode& n) { return n.cover; });
    out.PutAll(t.categories);
    out.PutAll(t.sum_grad);
    out.PutAll(t.leaf_values);
  }
  out.PutChecksum();
}

std::string Model::ToBinary() const {
  std::string bytes;
  bytes.reserve(static_cast<size_t>(BinarySize()));
  StringSink sink(bytes);
  WriteBinary(sink);
  return bytes;
}

Model Model::FromBinary(std::string_view bytes) {
  BytesInMemory source(bytes);
  return FromBinary(source);
}

namespace {

// The model in a file whose magic and version are read: the header and the
// trees, to the end of the file or of the bytes before its checksum.
Model ReadAfterVersion(Input& in) {
  const uint64_t header_bytes = in.Get<uint32_t>("its header");
  // The header is JSON, read whole as a document: the JSON file's limit holds for it too.
  if (header_bytes <= in.Remaining()) model_io::CheckJsonSize(header_bytes, "The model file's header");
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

// A checksummed file's reserved last four bytes against the CRC of the bytes before them.
bool ChecksumHolds(Input& in) {
  in.SkipRest();
  const uint32_t computed = in.Checksum();
  return in.Get<uint32_t>("its checksum") == computed;
}

constexpr const char* kDamaged =
    "its bytes do not match the checksum it was saved with: the file was cut short or changed after it was saved "
    "(on disk or in transfer, or edited), so its numbers cannot be trusted; save it again from where it was made";

}  // namespace

Model Model::FromBinary(ByteSource& source) {
  Input in(source);
  if (in.Remaining() < sizeof kMagic || !IsBinary(in.String(sizeof kMagic, "its first bytes")))
    Corrupt("it does not start as a compact BoostLab model (.blm) does");
  const uint32_t version = in.Get<uint32_t>("its header");
  if (version == 0 || version > kBinaryVersion) {
    // A flipped bit in the version word, or a newer format: a file whose checksum holds was written so.
    const bool whole = in.Remaining() >= 4 && (in.Reserve(4), ChecksumHolds(in));
    if (!whole) Corrupt(std::string(kDamaged) + " (its format version reads " + std::to_string(version) + ")");
    Corrupt("its compact format version is " + std::to_string(version) + ", this build reads versions 1 to " +
            std::to_string(kBinaryVersion) + (version > kBinaryVersion ? " (a newer BoostLab wrote it)" : ""));
  }
  if (version < kFirstChecksummedVersion) {
    in.StopChecksum();
    return ReadAfterVersion(in);
  }
  if (in.Remaining() < 4) Corrupt("the file ends before its checksum (it is cut short)");
  in.Reserve(4);
  Model m;
  try {
    m = ReadAfterVersion(in);
  } catch (const Error& e) {
    // A field found wrong in a file whose checksum fails: the damage, not the field, is the news.
    // (MODEL_TOO_LARGE too: a damaged header length can ask for a header past the limit.)
    if ((e.code() == "MODEL_CORRUPT" || e.code() == "MODEL_TOO_LARGE") && !ChecksumHolds(in)) Corrupt(kDamaged);
    throw;
  }
  if (!ChecksumHolds(in)) Corrupt(kDamaged);
  return m;
}

}  // namespace boostlab
