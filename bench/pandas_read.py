"""pandas.read_csv of one CSV file (Debian's pandas, C engine, one thread):
median seconds of REPEATS reads, as one JSON line. For bench/ingest.mjs.

usage: pandas_read.py FILE REPEATS
"""
import json
import resource
import sys
import time

import pandas as pd

path, repeats = sys.argv[1], int(sys.argv[2])
runs = []
for _ in range(repeats):
    start = time.perf_counter()
    frame = pd.read_csv(path)
    runs.append(time.perf_counter() - start)
    rows, columns = frame.shape
    del frame
print(json.dumps({"seconds": sorted(runs)[len(runs) // 2], "runs": runs, "rows": rows, "columns": columns,
                  "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, "version": pd.__version__}))
