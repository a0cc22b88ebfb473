# WebAssembly builds. Each build directory compiles the core once for one
# instruction set and links it for the web and for Node, which differ only in
# how they are linked (the compile flags are the same):
#   threads  SIMD + pthreads: boostlab-web-threads (ES module, for
#            cross-origin-isolated pages) and boostlab-node-threads (CommonJS,
#            worker_threads)
#   simd     SIMD only: boostlab-web-simd (every other page), boostlab-node-simd
#   scalar   no SIMD, no threads: only for bench/ to measure what SIMD brings
# Flags verified on Emscripten 3.1.6 (see ../shared/TOOLCHAIN.md).
set(BOOSTLAB_WASM_BUILD "threads" CACHE STRING "which wasm build: threads | simd | scalar")
set(BOOSTLAB_POOL_SIZE 4)

string(FIND "${BOOSTLAB_WASM_BUILD}" "threads" _threads_at)
# -mbulk-memory: a memset or memcpy of unknown size becomes one memory.fill or
# memory.copy, which V8 runs as its native memset, instead of a call to musl's
# C loop (zeroing histograms was 9 % of a small table's training in the SIMD
# build; the threads builds had it already, as -pthread turns it on).
if(BOOSTLAB_WASM_BUILD MATCHES "scalar")
  set(common_flags -fexceptions -mbulk-memory)
else()
  set(common_flags -msimd128 -fexceptions -mbulk-memory)
endif()
if(_threads_at GREATER -1)
  list(APPEND common_flags -pthread)
  target_compile_definitions(boostlab_core PUBLIC BOOSTLAB_MAX_THREADS=${BOOSTLAB_POOL_SIZE})
endif()
target_compile_options(boostlab_core PUBLIC ${common_flags})
# A JSON model file is read whole into JSON values, about 40 times its size:
# 48 MB of model takes 2 GB of the 4 GB heap, which the data shares
# (model_json.cc says so past that). The compact .blm file has no such limit.
target_compile_definitions(boostlab_core PRIVATE BOOSTLAB_MAX_MODEL_MB=48)

# The bindings are compiled once too, for both links.
add_library(boostlab_bindings OBJECT wasm/bindings.cc)
target_link_libraries(boostlab_bindings PUBLIC boostlab_core)
# The engine says which package it belongs to (one source: wasm/package.json),
# so the JavaScript refuses engine files copied from another version.
file(READ "${CMAKE_CURRENT_SOURCE_DIR}/wasm/package.json" _package_json)
string(JSON BOOSTLAB_PACKAGE_VERSION GET "${_package_json}" version)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/wasm/package.json")
target_compile_definitions(boostlab_bindings PRIVATE BOOSTLAB_PACKAGE_VERSION="${BOOSTLAB_PACKAGE_VERSION}")
set(link_flags ${common_flags} -lembind -sMODULARIZE=1 -sALLOW_MEMORY_GROWTH=1
    -sINITIAL_MEMORY=64MB -sMAXIMUM_MEMORY=4GB -sTOTAL_STACK=1MB -sEXPORTED_RUNTIME_METHODS=[])
if(_threads_at GREATER -1)
  list(APPEND link_flags -sPTHREAD_POOL_SIZE=${BOOSTLAB_POOL_SIZE} -sEXPORT_NAME=BoostLabThreads)
elseif(BOOSTLAB_WASM_BUILD MATCHES "scalar")
  list(APPEND link_flags -sEXPORT_NAME=BoostLabScalar)
else()
  list(APPEND link_flags -sEXPORT_NAME=BoostLabSimd)
endif()

# boostlab-web-BUILD.mjs: an ES module for pages and their workers.
add_executable(boostlab_wasm_web $<TARGET_OBJECTS:boostlab_bindings>)
target_link_libraries(boostlab_wasm_web PRIVATE boostlab_core)
target_link_options(boostlab_wasm_web PRIVATE ${link_flags} -sENVIRONMENT=web,worker -sEXPORT_ES6=1)
set_target_properties(boostlab_wasm_web PROPERTIES OUTPUT_NAME "boostlab-web-${BOOSTLAB_WASM_BUILD}" SUFFIX ".mjs")

# boostlab-node-BUILD.js: CommonJS for Node. No process-wide handlers:
# Emscripten's defaults add an uncaughtException and an unhandledRejection
# listener per module, which rethrow (an app's own error then printed a line
# of the minified glue and exited 7, and its own unhandledRejection handler
# could not keep the process alive).
add_executable(boostlab_wasm_node $<TARGET_OBJECTS:boostlab_bindings>)
target_link_libraries(boostlab_wasm_node PRIVATE boostlab_core)
target_link_options(boostlab_wasm_node PRIVATE ${link_flags} -sENVIRONMENT=node -sNODEJS_CATCH_EXIT=0 -sNODEJS_CATCH_REJECTION=0)
set_target_properties(boostlab_wasm_node PROPERTIES OUTPUT_NAME "boostlab-node-${BOOSTLAB_WASM_BUILD}" SUFFIX ".js")
