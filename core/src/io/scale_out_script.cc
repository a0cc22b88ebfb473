// The "continue at scale" scripts: Python that reads the user's CSV as the
// tab did, loads the model exported as XGBoost JSON and continues training it
// with XGBoost on Dask (xgboost.dask) or Spark (xgboost.spark).
//
// What the script needs to know of the data and the model travels as one JSON
// object (SPEC) inside it; the Python around it is fixed text below. A JSON
// string literal is also a Python string literal, so the object is embedded
// as json.loads("...") and any column name survives.

#include <cmath>   // for isnan
#include <exception>  // for exception
#include <string>  // for string, to_string
#include <utility>  // for pair
#include <vector>  // for vector

#include "boostlab/errors.h"
#include "boostlab/scale_out.h"
#include "io/date_parts.h"
#include "io/missing_markers.h"
#include "io/number_cell.h"
#include "io/options_json.h"
#include "io/xgboost_json.h"
#include "objective/objective.h"
#include "tree/feature_constraints.h"
#include "util/closest_name.h"
#include "util/json.h"
#include "util/quote.h"

namespace boostlab {

ScaleOutOptions ParseScaleOutOptions(std::string_view text) {
  const json::Value doc = json::ParseObject(text, "BAD_OPTION", "Scale-out options");
  ScaleOutOptions o;
  for (const auto& member : doc.object) {
    const std::string& key = member.first;
    const json::Value& v = member.second;
    if (v.kind == json::Value::Kind::kNull) continue;
    auto text_option = [&](std::string& out) {
      if (!v.IsString()) throw Error("BAD_OPTION", "Scale-out option '" + key + "' must be text.");
      out = v.string;
    };
    if (key == "engine") {
      text_option(o.engine);
    } else if (key == "csv") {
      text_option(o.csv);
    } else if (key == "delimiter") {
      std::string d;
      text_option(d);
      if (d.size() != 1 || d == "\"" || d == "\n" || d == "\r")
        throw Error("BAD_OPTION", "Scale-out option 'delimiter' must be one character such as ',', ';', '\\t' or '|'.");
      o.delimiter = d[0];
    } else if (key == "encoding") {
      text_option(o.encoding);
      // A cluster cuts a file into byte blocks, and a UTF-16 block may start
      // inside a character: the scripts ask for UTF-8 instead.
      if (o.encoding == "utf-16le" || o.encoding == "utf-16be")
        throw Error("BAD_OPTION", "The file is UTF-16 (" + o.encoding + "); the cluster scripts read UTF-8 or Windows-1252 "
                                  "files. Save it as UTF-8 (in Excel: \"CSV UTF-8\") and load that one to continue at scale.");
      if (o.encoding != "utf-8" && o.encoding != "windows-1252")
        throw Error("BAD_OPTION", "Scale-out option 'encoding' must be 'utf-8' or 'windows-1252'.");
    } else if (key == "decimalComma") {
      if (v.kind != json::Value::Kind::kBool) throw Error("BAD_OPTION", "Scale-out option 'decimalComma' must be true or false.");
      o.decimal_comma = v.boolean;
    } else if (key == "missingValues") {
      o.missing_values = MissingValuesOption(v, "Scale-out option");
    } else if (key == "validRows") {
      text_option(o.valid_rows);
    } else if (key == "weight") {
      text_option(o.weight);
    } else if (key == "baseMargin") {
      text_option(o.base_margin);
    } else if (key == "classWeights") {
      // As Dataset.classWeights gives them: each class's factor by name (names checked against the model's classes).
      if (v.kind != json::Value::Kind::kObject)
        throw Error("BAD_OPTION", "Scale-out option 'classWeights' must be each class's weight by name (dataset.classWeights).");
      o.class_weights.clear();
      for (const auto& [name, w] : v.object) {
        if (!w.IsNumber() || !(w.number >= 0) || !std::isfinite(w.number))
          throw Error("BAD_OPTION", "Scale-out option 'classWeights': the weight of " + Quote(name) + " must be a finite number >= 0.");
        o.class_weights.emplace_back(name, w.number);
      }
    } else if (key == "columns") {
      o.columns.clear();
      if (!v.IsArray()) throw Error("BAD_OPTION", "Scale-out option 'columns' must be a list of the file's column names.");
      for (const json::Value& name : v.array) {
        if (!name.IsString()) throw Error("BAD_OPTION", "Scale-out option 'columns' must be a list of the file's column names.");
        o.columns.push_back(name.string);
      }
    } else if (key == "dateParts") {
      // As Table's summary gives them: [{"column": "d", "order": "ymd" | "dmy" | "mdy", "time": false}].
      const std::string rule = "Scale-out option 'dateParts' must be the table's dateParts: a list of {column, order ('ymd', 'dmy' or 'mdy'), time}.";
      if (!v.IsArray() || v.array.size() > CsvOptions::kMaxMissingValues) throw Error("BAD_OPTION", rule);
      o.date_parts.clear();
      for (const json::Value& item : v.array) {
        if (item.kind != json::Value::Kind::kObject) throw Error("BAD_OPTION", rule);
        DateColumn d;
        bool named = false;
        for (const auto& [field, value] : item.object) {
          if (field == "column" && value.IsString()) d.name = value.string, named = true;
          else if (field == "order" && value.IsString() && OrderOfCode(value.string)) d.order = value.string;
          else if (field == "time" && value.kind == json::Value::Kind::kBool) d.time = value.boolean;
          else throw Error("BAD_OPTION", rule);
        }
        if (!named || d.order.empty()) throw Error("BAD_OPTION", rule);
        o.date_parts.push_back(std::move(d));
      }
    } else if (key == "model") {
      text_option(o.model);
    } else if (key == "output") {
      text_option(o.output);
    } else if (key == "rounds") {
      o.rounds = static_cast<int>(json::WholeNumber(v, 1, 1000000, "BAD_OPTION", "Scale-out option 'rounds'"));
    } else if (key == "workers") {
      o.workers = static_cast<int>(json::WholeNumber(v, 1, 4096, "BAD_OPTION", "Scale-out option 'workers'"));
    } else {
      throw Error("BAD_OPTION", "Unknown scale-out option '" + key + "'.");
    }
  }
  if (o.engine != "dask" && o.engine != "spark")
    throw Error("BAD_OPTION", "Scale-out option 'engine' must be 'dask' or 'spark'.");
  return o;
}

namespace {

// The shared head of both scripts: the data as BoostLab read it.
constexpr const char* kHead = R"PY(#!/usr/bin/env python3
"""Continue a BoostLab model with XGBoost on @ENGINE@.

Written by BoostLab for @WHAT@.
It reads the CSV as the browser tab read it (the same columns, missing-value
markers and categories), loads the model exported as XGBoost JSON, adds
--rounds boosting rounds with the same parameters under XGBoost's names,
prints the validation metric before and after, and saves the continued model
as XGBoost JSON, which BoostLab loads again (bl.loadModel, or the page's
"Load model").
@NOTE@
Run:
@USAGE@
"""
import argparse
import json
import re
import sys

import numpy as np
import pandas as pd
import xgboost as xgb

# What BoostLab knew of the data and the model when it wrote this script.
SPEC = @SPEC@
FEATURES = [f["name"] for f in SPEC["features"]]
# Columns of dates the tab replaced by their parts (year, month, ...): each part's date column.
DATE_OF = {part: d for d in SPEC["dates"] for part in d["parts"]}
# The columns this script reads, by the names the tab gave them (a date's column for its parts).
USED = list(dict.fromkeys(DATE_OF[c]["column"] if c in DATE_OF else c
                          for c in FEATURES + [SPEC["target"]] + [c for c in (SPEC["weight"], SPEC["base_margin"]) if c]))
# Rows weigh their weight column's value times their class's factor (class weights as the tab resolved
# them on its training rows, 'balanced' included): both, either or neither.
WEIGHTED = bool(SPEC["weight"] or SPEC["class_weights"])
# A DART model goes on as DART (its trees handed to XGBoost in DART's form: as_dart).
DART = SPEC["params"].get("booster") == "dart"


def unused(base, taken):
    """A name for the script's own bookkeeping column that no column of the data has."""
    name = base
    while name in taken:
        name = "_" + name
    taken.add(name)
    return name


_taken = set(SPEC["columns"]) | set(USED)
LABEL, WEIGHT, MARGIN, ROW, VALID = (unused(n, _taken) for n in ("__label", "__weight", "__margin", "__row", "__valid"))


def header_names(found):
    """The file's columns as the tab named them (trimmed, an empty cell named column_N), by
    position: pandas and Spark would name them otherwise. `found`: the header as read here."""
    if not SPEC["columns"]:
        return list(found)
    if len(found) != len(SPEC["columns"]):
        raise ValueError(f"{len(found)} columns in the file's header, but BoostLab read {len(SPEC['columns'])}: "
                         "is this the file the model was trained on?")
    return SPEC["columns"]


def parse_args(extra):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--csv", default=SPEC["csv"], help="the data: a path or URL every worker can read")
    p.add_argument("--valid-rows", default=SPEC["valid_rows"],
                   help="a file of 0-based validation rows, one a line ('' for none)")
    p.add_argument("--model", default=SPEC["model"], help="the model to continue (XGBoost JSON)")
    p.add_argument("--output", default=SPEC["output"], help="where to save the continued model")
    p.add_argument("--rounds", type=int, default=SPEC["rounds"], help="boosting rounds to add")
    extra(p)
    args = p.parse_args()
    # XGBoost's DMatrix raises on such names (the model file loads): said here, before a cluster starts.
    refused = [n for n in FEATURES if any(c in n for c in "[]<")]
    if refused:
        sys.exit(f"XGBoost refuses feature names holding [, ] or <: {', '.join(map(repr, refused))}. "
                 "Rename these columns in the CSV (say 'weight (kg)') and train the model again in BoostLab.")
    return args


def read_rows(path):
    if not path:
        return np.empty(0, dtype=np.int64)
    with open(path, encoding="ascii") as f:
        return np.array([int(line) for line in f if line.strip()], dtype=np.int64)


def cells(raw, name):
    """A column's text, trimmed, with BoostLab's missing-value markers as NaN."""
    s = raw[name].astype(object).where(raw[name].notna(), "").astype(str).str.strip(" \t")
    return s.mask(s.isin(SPEC["missing"]))


# Numbers written for people, as BoostLab reads them (its data notes say which
# columns): a currency sign before or after, or a percent sign after (96% is
# 96); thousands grouped by ',' with a '.' decimal point, or by '.' with a ','
# decimal point. A column that fits both takes the file's convention: with a
# comma in it, ',' groups thousands in a comma-separated file and is the
# decimal point elsewhere; with none, the file's other columns said (SPEC).
CURRENCY = ("$", "\u20ac", "\u00a3", "\u00a5")


def bare(text):
    for c in CURRENCY:
        if len(text) > len(c) and text.startswith(c):
            return text[len(c):].strip(" \t")
        if len(text) > len(c) and text.endswith(c):
            return text[:-len(c)].strip(" \t")
    return text[:-1].strip(" \t") if len(text) > 1 and text.endswith("%") else text


def written(text, group, point):
    m = re.fullmatch(r"([+-]?)(\d+|\d{1,3}(?:" + re.escape(group) + r"\d{3})+)(?:" + re.escape(point) + r"(\d+))?", bare(text))
    return None if m is None else float(m.group(1) + m.group(2).replace(group, "") + ("." + m.group(3) if m.group(3) else ""))


def to_numbers(s, name):
    v = pd.to_numeric(s, errors="coerce")
    bad = s.notna() & v.isna()
    if bad.any():
        # The conventions every cell fits (a plain number fits the first; the second reads its dot as thousands).
        plain = s[s.notna() & ~bad]
        fits_thousands = all(written(t, ",", ".") is not None for t in s[bad])
        fits_decimal = (all(written(t, ".", ",") is not None for t in s[bad])
                        and all(written(t, ".", ",") is not None or "." not in t for t in plain))
        comma = s[s.notna()].str.contains(",", regex=False).any()
        comma_is_point = SPEC["delimiter"] != "," if comma else SPEC["decimal_comma"]
        if fits_thousands and not (fits_decimal and comma_is_point):
            v = v.where(~bad, s.map(lambda t: written(t, ",", ".") if isinstance(t, str) else np.nan))
        elif fits_decimal:
            w = s.map(lambda t: written(t, ".", ",") if isinstance(t, str) else np.nan).astype("float64")
            v = w.where(w.notna(), v)
        else:
            raise ValueError(f"Column '{name}': '{s[bad].iloc[0]}' is not a number (BoostLab read this column as numbers).")
    return v.astype("float64")


def days_from_civil(y, m, d):
    """Days from 1970-01-01 (proleptic Gregorian), as BoostLab counts them: 400-year eras,
    years from 1 March. Arrays of floats, NaN where missing."""
    y = y - (m <= 2)
    era = np.floor_divide(y, 400)
    year_of_era = y - era * 400
    day_of_year = np.floor_divide(153 * np.where(m > 2, m - 3, m + 9) + 2, 5) + d - 1
    day_of_era = year_of_era * 365 + np.floor_divide(year_of_era, 4) - np.floor_divide(year_of_era, 100) + day_of_year
    return era * 146097 + day_of_era - 719468


def date_parts(s, date):
    """A column of dates (text, trimmed, NaN missing) -> its parts as BoostLab derives them:
    year, month, day, weekday (0 Monday), yearday, days since 1970-01-01[, hour]."""
    groups = s.str.extract(date["pattern"])  # the first number, separator, second, third, hour
    first, second, third = (pd.to_numeric(groups[i]).to_numpy("float64") for i in (0, 2, 3))
    if date["order"] == "ymd":
        y, m, d = first, second, third
    elif date["order"] == "dmy":
        y, m, d = third, second, first
    else:  # the month first
        y, m, d = third, first, second
    bad = s.notna().to_numpy() & np.isnan(y)
    if bad.any():
        raise ValueError(f"Column '{date['column']}': '{s[bad].iloc[0]}' is not a date like the others (BoostLab read them as dates).")
    days = days_from_civil(y, m, d)
    values = [y, m, d, np.mod(days + 3, 7), days - days_from_civil(y, np.ones_like(y), np.ones_like(y)) + 1, days]
    if len(date["parts"]) == 7:  # a time in some cell: the hour, midnight for a date alone
        values.append(np.where(np.isnan(y), np.nan, np.nan_to_num(pd.to_numeric(groups[4]).to_numpy("float64"), nan=0.0)))
    return {name: pd.Series(v, index=s.index, dtype="float64") for name, v in zip(date["parts"], values)}


def column(raw, name, dates):
    """A column as read: a date's part (its date column's parts derived once, kept in `dates`), or its cells."""
    if name not in DATE_OF:
        return cells(raw, name)
    date = DATE_OF[name]
    if date["column"] not in dates:
        dates[date["column"]] = date_parts(cells(raw, date["column"]), date)
    return dates[date["column"]][name]


def numbers(raw, name, dates):
    v = column(raw, name, dates)
    return v if name in DATE_OF else to_numbers(v, name)


def to_classes(s):
    index = {c: i for i, c in enumerate(SPEC["classes"])}
    try:
        by_value = {float(c): i for i, c in enumerate(SPEC["classes"])}
    except ValueError:
        by_value = {}

