# The layers of src/core are its folders, lowest first:
#
#   base   <- data   <- learn  <- theory <- lab
#
#   base    status and messages, numbers as text, JSON, value parsers, settings as a table,
#           names, rng, the vector kernels, memory: no idea of a data set
#   data    data sets, the readers and writers (data/read), generators, presets, lifting
#   learn   the learners and everything that trains or scores one
#   theory  what the theory says about a data set or a learner (margin, VC bound)
#   lab     the session (lab/session), its settings and links; the lessons (lab/lesson)
#
# A file's layer is the first folder of its path under DIR; a layer may have sub-folders by
# concept. A core file may include ("core/...") files of its own layer (any of its
# sub-folders) and of the layers below, never above. This check fails on a file that is not
# inside a layer folder, on an include of a file that does not exist, and on an include of a
# higher layer. There is no list of files: a new file goes into the folder of the lowest
# layer that holds everything it includes. -DDIR=src/core.
set(PLA_CORE_LAYERS base data learn theory lab)
set(index 0)
foreach(layer IN LISTS PLA_CORE_LAYERS)
  set(rank_${layer} ${index})
  math(EXPR index "${index} + 1")
endforeach()

# The layer of a path relative to DIR ("" when it is not inside a layer folder).
function(pla_layer_of rel out)
  string(REGEX MATCH "^[^/]+/" top "${rel}")
  string(REGEX REPLACE "/$" "" top "${top}")
  if(top STREQUAL "" OR NOT DEFINED rank_${top})
    set(${out} "" PARENT_SCOPE)
  else()
    set(${out} "${top}" PARENT_SCOPE)
  endif()
endfunction()

file(GLOB_RECURSE files RELATIVE "${DIR}" "${DIR}/*.hpp" "${DIR}/*.cpp" "${DIR}/*.h" "${DIR}/*.def")
list(SORT files)
list(LENGTH files n)
if(n EQUAL 0)
  message(FATAL_ERROR "no sources found in ${DIR}")
endif()
set(bad "")
set(includes 0)
foreach(rel IN LISTS files)
  pla_layer_of("${rel}" layer)
  if(layer STREQUAL "")
    string(REPLACE ";" ", " names "${PLA_CORE_LAYERS}")
    string(APPEND bad "\n  ${rel}: not inside a layer folder (${names})")
    continue()
  endif()
  file(STRINGS "${DIR}/${rel}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"core/[^\"]+\"")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"core/([^\"]+)\".*$" "\\1" target "${line}")
    math(EXPR includes "${includes} + 1")
    pla_layer_of("${target}" target_layer)
    if(NOT EXISTS "${DIR}/${target}")
      string(APPEND bad "\n  ${rel} includes core/${target}, which does not exist")
    elseif(target_layer STREQUAL "")
      string(APPEND bad "\n  ${rel} includes core/${target}, which is not inside a layer folder")
    elseif(rank_${target_layer} GREATER rank_${layer})
      string(APPEND bad "\n  ${rel} (${layer}) includes core/${target} (${target_layer})")
    endif()
  endforeach()
endforeach()
if(bad)
  string(REPLACE ";" " < " order "${PLA_CORE_LAYERS}")
  message(FATAL_ERROR "src/core layers (${order}) broken:${bad}")
endif()
message(STATUS "${n} core files, ${includes} core includes checked: every include is of the same layer or below")
