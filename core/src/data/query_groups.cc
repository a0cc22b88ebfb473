// Ranking data: a group column's queries and the relevance target. Rows of a
// query need not be next to each other; queries keep the order of their
// first rows (XGBoost reads them in that order, which its pair sampling
// depends on). Validation takes whole queries.

#include <cmath>          // for floor
#include <cstring>        // for memcpy
#include <string>         // for string, to_string
#include <unordered_map>  // for unordered_map

#include "boostlab/dataset.h"
#include "boostlab/errors.h"
#include "data/query_groups.h"
#include "data/validation_split.h"
#include "util/float_text.h"
#include "util/quote.h"

namespace boostlab {
namespace {

// NDCG's gain is 2^rel - 1: grades past this overflow a float's exactness and XGBoost's int shift.
constexpr float kMaxRelevance = 31;

void ReadRelevance(const Table& table, const Column& target, size_t target_col, Dataset& d) {
  const long col = static_cast<long>(target_col + 1);
  const std::string where = ", column " + std::to_string(col) + " (" + Quote(target.name) + "): ";
  if (target.type != ColumnType::kNumeric)
    throw Error("TARGET_NOT_RELEVANCE", target.FirstTextAt() + where + Quote(target.first_text) +
                                            " is not a number; a ranking target is a relevance grade, a whole number from 0.",
                target.first_text_line, col);
  for (size_t r = 0; r < target.values.size(); ++r) {
    const float v = target.values[r];
    if (!(v >= 0 && v <= kMaxRelevance && v == std::floor(v)))
      throw Error("TARGET_NOT_RELEVANCE", table.RowNamed(r) + where + ShortestFloat(v) +
                                              " is not a relevance grade: ranking needs whole numbers from 0 to 31 "
                                              "(NDCG's gain is 2^relevance - 1).",
                  table.ErrorLine(r), col);
    d.label[r] = v;
  }
}

std::string GroupText(const Column& group, size_t r) {
  return group.type == ColumnType::kNumeric ? ShortestFloat(group.values[r]) : group.levels[group.codes[r]];
}

// Each row's query, numbered by first appearance. Throws GROUP_MISSING.
std::vector<uint32_t> QueryOfRow(const Table& table, const Column& group, size_t group_col, size_t* num_queries) {
  const size_t n = group.type == ColumnType::kNumeric ? group.values.size() : group.codes.size();
  std::unordered_map<uint64_t, uint32_t> index;
  std::vector<uint32_t> query(n);
  for (size_t r = 0; r < n; ++r) {
    if (group.IsMissing(r))
      throw Error("GROUP_MISSING", table.RowNamed(r) + ", column " + std::to_string(group_col + 1) + " (" +
                                       Quote(group.name) + "): the query id is missing; every row of a ranking table belongs to a query.",
                  table.ErrorLine(r), static_cast<long>(group_col + 1));
    uint64_t key;
    if (group.type == ColumnType::kNumeric) {
      const float v = group.values[r] == 0.0f ? 0.0f : group.values[r];  // -0 and 0 are one query
      uint32_t bits;
      std::memcpy(&bits, &v, sizeof bits);
      key = bits;
    } else {
      key = static_cast<uint64_t>(group.codes[r]) | (uint64_t{1} << 32);
    }
    query[r] = index.emplace(key, static_cast<uint32_t>(index.size())).first->second;
  }
  *num_queries = index.size();
  return query;
}

// The queries of the rows on one side, in order of first appearance, rows in row order.
QueryGroups GroupsOf(const std::vector<RowIdx>& rows, const std::vector<uint32_t>& query, size_t num_queries) {
  std::vector<uint32_t> count(num_queries, 0), slot(num_queries, UINT32_MAX);
  QueryGroups g;
  g.begin.clear();
  uint32_t groups = 0;
  for (RowIdx r : rows) {
    if (slot[query[r]] == UINT32_MAX) slot[query[r]] = groups++;
    ++count[slot[query[r]]];
  }
  g.begin.assign(groups + 1, 0);
  for (uint32_t s = 0; s < groups; ++s) g.begin[s + 1] = g.begin[s] + count[s];
  std::vector<uint32_t> next(g.begin.begin(), g.begin.end() - 1);
  g.rows.resize(rows.size());
  for (RowIdx r : rows) g.rows[next[slot[query[r]]]++] = r;
  return g;
}

}  // namespace

void ReadQueries(const Table& table, size_t group_col, size_t target_col, const DatasetOptions& options, Dataset& d) {
  const Column& group = table.columns[group_col];
  const size_t n = table.num_rows;
  d.group_column = group.name;
  ReadRelevance(table, table.columns[target_col], target_col, d);
  size_t num_queries = 0;
  const std::vector<uint32_t> query = QueryOfRow(table, group, group_col, &num_queries);

  SplitRows(n, options, query, num_queries, d);  // whole queries
  d.train_groups = GroupsOf(d.train_rows, query, num_queries);
  d.valid_groups = GroupsOf(d.valid_rows, query, num_queries);

  // Queries that teach nothing: one row, or one relevance grade (no pair to order).
  size_t single = 0, flat = 0;
  RowIdx example = 0;  // the first row of the first such query
  for (size_t g = 0; g < d.train_groups.size(); ++g) {
    const auto rows = d.train_groups.Group(g);
    bool same = true;
    for (RowIdx r : rows) same &= d.label[r] == d.label[rows[0]];
    if (!same) continue;
    if (single + flat == 0) example = rows[0];
    ++(rows.size() < 2 ? single : flat);
  }
  const size_t queries = d.train_groups.size();
  const long gcol = static_cast<long>(group_col + 1);
  if (single == queries)
    throw Error("GROUP_SINGLETONS", "Every query in the group column " + Quote(group.name) + " has one training row: ranking orders "
                                        "the rows within a query, so each needs two or more. Is it the right column?",
                0, gcol);
  if (single + flat == queries)
    throw Error("GROUP_NOTHING_TO_RANK", "No query in " + Quote(group.name) + " has two different relevance grades in " +
                                             Quote(d.target) + " among its training rows: there is no pair to order.",
                0, gcol);
  if (single + flat > 0)
    d.notes.push_back(std::to_string(single + flat) + " of " + std::to_string(queries) + " training queries in " + Quote(group.name) +
                      " add no pairs to learn from (" + std::to_string(single) + " with one row, " + std::to_string(flat) +
                      " with one relevance grade; the first is query " + Quote(GroupText(group, example)) + ", " + table.RowNamed(example, false) + ").");
}

void CheckQueryWeights(const Table& table, size_t group_col, const Dataset& d) {
  if (d.weight.empty()) return;
  for (const QueryGroups* groups : {&d.train_groups, &d.valid_groups})
    for (size_t g = 0; g < groups->size(); ++g) {
      const std::span<const RowIdx> rows = groups->Group(g);
      for (RowIdx r : rows) {
        if (d.weight[r] == d.weight[rows[0]]) continue;
        const Column& group = table.columns[group_col];
        throw Error("QUERY_WEIGHTS_DIFFER", "With a group column the weights weigh whole queries (as XGBoost's group weights): query " +
                                                Quote(GroupText(group, rows[0])) + " weighs " + ShortestFloat(d.weight[rows[0]]) + " on " + table.RowNamed(rows[0], false) + " and " + ShortestFloat(d.weight[r]) + " on " + table.RowNamed(r, false) + ". Give each query's rows one weight.",
                    table.ErrorLine(r), 0);
      }
    }
}

}  // namespace boostlab