    def code(v):
        if v in index:
            return index[v]
        try:
            return by_value[float(v)]
        except (ValueError, KeyError):
            raise ValueError(f"Target '{SPEC['target']}': '{v}' is not one of the model's classes {SPEC['classes']}.")
    if s.isna().any():
        raise ValueError(f"Target '{SPEC['target']}' is missing in some rows; BoostLab refuses those too.")
    return s.map(code).astype("float64")


def prepare(raw, valid_rows):
    """Raw text cells (one partition) -> the columns as BoostLab typed them."""
    out = pd.DataFrame(index=raw.index)
    dates = {}
    for f in SPEC["features"]:
        if f["type"] == "categorical":
            # BoostLab's level codes: a level the model never saw is missing, as in BoostLab.
            out[f["name"]] = pd.Categorical(cells(raw, f["name"]), categories=f["levels"])
        else:
            out[f["name"]] = numbers(raw, f["name"], dates)
    y = column(raw, SPEC["target"], dates)
    if SPEC["classes"]:
        out[LABEL] = to_classes(y)
    else:
        if y.isna().any():
            raise ValueError(f"Target '{SPEC['target']}' is missing in some rows; BoostLab refuses those too.")
        out[LABEL] = numbers(raw, SPEC["target"], dates)
    if WEIGHTED:
        w = numbers(raw, SPEC["weight"], dates).fillna(0.0) if SPEC["weight"] else pd.Series(1.0, index=raw.index)
        if SPEC["class_weights"]:
            w = w * out[LABEL].map(dict(enumerate(SPEC["class_weights"]))).astype("float64")
        out[WEIGHT] = w
    if SPEC["base_margin"]:
        # Each row's starting margin (XGBoost's base_margin), as the tab trained with it.
        m = numbers(raw, SPEC["base_margin"], dates)
        if m.isna().any():
            raise ValueError(f"Base margin '{SPEC['base_margin']}' is missing in some rows; BoostLab refuses those too.")
        out[MARGIN] = m
    if ROW in raw:
        out[VALID] = np.isin(raw[ROW].to_numpy(), valid_rows)
    return out


def as_dart(doc):
    """A plain tree model in DART's form, each tree weighing 1 (BoostLab baked DART's scales into the
    leaves). Handed a plain model and booster 'dart', XGBoost starts again from no trees."""
    gbm = doc["learner"]["gradient_booster"]
    if DART and gbm["name"] != "dart":
        doc["learner"]["gradient_booster"] = {"name": "dart", "gbtree": gbm,
                                              "weight_drop": [1.0] * len(gbm["model"]["trees"])}
    return doc


def load_start(path):
    booster = xgb.Booster()
    booster.load_model(path)
    if not DART:
        return booster
    dart = xgb.Booster()
    dart.load_model(bytearray(json.dumps(as_dart(json.loads(booster.save_raw("json")))).encode("utf-8")))
    return dart


def evaluate(booster, dmatrix):
    """The model's metrics on one DMatrix, computed by XGBoost."""
    if dmatrix is None:
        return {}
    b = booster.copy()
    # A quantile metric reads its alphas from the parameters set, not from the model's objective (XGBoost 3.2).
    b.set_param([("eval_metric", m) for m in SPEC["params"].get("eval_metric", [])] +
                [(k, SPEC["params"][k]) for k in ("quantile_alpha",) if k in SPEC["params"]])
    text = b.eval(dmatrix, "valid")
    return {k.split("-", 1)[1]: float(v) for k, v in (item.split(":") for item in text.split("\t")[1:])}


def finish(engine, start, continued, before, local_valid, output):
    """Saves the continued model and prints what the run did, one JSON line."""
    continued.save_model(output)
    print(json.dumps({"engine": engine, "rounds_before": start.num_boosted_rounds(),
                      "rounds_after": continued.num_boosted_rounds(), "valid_before": before,
                      "valid_after": evaluate(continued, local_valid), "output": output}))
)PY";

constexpr const char* kDask = R"PY(

def engine_args(p):
    p.add_argument("--scheduler", default="", help="a Dask scheduler's address; default: a local cluster")
    p.add_argument("--workers", type=int, default=SPEC["workers"], help="local cluster: worker processes")
    p.add_argument("--threads-per-worker", type=int, default=1, help="local cluster: threads per worker")
    p.add_argument("--blocksize", default="64MB", help="bytes of CSV per partition")


class TooFewRows(Exception):
    """A set has rows, but too few for every worker to hold some."""


def spread(client, data):
    """data's rows, computed and kept so that every worker holds some, or None
    when there are none (TooFewRows when some worker would hold none). XGBoost refuses a worker with no rows when the data has
    categories (3.x) and its allreduce hangs on one (1.7). Dask runs a task near
    its input only as a preference (on a busy machine both halves of a two-part
    file were seen filtered on one worker), so the partitions are dealt by hand:
    empty ones dropped, too few cut, each computed on its worker and waited for."""
    import dask.dataframe as dd
    from distributed import futures_of, wait
    workers = sorted(client.scheduler_info()["workers"])
    data = client.persist(data)
    rows = data.map_partitions(len).compute()
    full = [part for part, n in zip(data.to_delayed(), rows) if n > 0]
    if not full:
        return None
    if len(full) < len(workers):
        full = dd.from_delayed(full, meta=data._meta).repartition(npartitions=len(workers)).to_delayed()
    parts = [client.persist(part, workers=[workers[i % len(workers)]]) for i, part in enumerate(full)]
    wait(parts)
    held = dict.fromkeys(workers, 0)
    for i, n in enumerate(client.gather([client.submit(len, futures_of(part)[0], pure=False) for part in parts])):
        held[workers[i % len(workers)]] += n
    short = [w for w in workers if held[w] == 0]
    if short:
        raise TooFewRows(f"{len(short)} of {len(workers)} Dask workers would hold none of these {sum(rows)} rows")
    # Persisted and waited for, so that what XGBoost derives from each part runs where the part is.
    placed = client.persist(dd.from_delayed(parts, meta=data._meta))
    wait(placed)
    return placed


def main():
    args = parse_args(engine_args)
    import logging
    import dask.dataframe as dd
    from distributed import Client, LocalCluster
    from xgboost import dask as dxgb

