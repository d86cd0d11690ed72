# The layers of src/core, lowest first. A core file may include ("core/...") files of its
# own layer and of the layers below it, never above:
#
#   base   <- data   <- learn  <- theory <- lab
#
#   base    status and messages, numbers as text, JSON, value parsers, names, rng, the
#           vector kernels, memory: no idea of a data set
#   data    data sets, the readers and writers, generators, presets, lifting
#   learn   the learners and everything that trains or scores one
#   theory  what the theory says about a data set or a learner (margin, VC bound)
#   lab     the session, its settings and links, the lessons
#
# Every file of src/core (.hpp, .cpp, .def) is listed here by its name without the
# extension; tests/check_core_layers.cmake (CTest core.layers) fails on a file that is
# missing or includes a file of a higher layer. A new file goes into the lowest layer
# that holds everything it includes.
set(PLA_CORE_LAYERS base data learn theory lab)
set(PLA_CORE_LAYER_base
    json memory messages messages_data messages_general messages_iteration messages_lesson
    messages_link messages_session names numtext rng simd status values)
set(PLA_CORE_LAYER_data
    data_stream dataset generators io lift npy presets text_parse)
set(PLA_CORE_LAYER_learn
    fast_pla kernels learners metrics model perceptron stop stream_train trace train_run)
set(PLA_CORE_LAYER_theory
    margin vc)
set(PLA_CORE_LAYER_lab
    conceal lesson session settings urlstate)
