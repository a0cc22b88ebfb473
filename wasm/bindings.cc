// The only file that includes <emscripten/bind.h>. It converts values and maps
// boostlab::Error to a plain {ok:false, error:{code, message, line, column}}
// object that the JS layer turns into a BoostLabError. Nothing else lives here.

#include <emscripten/bind.h>  // for class_, function
#include <emscripten/heap.h>  // for emscripten_get_heap_max
#include <emscripten/val.h>   // for val, typed_memory_view
#include <malloc.h>           // for mallinfo

#include <algorithm>  // for min
#include <cmath>   // for floor, isinf
#include <cstdint>  // for uint32_t, SIZE_MAX
#include <memory>  // for unique_ptr
#include <new>     // for bad_alloc
#include <string>  // for string
#include <string_view>  // for string_view
#include <vector>  // for vector

#include "boostlab/booster.h"
#include "boostlab/dataset.h"
#include "boostlab/errors.h"
#include "boostlab/evaluation.h"
#include "boostlab/model.h"
#include "boostlab/params.h"
#include "boostlab/scale_out.h"
#include "boostlab/table.h"

using emscripten::val;

namespace {

val Failure(const std::string& code, const std::string& message, long line = 0, long column = 0) {
  val error = val::object();
  error.set("code", code);
  error.set("message", message);
  error.set("line", line);
  error.set("column", column);
  val result = val::object();
  result.set("ok", false);
  result.set("error", error);
  return result;
}

// Runs fn; its value (or the error it threw) comes back as a result object.
template <typename Fn>
val Guard(Fn&& fn) {
  try {
    val result = val::object();
    result.set("ok", true);
    result.set("value", fn());
    return result;
  } catch (const boostlab::Error& e) {
    return Failure(e.code(), e.what(), e.line(), e.column());
  } catch (const std::bad_alloc&) {
    return Failure("OUT_OF_MEMORY", "Out of memory: the data is too large for this page's WebAssembly heap.");
  } catch (const std::exception& e) {
    return Failure("INTERNAL", e.what());
  }
}

// A JS number used as a count or an index: whole and from 0 to SIZE_MAX (2^32 - 1
// in wasm32) or 2^53, whichever is less, or BAD_ARGUMENT naming `what`. Converting
// anything else to size_t is undefined behaviour: -1, NaN or 1e20 gave tree 0, and
// a 64 GB file size arrived as 0.
size_t Index(double v, const char* what) {
  constexpr double kMost = std::min(9007199254740992.0, static_cast<double>(SIZE_MAX));
  if (!(v >= 0 && v <= kMost && v == std::floor(v)))
    throw boostlab::Error("BAD_ARGUMENT", std::string(what) + " takes a whole number from 0 to " + std::to_string(static_cast<uint64_t>(kMost)) +
                                              ", not " + (v != v ? std::string("NaN") : std::to_string(v)) + ".");
  return static_cast<size_t>(v);
}

// A JS array of column names (the JS wrapper checks each is a string).
std::vector<std::string> Names(const val& names) {
  std::vector<std::string> out;
  const size_t count = names["length"].as<size_t>();
  for (size_t j = 0; j < count; ++j) out.push_back(names[j].as<std::string>());
  return out;
}

// The rows of x a Uint32Array names (null: all of them).
boostlab::FeatureColumns Pick(boostlab::FeatureColumns x, const val& rows) {
  if (rows.isNull() || rows.isUndefined()) return x;
  const std::vector<uint32_t> picked = emscripten::convertJSArrayToNumberVector<uint32_t>(rows);
  return boostlab::SelectRows(x, picked);
}

// A thread count from JS: 0 (all) to 256, as the nthread parameter.
int Threads(double v) {
  if (!(v >= 0 && v <= 256 && v == std::floor(v)))
    throw boostlab::Error("BAD_ARGUMENT", "nthread takes a whole number from 0 (all threads) to 256, not " +
                                              (v != v ? std::string("NaN") : std::to_string(v)) + ".");
  return static_cast<int>(v);
}

// A copy of v as the JS typed array of its element type (new T[]Array(view) copies the view).
const char* TypedArrayName(float) { return "Float32Array"; }
const char* TypedArrayName(double) { return "Float64Array"; }
const char* TypedArrayName(uint32_t) { return "Uint32Array"; }
const char* TypedArrayName(int32_t) { return "Int32Array"; }
template <typename T>
val CopyToTypedArray(const std::vector<T>& v) {
  return val::global(TypedArrayName(T{})).new_(emscripten::typed_memory_view(v.size(), v.data()));
}

// The table is shared with the datasets made from it (their numeric features
// are views of its columns), so disposing of the table first is safe.
struct TableHandle {
  std::shared_ptr<const boostlab::Table> shared;
  explicit TableHandle(boostlab::Table t) : shared(std::make_shared<const boostlab::Table>(std::move(t))) {}
  const boostlab::Table& table() const { return *shared; }
  double numRows() const { return static_cast<double>(table().num_rows); }
  val summaryJson() const { return Guard([&] { return val(boostlab::TableSummaryJson(table())); }); }
  // Each row's 1-based file line (Table::LineOf), or of the rows named (a
  // page of them, not a copy of 40M); null for columns given in memory.
  val rowLines(const val& rows) const {
    return Guard([&] {
      const boostlab::Table& t = table();
      if (t.first_row_line == 0 && t.row_lines.empty()) return val::null();
      if (rows.isNull() || rows.isUndefined()) {
        std::vector<uint32_t> all(t.num_rows);
        for (size_t r = 0; r < all.size(); ++r) all[r] = t.LineOf(r);
        return CopyToTypedArray(all);
      }
      std::vector<uint32_t> picked = emscripten::convertJSArrayToNumberVector<uint32_t>(rows);
      for (uint32_t& r : picked) {
        if (r >= t.num_rows)
          throw boostlab::Error("BAD_ARGUMENT", "rowLines(): row " + std::to_string(r) + " is past the table's last (" + std::to_string(t.num_rows - 1) + ").");
        r = t.LineOf(r);
      }
      return CopyToTypedArray(picked);
    });
  }
  // A column's values as read: numbers (NaN missing), or text as codes (-1
  // missing) into its sorted levels. UNKNOWN_COLUMN names an absent one.
  val column(const std::string& name) const {
    return Guard([&] {
      const boostlab::Column& c = table().columns[table().ColumnIndex(name)];
      val out = val::object();
      out.set("name", val(c.name));
      if (c.type == boostlab::ColumnType::kNumeric) {
        out.set("type", val(std::string("numeric")));
        // Whole numbers a float rounds (IDs past 2^24) as written: a Float64Array then.
        out.set("values", c.exact.empty() ? CopyToTypedArray(c.values) : CopyToTypedArray(c.exact));
        return out;
      }
      out.set("type", val(std::string("text")));
      out.set("codes", CopyToTypedArray(c.codes));
      val levels = val::array();
      for (const std::string& l : c.levels) levels.call<void>("push", val(l));
      out.set("levels", levels);
      return out;
    });
  }
};

// A CSV read a chunk at a time (the package's readCSV and readCSVStream).
// JS copies each chunk into `buffer` through a view of the heap (one bulk
// copy; embind's std::string from a Uint8Array goes a byte at a time, ten
// times slower with threads), then feeds that many bytes.
struct CsvReaderHandle {
  std::shared_ptr<boostlab::CsvReader> reader;
  std::shared_ptr<std::vector<char>> buffer = std::make_shared<std::vector<char>>();