    logging.getLogger("distributed").setLevel(logging.WARNING)
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        client = Client(LocalCluster(n_workers=args.workers, threads_per_worker=args.threads_per_worker,
                                     dashboard_address=None))
    head = pd.read_csv(args.csv, sep=SPEC["delimiter"], encoding=SPEC["encoding"], dtype=str, nrows=0)
    raw = dd.read_csv(args.csv, sep=SPEC["delimiter"], encoding=SPEC["encoding"], header=0,
                      names=header_names(head.columns), usecols=USED, dtype=str,
                      keep_default_na=False, na_filter=False, blocksize=args.blocksize)
    raw = raw.assign(**{ROW: 1})
    raw[ROW] = raw[ROW].cumsum() - 1  # the row's number in the file, across partitions
    valid_rows = read_rows(args.valid_rows)
    data = client.persist(raw.map_partitions(prepare, valid_rows, meta=prepare(raw._meta, valid_rows)))
    try:
        train = spread(client, data[~data[VALID]] if len(valid_rows) else data)
    except TooFewRows as e:
        sys.exit(f"Training rows: {e}; XGBoost needs rows on each: run with fewer --workers.")
    if train is None:
        sys.exit(f"{args.csv} has no training rows.")
    valid, v = None, None
    if len(valid_rows):
        # The validation rows, gathered here to report the metric before and after alike.
        v = data[data[VALID]].compute()
        try:
            valid = spread(client, data[data[VALID]])
        except TooFewRows as e:
            # Too few to give each worker some: the per-round evaluations leave them out; the metric
            # before and after is still theirs, computed here.
            print(f"Validation rows: {e}; the rounds are evaluated on the training rows only.", file=sys.stderr)
    del data  # each set is kept as placed

