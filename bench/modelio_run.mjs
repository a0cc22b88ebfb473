// One model file loaded and saved by the package, timed, with the wasm heap
// around the load: run by bench/modelio.mjs in Node (a child process, so the
// heap is fresh) and in a Chromium module worker (bench/browser/modelio-worker.js),
// as the playground's worker loads a picked file and saves one.
// bl: an initialised BoostLab; bytes: the file's bytes (read untimed).
export function modelIo(bl, bytes) {
  const mb = (b) => b / 2 ** 20;
  const usedBefore = bl._module.heapStats().used, heapBefore = bl.heapBytes();
  let t = performance.now();
  const model = bl.loadModel(bytes);
  const load = (performance.now() - t) / 1000;
  const heapAfter = bl.heapBytes(), usedAfter = bl._module.heapStats().used;
  t = performance.now();
  const compactBlob = model.toBlob();  // as the playground saves it
  const saveCompact = (performance.now() - t) / 1000;
  const heapAfterSave = bl.heapBytes();
  t = performance.now();
  new Blob([model.toBinary()]);
  const saveCompactArray = (performance.now() - t) / 1000;
  t = performance.now();
  const jsonBlob = new Blob([...model.jsonChunks()]);
  const saveJson = (performance.now() - t) / 1000;
  const out = {
    build: bl.capabilities.build, file_mb: mb(bytes.length), model_mb: mb(model.memoryBytes()), trees: model.numTrees,
    load_seconds: load, save_compact_seconds: saveCompact, save_compact_array_seconds: saveCompactArray, save_json_seconds: saveJson, json_mb: mb(jsonBlob.size),
    same_bytes: compactBlob.size === bytes.length,
    heap_before_mb: mb(heapBefore), heap_after_mb: mb(heapAfter), used_before_mb: mb(usedBefore), used_after_mb: mb(usedAfter),
    // The heap only grows: its size after the load is its peak during it.
    load_peak_over_model: (heapAfter - usedBefore) / model.memoryBytes(),
    // What saving adds to the heap for good (it does not shrink): the file written out a buffer at a time, none.
    save_heap_growth_mb: mb(heapAfterSave - heapAfter),
  };
  model.dispose();
  return out;
}
