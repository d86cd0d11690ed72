# Runs the native app under Xvfb for a fixed number of frames and checks the screenshot.
file(MAKE_DIRECTORY ${OUT})
set(png ${OUT}/native-ui.png)
file(REMOVE ${png})
execute_process(
  COMMAND ${XVFB_RUN} -a -s "-screen 0 1280x800x24" env LIBGL_ALWAYS_SOFTWARE=1
          ${APP} --frames 30 --size 1280x800 --screenshot ${png}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 100)
message(STATUS "${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "native app exited with ${rc}")
endif()
if(NOT EXISTS ${png})
  message(FATAL_ERROR "no screenshot written")
endif()
file(SIZE ${png} size)
# An uncompressed 1280x800 RGBA PNG is about 4 MB; a smaller file means a wrong size.
if(size LESS 4000000)
  message(FATAL_ERROR "screenshot too small: ${size} bytes")
endif()
# The frame must not be one flat colour: sample bytes across the image data.
file(READ ${png} head LIMIT 4000000 OFFSET 100000 HEX)
string(REGEX MATCHALL "0072b2|e69f00" colours "${head}")
list(LENGTH colours ncol)
message(STATUS "screenshot ${png}: ${size} bytes, class-coloured pixel runs seen: ${ncol}")
if(ncol LESS 10)
  message(FATAL_ERROR "the screenshot shows no data points (expected the class colours)")
endif()