    def dmatrix(part):
        return dxgb.DaskDMatrix(client, part[FEATURES], part[LABEL], enable_categorical=True,
                                weight=part[WEIGHT] if WEIGHTED else None,
                                base_margin=part[MARGIN] if SPEC["base_margin"] else None)

    booster = load_start(args.model)
    dtrain = dmatrix(train)
    evals = [(dtrain, "train")]
    if valid is not None:
        evals.append((dmatrix(valid), "valid"))
    local_valid = None
    if v is not None and len(v):
        local_valid = xgb.DMatrix(v[FEATURES], v[LABEL], enable_categorical=True,
                                  weight=v[WEIGHT] if WEIGHTED else None,
                                  base_margin=v[MARGIN] if SPEC["base_margin"] else None)
    before = evaluate(booster, local_valid)
    result = dxgb.train(client, SPEC["params"], dtrain, num_boost_round=args.rounds, evals=evals, xgb_model=booster)
    finish("dask", booster, result["booster"], before, local_valid, args.output)
    client.close()
)PY";

constexpr const char* kSpark = R"PY(

def engine_args(p):
    p.add_argument("--master", default="", help="Spark master URL; default: local[workers]")
    p.add_argument("--workers", type=int, default=SPEC["workers"], help="XGBoost workers (Spark tasks)")


