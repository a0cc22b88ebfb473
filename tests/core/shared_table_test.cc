// A dataset made from a shared table views the table's numeric columns
// instead of copying them, keeps the table alive, and trains the model a
// copied dataset trains.
#include <gtest/gtest.h>

#include <memory>  // for make_shared
#include <type_traits>  // for is_const_v
#include <utility>  // for declval, forward
#include <vector>  // for vector
#include <string>  // for string

#include "boostlab/dataset.h"
#include "boostlab/model.h"
#include "boostlab/params.h"
#include "boostlab/table.h"
#include "random_data.h"

namespace boostlab {
namespace shared_table_test {

// A view of a temporary vector would dangle (the model-JSON fuzzer's harness once
// pushed one into the column list, and ASan caught the reads): the list is
// read-only and AddView refuses temporaries, at compile time.
template <typename T>
concept TakesAView = requires(FeatureColumns x, T&& v) { x.AddView(std::forward<T>(v)); };
static_assert(!TakesAView<std::vector<float>>, "a temporary vector is Added, never viewed");
static_assert(TakesAView<const std::vector<float>&>);
static_assert(std::is_const_v<std::remove_reference_t<decltype(std::declval<FeatureColumns&>().columns())>>,
              "columns come in through Add and AddView only");

std::string Csv() {
  std::string csv = "x,colour,z,y\n";
  for (int i = 0; i < 400; ++i)
    csv += std::to_string(i % 37) + "," + (i % 3 ? "red" : "blue") + "," + (i % 11 ? std::to_string(i * 0.25) : "NA") + "," +
           std::to_string((i % 37) * 0.5 + (i % 3 ? 1.0 : -2.0)) + "\n";
  return csv;
}

TEST(SharedTable, NumericFeaturesAreViewsOfTheTablesColumnsAndOutliveTheCallersHandle) {
  auto table = std::make_shared<const Table>(ReadCsv(Csv()));
  const float* x_values = table->columns[0].values.data();
  DatasetOptions options;
  options.target = "y";
  options.seed = 3;
  Dataset shared = Dataset::FromTable(table, options);
  const Dataset copied = Dataset::FromTable(*table, options);
  EXPECT_EQ(shared.x.columns()[0].data(), x_values) << "x is a view, not a copy";
  EXPECT_NE(copied.x.columns()[0].data(), x_values);
  EXPECT_NE(shared.x.columns()[1].data(), nullptr);  // colour: codes made into an owned column
  table.reset();  // the caller lets go; the dataset keeps the table
  ASSERT_EQ(shared.x.columns().size(), copied.x.columns().size());
  for (size_t f = 0; f < shared.x.columns().size(); ++f)
    for (size_t r = 0; r < shared.x.num_rows; ++r) {
      const float a = shared.x.columns()[f][r], b = copied.x.columns()[f][r];
      EXPECT_TRUE(a == b || (a != a && b != b)) << "feature " << f << " row " << r;
    }
  Params p;
  p.rounds = 5;
  p.max_depth = 3;
  EXPECT_EQ(test::Train(shared, p).ToJson(), test::Train(copied, p).ToJson());
}

TEST(SharedTable, ACopyOwnsItsOwnColumnsAndSharesTheViews) {
  auto table = std::make_shared<const Table>(ReadCsv(Csv()));
  DatasetOptions options;
  options.target = "y";
  const Dataset d = Dataset::FromTable(table, options);
  Dataset copy = d;
  EXPECT_EQ(copy.x.columns()[0].data(), d.x.columns()[0].data()) << "views shared";
  EXPECT_NE(copy.x.columns()[1].data(), d.x.columns()[1].data()) << "owned columns copied";
  copy.x.Mutable(0)[0] = 1234.5f;  // a view becomes the copy's own before it changes
  EXPECT_NE(copy.x.columns()[0].data(), d.x.columns()[0].data());
  EXPECT_EQ(copy.x.columns()[0][0], 1234.5f);
  EXPECT_EQ(d.x.columns()[0][0], 0.0f);
  EXPECT_EQ(table->columns[0].values[0], 0.0f) << "the table is never written";
}

}  // namespace shared_table_test
}  // namespace boostlab
