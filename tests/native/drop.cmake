# A file dropped on the native window (a real SDL_DROPFILE event through SDL's queue, as a file
# manager sends it) loads as if imported: runs the app under Xvfb with --drop and reads its state.
file(MAKE_DIRECTORY ${OUT})
set(state ${OUT}/drop-state.json)
file(REMOVE ${state})
execute_process(
  COMMAND ${XVFB_RUN} -a -s "-screen 0 1280x800x24" env LIBGL_ALWAYS_SOFTWARE=1
          ${APP} --frames 10 --size 1280x800 --drop ${DROP} --state-out ${state}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 100)
message(STATUS "${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "native app exited with ${rc}")
endif()
file(READ ${state} json)
string(JSON n LENGTH "${json}" data)
string(JSON notice GET "${json}" notice)
message(STATUS "after the drop: ${n} points; notice: ${notice}")
# The dropped file (tests/fuzz/seeds/fuzz_read_npy/v1_f8_c.npy, written by numpy) holds
# (0.5, -1.25) +1, (2, 3) -1, (-0.75, 0) +1.
if(NOT n EQUAL 3)
  message(FATAL_ERROR "expected the 3 points of the dropped file, got ${n}")
endif()
string(JSON x GET "${json}" data 1 0)
string(JSON y GET "${json}" data 1 1)
string(JSON label GET "${json}" data 1 2)
if(NOT x EQUAL 2 OR NOT y EQUAL 3 OR NOT label EQUAL -1)
  message(FATAL_ERROR "second point is (${x}, ${y}) ${label}, expected (2, 3) -1")
endif()
if(NOT notice MATCHES "v1_f8_c.npy")
  message(FATAL_ERROR "the notice should name the dropped file: ${notice}")
endif()