def main():
    args = parse_args(engine_args)
    import os
    if not args.master:  # local: Spark's Python workers run this interpreter, which has the packages
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession
    from pyspark.sql import types as T
    from xgboost.spark import SparkXGBClassifier, SparkXGBRegressor

    spark = SparkSession.builder.master(args.master or f"local[{args.workers}]").appName("boostlab-continue").getOrCreate()
    raw = (spark.read.option("header", True).option("sep", SPEC["delimiter"]).option("encoding", SPEC["encoding"])
           .option("quote", '"').option("escape", '"').option("inferSchema", False).csv(args.csv))
    # Spark reads a dot in a column name as a field of a struct ("x.box"), and
    # names a header's cells its own way: inside Spark the columns go by
    # position (c0, c1, ...; features f0, f1, ...), and XGBoost gets the real
    # names as feature_names.
    position = {name: i for i, name in enumerate(header_names(raw.columns))}
    raw = raw.toDF(*[f"x{i}" for i in range(len(raw.columns))])
    raw = raw.select(*[raw[f"x{position[c]}"].alias(f"c{i}") for i, c in enumerate(USED)])
    by_position = {f"c{i}": c for i, c in enumerate(USED)}
    numbered = T.StructType(raw.schema.fields + [T.StructField(ROW, T.LongType())])
    raw = spark.createDataFrame(raw.rdd.zipWithIndex().map(lambda p: (*p[0], p[1])), numbered)
    valid_rows = read_rows(args.valid_rows)
    weight = [WEIGHT] if WEIGHTED else []
    margin = [MARGIN] if SPEC["base_margin"] else []
    positions = [f"f{i}" for i in range(len(FEATURES))]

    def typed(frames):  # Spark has no categorical type: categories go to XGBoost as codes marked 'c'
        for frame in frames:
            out = prepare(frame.rename(columns=by_position), valid_rows)
            for f in SPEC["features"]:
                if f["type"] == "categorical":
                    out[f["name"]] = out[f["name"]].cat.codes.astype("float64").replace(-1, np.nan)
            out = out[FEATURES + [LABEL] + weight + margin + [VALID]]
            out.columns = positions + [LABEL] + weight + margin + [VALID]
            yield out

    schema = T.StructType([T.StructField(c, T.DoubleType()) for c in positions + [LABEL] + weight + margin]
                          + [T.StructField(VALID, T.BooleanType())])
    data = raw.mapInPandas(typed, schema).cache()
    types = ["c" if f["type"] == "categorical" else "q" for f in SPEC["features"]]

    # Spark carries categories as codes, without names: the model's category container (XGBoost 3's names,
    # for coding a pandas frame by name) makes XGBoost 3 refuse to continue it ("a new dataset with different
    # categorical features"). Without it the codes are read by position, as this script writes them.
    with open(args.model, "rb") as fh:
        text = fh.read()
    if text.lstrip()[:1] == b"{":
        doc = json.loads(text)
        gbm = doc["learner"]["gradient_booster"]
        (gbm["gbtree"] if gbm["name"] == "dart" else gbm)["model"].pop("cats", None)
        booster = xgb.Booster()
        booster.load_model(bytearray(json.dumps(as_dart(doc)).encode("utf-8")))
    else:
        booster = load_start(args.model)
    kwargs = dict(SPEC["spark_params"], features_col=positions, feature_names=FEATURES, label_col=LABEL,
                  feature_types=types, num_workers=args.workers, n_estimators=args.rounds, xgb_model=booster)
    if weight:
        kwargs["weight_col"] = WEIGHT
    if margin:
        kwargs["base_margin_col"] = MARGIN
    local_valid = None
    if len(valid_rows):
        kwargs["validation_indicator_col"] = VALID
        # The validation rows, gathered here to report the metric before and after alike.
        v = data.filter(data[VALID]).toPandas()
        local_valid = xgb.DMatrix(v[positions].to_numpy(), v[LABEL], feature_names=FEATURES, feature_types=types,
                                  enable_categorical=True, weight=v[WEIGHT] if weight else None,
                                  base_margin=v[MARGIN] if margin else None)
    classifier = SPEC["objective"] in ("binary:logistic", "multi:softprob", "multi:softmax")
    if not classifier:
        kwargs["objective"] = SPEC["objective"]
    estimator = (SparkXGBClassifier if classifier else SparkXGBRegressor)(**kwargs)
    before = evaluate(booster, local_valid)
    finish("spark", booster, estimator.fit(data).get_booster(), before, local_valid, args.output)
    spark.stop()
)PY";