  // A view of n bytes of the heap to write the next chunk into; valid until
  // the heap grows, so JS fills it at once.
  val chunkBuffer(double n) {
    return Guard([&] {
      buffer->resize(Index(n, "a chunk's size"));
      return val(emscripten::typed_memory_view(buffer->size(), reinterpret_cast<uint8_t*>(buffer->data())));
    });
  }
  val feed(double n) {
    return Guard([&] {
      if (!reader) throw boostlab::Error("BAD_ARGUMENT", "This CSV reader has finished.");
      const size_t bytes = Index(n, "a chunk's size");
      if (bytes > buffer->size()) throw boostlab::Error("BAD_ARGUMENT", "feed() takes at most the chunk buffer's size.");
      reader->Feed(std::string_view(buffer->data(), bytes));
      return val(true);
    });
  }
  val finish() {
    return Guard([&] {
      if (!reader) throw boostlab::Error("BAD_ARGUMENT", "This CSV reader has finished.");
      const std::shared_ptr<boostlab::CsvReader> done = std::move(reader);  // freed however it ends
      buffer.reset();
      return val(TableHandle(done->Finish()));
    });
  }
  // How far it has read: {bytes, rows, columns, textColumns, columnBytes}.
  val counts() const {
    val out = val::object();
    const auto set = [&](const char* key, size_t (boostlab::CsvReader::*count)() const) {
      out.set(key, reader ? static_cast<double>((*reader.*count)()) : 0.0);  // finished: 0
    };
    set("bytes", &boostlab::CsvReader::bytes_fed);
    set("rows", &boostlab::CsvReader::rows_read);
    set("columns", &boostlab::CsvReader::columns);
    set("textColumns", &boostlab::CsvReader::text_columns);
    set("columnBytes", &boostlab::CsvReader::column_bytes);
    return out;
  }
};

// The heap: bytes in use by the allocator and the most it can grow to.
val HeapStats() {
  val out = val::object();
  // mallinfo's fields are int: past 2 GB only their bits as unsigned are right.
  out.set("used", static_cast<double>(static_cast<uint32_t>(mallinfo().uordblks)));
  out.set("limit", static_cast<double>(emscripten_get_heap_max()));
  return out;
}

struct DatasetHandle {
  // Shared with the trainers made from it: one disposed while a run trains
  // (its handle deleted from JavaScript) leaves them its data, not freed memory.
  std::shared_ptr<boostlab::Dataset> data;
  double numTrain() const { return static_cast<double>(data->train_rows.size()); }
  double numValid() const { return static_cast<double>(data->valid_rows.size()); }
  // The validation rows (0-based data rows), copied into a Uint32Array.
  val validRows() const {
    return CopyToTypedArray(data->valid_rows);
  }
  // The training rows (0-based data rows), copied into a Uint32Array.
  val trainRows() const {
    return CopyToTypedArray(data->train_rows);
  }
  // Each row's label as the engine trains on it: the value, or the class index.
  val labels() const { return CopyToTypedArray(data->label); }
  // Once a trainer has binned it: its feature values go (and its hold on the table's numbers).
  void releaseValues() { data->x.Release(); }
  bool valuesReleased() const { return data->x.released(); }
  // Ranking: the queries of the training (valid false) or validation rows,
  // as {begin: Uint32Array(queries + 1), rows: Uint32Array}; empty otherwise.
  val queries(bool valid) const {
    const boostlab::QueryGroups& g = valid ? data->valid_groups : data->train_groups;
    val out = val::object();
    out.set("begin", CopyToTypedArray(g.begin));
    out.set("rows", CopyToTypedArray(g.rows));
    return out;
  }
  std::string groupColumn() const { return data->group_column; }
  // Each class's weight factor as [[class, factor], ...] (empty: none given); JS makes an object of it.
  val classWeights() const {
    val out = val::array();
    for (size_t k = 0; k < data->class_weights.size() && k < data->classes.size(); ++k) {
      val pair = val::array();
      pair.call<void>("push", val(data->classes[k]));
      pair.call<void>("push", val(data->class_weights[k]));
      out.call<void>("push", pair);
    }
    return out;
  }
  val notes() const {
    val out = val::array();
    for (const std::string& n : data->notes) out.call<void>("push", val(n));
    return out;
  }
  std::string task() const {
    return data->task == boostlab::Task::kBinary ? "binary" : data->task == boostlab::Task::kMulticlass ? "multiclass"
           : data->task == boostlab::Task::kRanking ? "ranking" : "regression";
  }
};

// Float32 values written by JS through views of the heap (fromColumns'
// numeric columns one after another, predictMatrix's rows): a typed array's bulk copy (as a std::string
// from a Uint8Array, embind copied them a byte at a time).
struct FloatBuffer {
  std::vector<float> values;
  // n values from `offset`: valid until the heap grows, so JS fills it at once.
  val view(double offset, double n) {
    return Guard([&] {
      const size_t at = Index(offset, "an offset"), count = Index(n, "a count");
      if (at > values.size() || count > values.size() - at) throw boostlab::Error("BAD_ARGUMENT", "The view runs past the buffer.");
      return val(emscripten::typed_memory_view(count, values.data() + at));
    });
  }
};

// The compact file written to JavaScript: write(view) copies each heap view
// it is handed before the next (the view is reused).
class JsByteSink final : public boostlab::ByteSink {
 public:
  explicit JsByteSink(val write) : write_(std::move(write)) {}
  void Write(const void* data, size_t n) override {
    write_(val(emscripten::typed_memory_view(n, static_cast<const uint8_t*>(data))));
  }

