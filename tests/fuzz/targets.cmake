# The libFuzzer targets (tests/fuzz/fuzz_*.cpp), each linking the core given, written to
# `out_dir` (run_fuzz.sh --build OUT_DIR runs every fuzz_* binary found there); the target
# pla_fuzz builds them all. The core must
# carry coverage counters (-fsanitize-coverage=inline-8bit-counters,pc-table, or the whole
# -fsanitize=fuzzer-no-link) and the sanitizers.
function(pla_fuzz_targets core out_dir)
  file(GLOB sources CONFIGURE_DEPENDS "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/fuzz_*.cpp")
  add_custom_target(pla_fuzz)
  foreach(src IN LISTS sources)
    get_filename_component(name "${src}" NAME_WE)
    add_executable(${name} "${src}")
    target_link_libraries(${name} PRIVATE ${core})
    target_compile_options(${name} PRIVATE -fsanitize=fuzzer -Wall -Wextra -Wshadow -Werror)
    target_link_options(${name} PRIVATE -fsanitize=fuzzer)
    set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY "${out_dir}")
    add_dependencies(pla_fuzz ${name})
  endforeach()
endfunction()