constexpr const char* kTail = R"PY(

if __name__ == "__main__":
    main()
)PY";

void Replace(std::string& text, std::string_view key, const std::string& value) {
  const size_t at = text.find(key);
  if (at != std::string::npos) text.replace(at, key.size(), value);
}

std::string Number(double v) {
  std::string out;
  json::AppendNumber(out, v);
  return out;
}

// A JSON (and Python) string literal.
std::string Text(std::string_view s) {
  std::string out;
  json::AppendString(out, s);
  return out;
}

// The parameters the script trains with, under XGBoost's names (the learning
// API's for Dask, the estimators' for Spark), as JSON members.
struct ScriptParams {
  std::string learning;  // {"eta": 0.3, ...}
  std::string spark;     // {"learning_rate": 0.3, ...}
};

ScriptParams ParamsOf(const Model& m, const std::string& objective, std::vector<std::string> metrics) {
  const Params& p = m.params;
  // xgboost and gbdt grew their trees as XGBoost does: continue with their
  // settings. A forest's or AdaBoost's own settings (deep trees, eta 1) would
  // not boost well: XGBoost's defaults grow the trees added to their margin.
  const bool boosted = p.algorithm == "xgboost" || p.algorithm == "gbdt";
  std::vector<std::pair<std::string, std::string>> both;  // name in the learning API, value
  std::vector<std::pair<std::string, std::string>> spark_names;  // the learning API name -> the estimators'
  auto add = [&](const char* name, const std::string& value) { both.emplace_back(name, value); };
  add("tree_method", Text("hist"));
  if (!objective.empty()) add("objective", Text(objective));
  if (m.num_outputs > 1 && objective.rfind("multi:", 0) == 0) add("num_class", std::to_string(m.num_outputs));
  if (objective == "reg:pseudohubererror") add("huber_slope", Number(p.huber_slope));
  if (objective == "reg:quantileerror") {
    // One alpha as a number; several as a list (one target each in XGBoost).
    std::string alphas;
    for (double a : p.quantile_alpha) alphas += (alphas.empty() ? "" : ", ") + Number(a);
    add("quantile_alpha", p.quantile_alpha.size() == 1 ? alphas : "[" + alphas + "]");
  }
  if (objective == "reg:tweedie") add("tweedie_variance_power", Number(p.tweedie_variance_power));
  if (objective == "binary:logistic" && p.scale_pos_weight != 1) add("scale_pos_weight", Number(p.scale_pos_weight));
  if (boosted) {
    add("eta", Number(p.eta));
    add("max_depth", std::to_string(p.max_depth));
    if (p.max_leaves > 0) add("max_leaves", std::to_string(p.max_leaves));
    add("grow_policy", Text(p.grow_policy));
    add("lambda", Number(p.lambda));
    add("alpha", Number(p.alpha));
    add("gamma", Number(p.gamma));
    add("min_child_weight", Number(p.min_child_weight));
    if (!std::isnan(p.max_delta_step)) add("max_delta_step", Number(p.max_delta_step));
    if (p.booster == "dart") {  // the script hands XGBoost the model in DART's form (as_dart)
      add("booster", Text("dart"));
      add("rate_drop", Number(p.rate_drop));
      add("skip_drop", Number(p.skip_drop));
      add("one_drop", std::to_string(p.one_drop));
      add("sample_type", Text(p.sample_type));
      add("normalize_type", Text(p.normalize_type));
    }
    add("subsample", Number(p.subsample));
    add("colsample_bytree", Number(p.colsample_bytree));
    add("colsample_bylevel", Number(p.colsample_bylevel));
    add("colsample_bynode", Number(p.colsample_bynode));
    // By position in the model's features, the script's columns in order.
    const FeatureConstraints c = ResolveFeatureConstraints(p.monotone_constraints, p.interaction_constraints, m.features);
    if (c.HasMonotone()) {
      std::string directions;
      for (int8_t d : c.monotone) directions += (directions.empty() ? "(" : ",") + std::to_string(d);
      add("monotone_constraints", Text(directions + ")"));
    }
    if (c.HasInteraction()) {
      std::string sets = "[";
      for (const std::vector<uint64_t>& set : c.interaction) {
        std::string features;
        for (size_t f = 0; f < m.features.size(); ++f)
          if (HasBit(set, static_cast<int>(f))) features += (features.empty() ? "" : ",") + std::to_string(f);
        sets += (sets.size() > 1 ? ",[" : "[") + features + "]";
      }
      add("interaction_constraints", Text(sets + "]"));
    }
  }
  add("max_bin", std::to_string(p.max_bin));
  add("max_cat_to_onehot", std::to_string(p.max_cat_to_onehot));
  add("max_cat_threshold", std::to_string(p.max_cat_threshold));
  add("seed", std::to_string(p.seed));
  if (!metrics.empty()) {
    std::string list = "[";
    for (size_t i = 0; i < metrics.size(); ++i) {
      if (i) list += ", ";
      json::AppendString(list, metrics[i]);
    }
    add("eval_metric", list + "]");
  }
  // The Spark estimators take scikit-learn's names; the class picks a
  // classifier's objective and num_class itself.
  auto spark_name = [](const std::string& n) -> std::string {
    if (n == "eta") return "learning_rate";
    if (n == "lambda") return "reg_lambda";
    if (n == "alpha") return "reg_alpha";
    if (n == "seed") return "random_state";
    return n;
  };
  ScriptParams out{"{", "{"};
  for (const auto& [name, value] : both) {
    if (out.learning.size() > 1) out.learning += ", ";
    out.learning += Text(name) + ": " + value;
    if (name == "objective" || name == "num_class") continue;
    if (out.spark.size() > 1) out.spark += ", ";
    // Not hist on Spark: for hist, xgboost.spark trains on a QuantileDMatrix,
    // which reads each value as its bin's cut when it predicts, so the loaded
    // trees' splits would see other values than they were grown on (diamonds:
    // rmse 513 instead of 479 before the first new round). approx trains on the
    // exact values with the same histogram method (re-sketched each round).
    out.spark += Text(spark_name(name)) + ": " + (name == "tree_method" ? Text("approx") : value);
  }
  out.learning += "}";
  out.spark += "}";
  return out;
}