 private:
  val write_;
};

struct ModelHandle {
  boostlab::Model model;
  // Guarded: a full heap while writing a big model is an OUT_OF_MEMORY error, not a bare exception pointer.
  val toJson() const { return Guard([&] { return val(model.ToJson()); }); }
  val toXGBoostJson() const { return Guard([&] { return val(model.ToXGBoostJson()); }); }
  // The compact file's size, then its bytes handed to write(view) a quarter
  // megabyte at a time (toBinary() in index.js fills one Uint8Array): the
  // file never sits whole in the heap, which would keep that much more
  // memory for good (a wasm heap does not shrink).
  double binarySize() const { return static_cast<double>(model.BinarySize()); }
  val writeBinary(val write) const {
    return Guard([&] {
      JsByteSink sink(std::move(write));
      model.WriteBinary(sink);
      return val::undefined();
    });
  }
  // XGBoost's JSON or UBJSON (.ubj) handed to write(view) likewise, a tree at
  // a time: a big forest's whole text, or the document UBJSON is written
  // from, can be more than the heap holds.
  val writeXGBoost(const std::string& format, val write) const {
    return Guard([&] {
      JsByteSink sink(std::move(write));
      if (format == "ubj") model.WriteXGBoostUbj(sink);
      else model.WriteXGBoostJson(sink);
      return val::undefined();
    });
  }
  double memoryBytes() const { return static_cast<double>(model.MemoryBytes()); }
  val scaleOutScript(const std::string& options_json) const {
    return Guard([&] { return val(boostlab::ScaleOutScript(model, boostlab::ParseScaleOutOptions(options_json))); });
  }
  val summaryJson() const { return Guard([&] { return val(model.SummaryJson()); }); }
  val treeJson(double t) const { return Guard([&] { return val(model.TreeJson(Index(t, "tree()"))); }); }
  val firstRounds(double rounds) const { return Guard([&] { return val(ModelHandle{model.FirstRounds(static_cast<int>(std::min<size_t>(Index(rounds, "firstRounds()"), INT_MAX)))}); }); }
  double numTrees() const { return static_cast<double>(model.trees.size()); }
  int predictionWidth() const { return model.PredictionWidth(); }
  val featureImportance(const std::string& type) const {
    return Guard([&] {
      // No prototype: a feature named __proto__ or constructor is a key like any other.
      val out = val::global("Object").call<val>("create", val::null());
      const std::vector<double> values = model.FeatureImportance(type);
      for (size_t f = 0; f < values.size(); ++f) out.set(model.features[f].name, values[f]);
      return out;
    });
  }
  val predictTable(const TableHandle& t) const { return Guard([&] { return CopyToTypedArray(model.PredictTable(t.table())); }); }
  // A row-major n x p matrix of feature values (NaN: missing; categorical
  // features as level codes), e.g. a grid for a prediction surface.
  val predictMatrix(const FloatBuffer& values, double rows) const {
    return Guard([&] { return CopyToTypedArray(model.PredictColumns(Matrix(values.values, rows))); });
  }
  // The same with predict()'s options: output and the first `rounds` rounds (a model as it was then).
  val predictMatrixWith(const FloatBuffer& values, double rows, const std::string& output, double rounds) const {
    return Guard([&] {
      return CopyToTypedArray(model.PredictWith(Matrix(values.values, rows), output, static_cast<int>(Index(rounds, "predictMatrix()'s rounds"))));
    });
  }
  boostlab::FeatureColumns Matrix(const std::vector<float>& v, double rows) const {
    const size_t n = Index(rows, "predictMatrix()'s row count"), p = model.features.size();
    // n x p may overflow: compared by division
    if (p == 0 ? v.size() != 0 : v.size() % p != 0 || v.size() / p != n)
      throw boostlab::Error("BAD_ARGUMENT", "predictMatrix() takes rows x features values, row after row (the model's " +
                                                std::to_string(p) + (p == 1 ? " feature" : " features") + ", in summary().features order): " +
                                                std::to_string(n) + " x " + std::to_string(p) + ", not " +
                                                std::to_string(v.size()) + " values.");
    std::vector<std::vector<float>> columns(p, std::vector<float>(n));
    for (size_t r = 0; r < n; ++r)
      for (size_t f = 0; f < p; ++f) {
        const float x = v[r * p + f];
        // As fromRows() and fromColumns() refuse it (and XGBoost's DMatrix): an infinity went right at every split.
        if (std::isinf(x))
          throw boostlab::Error("BAD_ARGUMENT", "predictMatrix(): row " + std::to_string(r) + ", feature " + std::to_string(f) + " (" +
                                                    "'" + model.features[f].name + "'): " + (x > 0 ? "Infinity" : "-Infinity") +
                                                    " is not a number the trees can split on (NaN means missing; a float64 past a float's range reads as one).");
        columns[f][r] = x;
      }
    boostlab::FeatureColumns x(std::move(columns));
    x.num_rows = n;  // (p = 0: no columns to count them)
    return x;
  }
  val predictTableWith(const TableHandle& t, const std::string& output, double rounds) const {
    return Guard([&] {
      return CopyToTypedArray(model.PredictWith(boostlab::FeaturesFromTable(t.table(), model.features), output, static_cast<int>(Index(rounds, "predict()'s rounds"))));
    });
  }
  val predictDatasetWith(const DatasetHandle& d, const std::string& output, double rounds) const {
    return Guard([&] {
      return CopyToTypedArray(model.PredictWith(d.data->x, output, static_cast<int>(Index(rounds, "predict()'s rounds")), d.data->base_margin));
    });
  }
  // predict(table, { baseMargin: columns }): each row's starting margins from those columns of the table
  // (an array of names, one a model output; the JS wrapper makes one name an array).
  val predictTableFrom(const TableHandle& t, const std::string& output, double rounds, val names) const {
    return Guard([&] {
      const boostlab::Table& table = t.table();
      return CopyToTypedArray(model.PredictWith(boostlab::FeaturesFromTable(table, model.features), output,
                                                static_cast<int>(Index(rounds, "predict()'s rounds")), boostlab::BaseMargins(table, Names(names))));
    });
  }
  // rows: a Uint32Array of the rows to explain, or null for all.
  val contributionsTable(const TableHandle& t, double nthread, val rows) const {
    return Guard([&] {
      return CopyToTypedArray(model.Contributions(Pick(boostlab::FeaturesFromTable(t.table(), model.features), rows), Threads(nthread)));
    });
  }
  val contributionsDataset(const DatasetHandle& d, double nthread, val rows) const {
    return Guard([&] { return CopyToTypedArray(model.Contributions(rows.isNull() ? d.data->x : Pick(d.data->x, rows), Threads(nthread))); });
  }
  double contributionsCost() const { return model.ContributionsCostPerRow(); }
  val interactionsTable(const TableHandle& t, double nthread, val rows) const {
    return Guard([&] {
      return CopyToTypedArray(model.Interactions(Pick(boostlab::FeaturesFromTable(t.table(), model.features), rows), Threads(nthread)));
    });
  }
  val interactionsDataset(const DatasetHandle& d, double nthread, val rows) const {
    return Guard([&] { return CopyToTypedArray(model.Interactions(rows.isNull() ? d.data->x : Pick(d.data->x, rows), Threads(nthread))); });
  }
  // The model's features for the rows (null: all), rows x features, row-major: what it reads (codes for categories).
  val featureValues(const TableHandle& t, val rows) const {
    return Guard([&] {
      const boostlab::FeatureColumns x = Pick(boostlab::FeaturesFromTable(t.table(), model.features), rows);
      std::vector<float> out(x.num_rows * x.columns().size());
      for (size_t f = 0; f < x.columns().size(); ++f)
        for (size_t r = 0; r < x.num_rows; ++r) out[r * x.columns().size() + f] = x.columns()[f][r];
      return CopyToTypedArray(out);
    });
  }
  // A dataset made with a base margin column starts each row there (XGBoost's DMatrix base_margin).
  val predictDataset(const DatasetHandle& d) const {
    return Guard([&] { return CopyToTypedArray(model.PredictWith(d.data->x, "probability", 0, d.data->base_margin)); });
  }
  // The model scored on the table's rows (null: all) whose target is known: see boostlab/evaluation.h.
  val evaluate(const TableHandle& t, val rows, double rounds, double points, const std::string& weight, const std::string& target,
               val baseMargin) const {
    return Guard([&] {
      std::vector<uint32_t> picked;
      if (!rows.isNull() && !rows.isUndefined()) {
        picked = emscripten::convertJSArrayToNumberVector<uint32_t>(rows);
        if (picked.empty()) throw boostlab::Error("BAD_ARGUMENT", "evaluate()'s rows is empty: give rows to score, or none for all.");
      }
      const boostlab::Evaluation e = boostlab::Evaluate(model, t.table(), picked, static_cast<int>(Index(rounds, "evaluate()'s rounds")),
                                                        Index(points, "evaluate()'s points"), weight, target, Names(baseMargin));
      val out = val::object();
      out.set("task", std::string(e.task == boostlab::Task::kRegression ? "regression" : e.task == boostlab::Task::kBinary ? "binary" : "multiclass"));
      val classes = val::array();
      for (const std::string& c : e.classes) classes.call<void>("push", c);
      out.set("classes", classes);
      out.set("rows", static_cast<double>(e.rows));
      out.set("missingTarget", static_cast<double>(e.missing_target));
      out.set("unknownClass", static_cast<double>(e.unknown_class));
      out.set("unknownExample", e.unknown_example);
      out.set("unseenLevelRows", static_cast<double>(e.unseen_level_rows));
      out.set("unseenLevelExample", e.unseen_level_example);
      out.set("weight", e.weight_column);
      out.set("weightSum", e.weight_sum);
      if (e.task == boostlab::Task::kRegression) {
        out.set("r2", e.r2);
        out.set("rmse", e.rmse);
        out.set("mae", e.mae);
        out.set("mean", e.mean);
        out.set("rmseOfMean", e.rmse_of_mean);
        out.set("actual", CopyToTypedArray(e.actual));
        out.set("predicted", CopyToTypedArray(e.predicted));
        if (!e.quantiles.empty()) {
          out.set("quantiles", CopyToTypedArray(e.quantiles));
          out.set("coverage", CopyToTypedArray(e.coverage));
          out.set("pinball", CopyToTypedArray(e.pinball));
        }
      } else {
        out.set("confusion", CopyToTypedArray(e.confusion));
        out.set("accuracy", e.accuracy);
        out.set("logloss", e.logloss);
        out.set("auc", e.auc);
        out.set("aucpr", e.aucpr);
        if (!e.first_by_p.empty()) {
          out.set("firstByP", CopyToTypedArray(e.first_by_p));
          out.set("secondByP", CopyToTypedArray(e.second_by_p));
        }
      }
      return out;
    });
  }
  // Permutation importance on the table's rows (null: all): see boostlab/evaluation.h.
  val permutationImportance(const TableHandle& t, val rows, double rounds, const std::string& metric, double repeats, double seed,
                            const std::string& weight, const std::string& target, val baseMargin) const {
    return Guard([&] {
      std::vector<uint32_t> picked;
      if (!rows.isNull() && !rows.isUndefined()) {
        picked = emscripten::convertJSArrayToNumberVector<uint32_t>(rows);
        if (picked.empty()) throw boostlab::Error("BAD_ARGUMENT", "permutationImportance()'s rows is empty: give rows to score, or none for all.");
      }
      const boostlab::PermutationImportance p = boostlab::PermutationImportanceOf(
          model, t.table(), picked, static_cast<int>(Index(rounds, "permutationImportance()'s rounds")), metric,
          static_cast<int>(std::min(Index(repeats, "permutationImportance()'s repeats"), size_t{1000})),
          static_cast<uint64_t>(Index(seed, "permutationImportance()'s seed")), weight, target, Names(baseMargin));
      val out = val::object();
      out.set("metric", p.metric);
      out.set("baseline", p.baseline);
      out.set("rows", static_cast<double>(p.rows));
      val features = val::array();
      for (size_t f = 0; f < p.features.size(); ++f) {
        val one = val::object();
        one.set("name", p.features[f]);
        one.set("drops", CopyToTypedArray(p.drops[f]));
        features.call<void>("push", one);
      }
      out.set("features", features);
      return out;
    });
  }
};

struct TrainerHandle {
  std::shared_ptr<const boostlab::Dataset> data;  // what the booster reads: kept until the booster goes (declared first)
  std::unique_ptr<boostlab::Booster> booster;
  bool done() const { return booster->Done(); }
  int threads() const { return booster->threads(); }
  // A full heap while training is most often the model itself (a deep forest
  // keeps tens of thousands of nodes a tree): the message says what to change.
  val step() {
    val result = Guard([&] { return val(boostlab::RoundReportToJson(booster->TrainOneRound())); });
    if (!result["ok"].as<bool>() && result["error"]["code"].as<std::string>() == "OUT_OF_MEMORY")
      return Failure("OUT_OF_MEMORY", "Out of memory while training: the data and the model so far fill this page's "
                                      "WebAssembly heap (4 GB at most). Train fewer or smaller trees (rounds, max_depth, "
                                      "max_leaves) or on fewer rows.");
    return result;
  }
  // One piece of binning: the share done, 1 once binned.
  val prepare() {
    return Guard([&] {
      booster->Prepare();
      return val(booster->PrepareProgress());
    });
  }
  val snapshot() const { return Guard([&] { return val(ModelHandle{booster->Snapshot()}); }); }
  val take() { return Guard([&] { return val(ModelHandle{booster->TakeModel()}); }); }
  // Objective 'custom': the rows' margins and labels (training rows, or validation rows), and the round's pairs.
  val margins(bool valid) const { return Guard([&] { return CopyToTypedArray(booster->Margins(valid)); }); }
  val labels(bool valid) const { return Guard([&] { return CopyToTypedArray(booster->Labels(valid)); }); }
  val setGradients(val grad, val hess) {
    return Guard([&] {
      const std::vector<float> g = emscripten::convertJSArrayToNumberVector<float>(grad);
      const std::vector<float> h = emscripten::convertJSArrayToNumberVector<float>(hess);
      booster->SetGradients(g, h);
      return val(true);
    });
  }
  val sampleWeights() const {
    const std::vector<double> u = booster->SampleWeights();
    return CopyToTypedArray(u);
  }
  // The leaves and scalars as JSON; the per-row vectors as typed arrays (copied), only those the algorithm fills.
  val roundStatistics() const {
    return Guard([&] {
      const boostlab::RoundStatistics s = booster->LastRoundStatistics();
      val out = val::object();
      out.set("json", boostlab::RoundStatisticsToJson(s));
      if (!s.grad.empty()) out.set("grad", CopyToTypedArray(s.grad));
      if (!s.hess.empty()) out.set("hess", CopyToTypedArray(s.hess));
      if (!s.weight.empty()) out.set("weight", CopyToTypedArray(s.weight));
      if (!s.pairs.empty()) out.set("pairs", CopyToTypedArray(s.pairs));
      if (!s.drawn.empty()) out.set("drawn", CopyToTypedArray(s.drawn));
      return out;
    });
  }
};

// expected_bytes: the file's size when known (0: not), to size the columns.
val CreateCsvReader(const std::string& options_json, double expected_bytes) {
  return Guard([&] {
    boostlab::CsvOptions options = boostlab::ParseCsvOptions(options_json);
    // A hint for sizing the columns: a file past SIZE_MAX (4 GB here) is sized as SIZE_MAX.
    options.expected_bytes = Index(std::min(expected_bytes, static_cast<double>(SIZE_MAX)), "the file's size");
    options.max_bytes = SIZE_MAX;  // the package refuses what the heap cannot hold, from its estimate
    return val(CsvReaderHandle{std::make_shared<boostlab::CsvReader>(options)});
  });
}

val CreateFloatBuffer(double n) {
  return Guard([&] { return val(FloatBuffer{std::vector<float>(Index(n, "the numbers' count"))}); });
}

val TableFromColumns(const std::string& spec_json, const FloatBuffer& numbers) {
  return Guard([&] { return val(TableHandle(boostlab::TableFromColumns(spec_json, numbers.values))); });
}

val ToDataset(const TableHandle& t, const std::string& options_json) {
  return Guard([&] {
    return val(DatasetHandle{std::make_shared<boostlab::Dataset>(boostlab::Dataset::FromTable(t.shared, boostlab::ParseDatasetOptions(options_json)))});
  });
}

val CreateTrainer(const DatasetHandle& d, const std::string& params_json) {
  return Guard([&] {
    return val(TrainerHandle{d.data, std::make_unique<boostlab::Booster>(*d.data, boostlab::ParseParams(params_json))});
  });
}

val CreateTrainerFrom(const DatasetHandle& d, const std::string& params_json, const ModelHandle& init) {
  return Guard([&] {
    return val(TrainerHandle{d.data, std::make_unique<boostlab::Booster>(*d.data, boostlab::ParseParams(params_json), &init.model)});
  });
}

val ModelFromJson(const std::string& json) {
  return Guard([&] { return val(ModelHandle{boostlab::Model::FromJson(json)}); });
}

// The compact file read from JavaScript a megabyte at a time: read(view)
// copies the file's next view.length bytes into the heap view it is handed,
// so the file's bytes never sit whole in the heap beside the model.
class JsByteSource final : public boostlab::ByteSource {
 public:
  JsByteSource(uint64_t size, val read) : remaining_(size), read_(std::move(read)) {}
  uint64_t Remaining() const override { return remaining_; }
  void Read(void* dst, size_t n) override {
    n = static_cast<size_t>(std::min<uint64_t>(n, remaining_));
    read_(val(emscripten::typed_memory_view(n, static_cast<uint8_t*>(dst))));
    remaining_ -= n;
  }

