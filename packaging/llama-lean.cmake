# Included at the end of llama.cpp's own project() call when llama-cpp-python compiles it
# (CMake's CMAKE_PROJECT_<name>_INCLUDE hook; the Makefile passes it in CMAKE_ARGS).
#
# llama-cpp-python forces llama.cpp's "common" utility library on (LLAMA_BUILD_COMMON ... FORCE),
# but its Python bindings load only libllama and libggml*: libllama-common is compiled, installed
# outside the package, and never loaded. Turning it off here, after that FORCE and before llama.cpp
# reads the option, skips its compilation on every fresh install.
set(LLAMA_BUILD_COMMON OFF CACHE BOOL "llama.cpp common utils (unused by the Python bindings)" FORCE)