// The metrics the tab reported (eval_metric, or the objective's own); empty
// leaves XGBoost's default for the objective.
std::vector<std::string> MetricsOf(const Model& m) {
  std::vector<std::string> metrics;
  std::string list = m.params.eval_metric;
  if (list.empty()) {
    try {
      return MakeObjective(m.objective, m.params, m.num_outputs)->DefaultMetrics();
    } catch (const std::exception&) {
      return {};  // an algorithm's own objective (a forest's, AdaBoost's): XGBoost's default
    }
  }
  size_t start = 0;
  while (start <= list.size()) {
    const size_t comma = list.find(',', start);
    const std::string item = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (!item.empty()) metrics.push_back(item);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return metrics;
}

}  // namespace

std::string ScaleOutScript(const Model& m, const ScaleOutOptions& o) {
  const std::string objective = XGBoostObjectiveName(m);  // throws for a model with no XGBoost form
  if (m.objective == "custom")
    throw Error("XGBOOST_UNSUPPORTED", "A model of your own objective needs that loss on the cluster: export it (toXGBoostJSON) and continue it "
                                       "with xgb.train(..., obj=your_loss, xgb_model=...) by hand.");
  if (m.objective == "reg:expectileerror")
    throw Error("XGBOOST_UNSUPPORTED", "XGBoost has no expectile loss: it would continue this model on squared error (the mean). Its "
                                       "export predicts the same expectiles in XGBoost; continue it with an obj of your own by hand.");
  if (m.objective == "multi:forest")
    throw Error("XGBOOST_UNSUPPORTED", "A multiclass forest exports as per-class shares (a multi-target regression); XGBoost cannot "
                                       "continue it by boosting. Train with algorithm 'xgboost' to carry a multiclass model to a cluster.");
  if (objective.rfind("rank:", 0) == 0)
    throw Error("XGBOOST_UNSUPPORTED", "A ranking model needs its query column on the cluster, which the scale-out script does not "
                                       "carry yet: export it (toXGBoostJSON) and continue it with xgb_model and the qid column by hand.");
  const ScriptParams params = ParamsOf(m, objective, MetricsOf(m));

  // SPEC, one key a line: JSON without true, false or null is also a Python
  // dict literal, and a person can read and edit it there.
  std::vector<std::pair<const char*, std::string>> spec;
  spec.emplace_back("csv", Text(o.csv));
  spec.emplace_back("delimiter", Text(std::string(1, o.delimiter)));
  spec.emplace_back("encoding", Text(o.encoding == "windows-1252" ? "cp1252" : "utf-8"));
  spec.emplace_back("decimal_comma", o.decimal_comma ? "1" : "0");  // (a number: SPEC stays JSON too)
  spec.emplace_back("valid_rows", Text(o.valid_rows));
  spec.emplace_back("weight", Text(o.weight));
  spec.emplace_back("base_margin", Text(o.base_margin));
  if (!o.base_margin.empty() && m.num_outputs > 1)
    throw Error("BAD_OPTION", "A base margin gives each row one starting margin; this model has " + std::to_string(m.num_outputs) + " outputs.");
  // Class weights: one factor per class, in the model's class order (1 for a class not named).
  std::string class_weights = "[";
  if (!o.class_weights.empty()) {
    if (m.classes.empty())
      throw Error("BAD_OPTION", "Scale-out option 'classWeights' weighs classes; this model predicts numbers (" + objective + ").");
    std::vector<double> factor(m.classes.size(), 1.0);
    for (const auto& [name, w] : o.class_weights) {
      size_t k = 0;
      while (k < m.classes.size() && m.classes[k] != name) ++k;
      if (k == m.classes.size())
        throw Error("BAD_OPTION", "Scale-out option 'classWeights' names " + Quote(name) + ", which is not a class of the model" +
                                      DidYouMean(name, m.classes) + ".");
      factor[k] = w;
    }
    for (size_t k = 0; k < factor.size(); ++k) class_weights += (k ? ", " : "") + Number(factor[k]);
  }
  spec.emplace_back("class_weights", class_weights + "]");
  // The file's columns: a date's parts, where `columns` names them, are the one column they came from.
  std::string columns = "[";
  std::string dates = "[";
  std::vector<std::vector<std::string>> part_names;
  for (const DateColumn& d : o.date_parts) {
    DateForm form;
    form.order = *OrderOfCode(d.order);
    form.has_time = d.time;
    part_names.push_back(DatePartNames(d.name, form));
    dates += std::string(dates.size() > 1 ? ",\n        " : "\n        ") + "{\"column\": " + Text(d.name) + ", \"order\": " + Text(d.order) +
             ", \"pattern\": " + Text(DateCellPattern(form)) + ", \"parts\": [";
    for (size_t k = 0; k < part_names.back().size(); ++k) dates += (k ? ", " : "") + Text(part_names.back()[k]);
    dates += "]}";
  }
  bool first_column = true;
  for (size_t i = 0; i < o.columns.size(); ++i) {
    std::string name = o.columns[i];
    for (size_t d = 0; d < part_names.size(); ++d)
      if (name == part_names[d].front()) {
        // NAME_year begins the parts: the file has NAME here; pass over the rest of its parts.
        name = o.date_parts[d].name;
        size_t k = 1;
        while (k < part_names[d].size() && i + 1 < o.columns.size() && o.columns[i + 1] == part_names[d][k]) ++i, ++k;
        break;
      }
    columns += (first_column ? "" : ", ") + Text(name);
    first_column = false;
  }
  spec.emplace_back("columns", columns + "]");
  spec.emplace_back("dates", dates + "]");
  spec.emplace_back("model", Text(o.model));
  spec.emplace_back("output", Text(o.output));
  spec.emplace_back("rounds", std::to_string(o.rounds));
  spec.emplace_back("workers", std::to_string(o.workers));
  spec.emplace_back("objective", Text(objective));
  spec.emplace_back("target", Text(m.target));
  std::string classes = "[";  // label i is class i
  for (size_t i = 0; i < m.classes.size(); ++i) classes += (i ? ", " : "") + Text(m.classes[i]);
  spec.emplace_back("classes", classes + "]");
  std::string features = "[";
  for (size_t i = 0; i < m.features.size(); ++i) {
    const FeatureInfo& f = m.features[i];
    features += (i ? ",\n        {\"name\": " : "\n        {\"name\": ") + Text(f.name);
    if (f.type == ColumnType::kCategorical) {
      features += ", \"type\": \"categorical\", \"levels\": [";
      for (size_t l = 0; l < f.levels.size(); ++l) features += (l ? ", " : "") + Text(f.levels[l]);
      features += "]}";
    } else {
      features += ", \"type\": \"numeric\"}";
    }
  }
  spec.emplace_back("features", features + "]");
  std::string missing = "[";
  for (std::string_view marker : kMissingMarkers) missing += (missing.size() > 1 ? ", " : "") + Text(marker);
  for (const std::string& marker : o.missing_values) missing += ", " + Text(Trim(marker));  // the reader's, trimmed as it matched them
  spec.emplace_back("missing", missing + "]");
  spec.emplace_back("params", params.learning);
  spec.emplace_back("spark_params", params.spark);
  std::string spec_literal = "{";
  for (size_t i = 0; i < spec.size(); ++i) spec_literal += std::string(i ? ",\n    " : "\n    ") + Text(spec[i].first) + ": " + spec[i].second;
  spec_literal += ",\n}";

  const bool dask = o.engine == "dask";
  std::string script = std::string(kHead) + (dask ? kDask : kSpark) + kTail;
  const std::string& algorithm = m.params.algorithm;
  Replace(script, "@ENGINE@", dask ? "Dask (xgboost.dask)" : "Spark (xgboost.spark)");
  // Nothing the user named goes into the Python text outside SPEC's literal.
  Replace(script, "@WHAT@", "a model of " + std::to_string(m.trees.size()) + " trees (" + algorithm + ", " + objective + ")");
  std::string note;
  if (algorithm == "gbdt")
    note = "\nThe model was trained with gradient boosting's line search; XGBoost continues it with\n"
           "Newton steps (w = -G/(H+lambda)) on the same loss, eta and tree settings.\n";
  else if (algorithm == "random_forest")
    note = "\nThe model is a random forest (its trees averaged). XGBoost continues it by boosting:\n"
           "the added trees fit the forest's residuals with XGBoost's default eta and depth.\n";
  else if (algorithm == "adaboost")
    note = "\nThe model is AdaBoost's vote, exported as a raw margin. XGBoost continues it by boosting\n"
           "that margin under " + objective + ", with XGBoost's default eta and depth.\n";
  // Step conventions XGBoost has no setting for: it continues with its own.
  if (algorithm == "xgboost" && m.params.leaf_newton_steps > 1)
    note += "\nThe model's leaves took up to " + std::to_string(m.params.leaf_newton_steps) +
            " Newton steps each (leaf_newton_steps); XGBoost continues it with\none step per leaf, w = -G/(H+lambda).\n";
  if (algorithm == "xgboost" && m.params.quantized_grad)
    note += "\nThe model's trees chose their splits on gradient sums rounded to whole units (quantized_grad);\n"
            "XGBoost continues it on exact sums.\n";
  // With 2 classes the two hessians give the same steps.
  if (algorithm == "xgboost" && m.params.softmax_hessian == "lightgbm" && m.num_outputs > 2) {
    const int K = m.num_outputs;
    note += "\nThe model's classes were grown on LightGBM's softmax hessian K/(K-1) p(1-p); XGBoost\ncontinues it on its own, "
            "2p(1-p), whose steps are K/(2(K-1)) = " + Number(static_cast<double>(K) / (2.0 * (K - 1))) + " times as long.\n";
  }
  Replace(script, "@NOTE@", note);
  Replace(script, "@USAGE@",
          dask ? std::string("    pip install 'xgboost>=") + (objective == "reg:quantileerror" ? "2" : "1.7") +  // quantiles came in 2.0
                     "' 'dask[dataframe]' distributed pandas\n"
                 "    python3 continue_dask.py                                   # a local cluster\n"
                 "    python3 continue_dask.py --scheduler tcp://host:8786 --csv s3://bucket/all.csv"
               : "    pip install 'xgboost>=2' pyspark pandas pyarrow scikit-learn   # and Java 17\n"
                 "    python3 continue_spark.py                                  # local[workers]\n"
                 "    spark-submit continue_spark.py --master yarn --csv hdfs:///data/all.csv --workers 16");
  Replace(script, "@SPEC@", spec_literal);
  return script;
}

}  // namespace boostlab