 private:
  uint64_t remaining_;
  val read_;
};

// A JSON or UBJSON model file given as bytes (XGBoost's .ubj is not text),
// read from JavaScript a megabyte at a time, after its size is checked.
val ModelFromBytes(double size, val read) {
  return Guard([&] {
    const size_t n = Index(size, "the model's size");
    boostlab::Model::CheckJsonSize(n);
    JsByteSource source(n, std::move(read));
    std::string bytes(n, '\0');
    source.Read(bytes.data(), n);
    return val(ModelHandle{boostlab::Model::FromJson(bytes)});
  });
}

val ModelFromBinary(double size, val read) {
  return Guard([&] {
    JsByteSource source(Index(size, "the model's size"), std::move(read));
    return val(ModelHandle{boostlab::Model::FromBinary(source)});
  });
}

bool HasThreads() {
#ifdef __EMSCRIPTEN_PTHREADS__
  return true;
#else
  return false;
#endif
}

}  // namespace

// The package version these engine files were built for (wasm/package.json's).
std::string EngineVersion() { return BOOSTLAB_PACKAGE_VERSION; }

EMSCRIPTEN_BINDINGS(boostlab) {
  using namespace emscripten;
  class_<TableHandle>("Table")
      .function("numRows", &TableHandle::numRows)
      .function("summaryJson", &TableHandle::summaryJson)
      .function("rowLines", &TableHandle::rowLines)
      .function("column", &TableHandle::column);
  class_<DatasetHandle>("Dataset")
      .function("numTrain", &DatasetHandle::numTrain)
      .function("numValid", &DatasetHandle::numValid)
      .function("validRows", &DatasetHandle::validRows)
      .function("trainRows", &DatasetHandle::trainRows)
      .function("labels", &DatasetHandle::labels)
      .function("releaseValues", &DatasetHandle::releaseValues)
      .function("valuesReleased", &DatasetHandle::valuesReleased)
      .function("queries", &DatasetHandle::queries)
      .function("groupColumn", &DatasetHandle::groupColumn)
      .function("classWeights", &DatasetHandle::classWeights)
      .function("notes", &DatasetHandle::notes)
      .function("task", &DatasetHandle::task);
  class_<ModelHandle>("Model")
      .function("toJson", &ModelHandle::toJson)
      .function("toXGBoostJson", &ModelHandle::toXGBoostJson)
      .function("writeXGBoost", &ModelHandle::writeXGBoost)
      .function("binarySize", &ModelHandle::binarySize)
      .function("writeBinary", &ModelHandle::writeBinary)
      .function("memoryBytes", &ModelHandle::memoryBytes)
      .function("scaleOutScript", &ModelHandle::scaleOutScript)
      .function("summaryJson", &ModelHandle::summaryJson)
      .function("treeJson", &ModelHandle::treeJson)
      .function("firstRounds", &ModelHandle::firstRounds)
      .function("numTrees", &ModelHandle::numTrees)
      .function("predictionWidth", &ModelHandle::predictionWidth)
      .function("featureImportance", &ModelHandle::featureImportance)
      .function("predictTable", &ModelHandle::predictTable)
      .function("predictDataset", &ModelHandle::predictDataset)
      .function("evaluate", &ModelHandle::evaluate)
      .function("permutationImportance", &ModelHandle::permutationImportance)
      .function("predictTableWith", &ModelHandle::predictTableWith)
      .function("predictDatasetWith", &ModelHandle::predictDatasetWith)
      .function("predictTableFrom", &ModelHandle::predictTableFrom)
      .function("contributionsTable", &ModelHandle::contributionsTable)
      .function("contributionsDataset", &ModelHandle::contributionsDataset)
      .function("featureValues", &ModelHandle::featureValues)
      .function("contributionsCost", &ModelHandle::contributionsCost)
      .function("interactionsTable", &ModelHandle::interactionsTable)
      .function("interactionsDataset", &ModelHandle::interactionsDataset)
      .function("predictMatrix", &ModelHandle::predictMatrix)
      .function("predictMatrixWith", &ModelHandle::predictMatrixWith);
  class_<TrainerHandle>("Trainer")
      .function("done", &TrainerHandle::done)
      .function("threads", &TrainerHandle::threads)
      .function("step", &TrainerHandle::step)
      .function("prepare", &TrainerHandle::prepare)
      .function("snapshot", &TrainerHandle::snapshot)
      .function("take", &TrainerHandle::take)
      .function("sampleWeights", &TrainerHandle::sampleWeights)
      .function("margins", &TrainerHandle::margins)
      .function("labels", &TrainerHandle::labels)
      .function("setGradients", &TrainerHandle::setGradients)
      .function("roundStatistics", &TrainerHandle::roundStatistics);
  class_<FloatBuffer>("FloatBuffer").function("view", &FloatBuffer::view);
  class_<CsvReaderHandle>("CsvReader")
      .function("chunkBuffer", &CsvReaderHandle::chunkBuffer)
      .function("feed", &CsvReaderHandle::feed)
      .function("finish", &CsvReaderHandle::finish)
      .function("counts", &CsvReaderHandle::counts);
  function("createCsvReader", &CreateCsvReader);
  function("heapStats", &HeapStats);
  function("tableFromColumns", &TableFromColumns);
  function("createFloatBuffer", &CreateFloatBuffer);
  function("toDataset", &ToDataset);
  function("createTrainer", &CreateTrainer);
  function("createTrainerFrom", &CreateTrainerFrom);
  function("modelFromJson", &ModelFromJson);
  function("modelFromBinary", &ModelFromBinary);
  function("modelFromBytes", &ModelFromBytes);
  function("paramSchemaJson", &boostlab::ParamSchemaJson);
  function("hasThreads", &HasThreads);
  function("engineVersion", &EngineVersion);
}
