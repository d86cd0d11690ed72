# The layer table of the fixture that shows tests/check_core_layers.cmake refusing.
set(PLA_CORE_LAYERS base lab)
set(PLA_CORE_LAYER_base low)
set(PLA_CORE_LAYER_lab high)
